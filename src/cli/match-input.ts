/**
 * Reading the matches named on the command line for the commands that aggregate per person (`biases`,
 * `plan`), as `stats` reads them: folders walked, gnuBG text exports grouped, one line on stderr per file
 * that cannot be read, exit 1 when some input failed or nothing was found.
 */
import { readFileSync } from 'node:fs';
import { defaultMet, matchFingerprint, parseMatchFiles } from '../analyse.js';
import { BdbError } from '../errors.js';
import type { Met } from '../met/index.js';
import type { Match } from '../model/types.js';
import { inputFiles, matchUnits } from './files.js';

/** What reading the inputs gave. */
export interface MatchInputResult {
  /** Matches read. */
  readonly read: number;
  readonly errors: { file: string; message: string }[];
  /** 0 all inputs read, 1 some failed or none found. */
  readonly exitCode: number;
}

/** Reads every match under `paths`, calling `onMatch` for each; errors go to stderr, one line each. */
export function readMatches(
  paths: readonly string[],
  onMatch: (match: Match) => void,
  met: Met = defaultMet(),
): MatchInputResult {
  const errors: { file: string; message: string }[] = [];
  let n = 0;
  let failed = 0;
  let missing = 0;
  let skipped = 0;
  const fail = (file: string, message: string): void => {
    failed++;
    errors.push({ file, message });
    process.stderr.write(`bdb: ${message}\n`);
  };
  const files = inputFiles(paths, {
    onMissing(p, why) {
      missing++;
      fail(p, `${p}: ${why}`);
    },
    onSkipped() {
      skipped++;
    },
  });
  const seen = new Map<string, string>();
  let duplicates = 0;
  for (const unit of matchUnits([...files])) {
    n++;
    const name = unit[0]!;
    let inputs: { file: string; bytes: Uint8Array }[];
    try {
      inputs = unit.map((file) => {
        const b = readFileSync(file);
        return { file, bytes: new Uint8Array(b.buffer, b.byteOffset, b.length) };
      });
    } catch (e) {
      fail(name, `${name}: cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      continue;
    }
    try {
      const match = parseMatchFiles(inputs, met).match;
      const key = matchFingerprint(match);
      const first = key === null ? undefined : seen.get(key);
      if (first !== undefined) {
        duplicates++;
        process.stderr.write(`bdb: ${name}: the same match as ${first}, counted once\n`);
        continue;
      }
      if (key !== null) seen.set(key, name);
      onMatch(match);
    } catch (e) {
      fail(
        name,
        e instanceof BdbError
          ? e.message
          : `${name}: internal error (please report): ${(e as Error).message}`,
      );
    }
  }
  if (skipped > 0) {
    process.stderr.write(
      `bdb: ${skipped} other file${skipped === 1 ? '' : 's'} in the folders skipped (not a match format)\n`,
    );
  }
  const read = n + missing - failed - duplicates;
  if (failed > 0) {
    process.stderr.write(`bdb: ${failed} of ${n + missing} input${n + missing === 1 ? '' : 's'} failed\n`);
    return { read, errors, exitCode: 1 };
  }
  if (n === 0) {
    process.stderr.write('bdb: no match files found\n');
    return { read, errors, exitCode: 1 };
  }
  return { read, errors, exitCode: 0 };
}

/** `--player` / `--alias` / `--thresholds` / `--json`, as `stats` takes them. */
export interface PersonOptions {
  json?: boolean;
  thresholds?: string;
  player?: string[];
  alias?: string[];
}
