/**
 * `bdb analyse`'s work away from the terminal: which inputs gnuBG should analyse, where each analysed SGF
 * goes, and one analysis run after another in a pool of gnuBG processes.
 *
 * - An input is a transcript (.mat, Galaxy .txt: `import mat`) or an SGF holding no analysis (`load
 *   match`). Any other input (XG files, text exports, analysed SGFs) is left alone.
 * - Each output `NAME.sgf` has beside it `NAME.stats.txt` (the statistics gnuBG printed in the process that
 *   analysed it) and `NAME.analysis.json` (the input's path and SHA-256, the depth, gnuBG's version, when):
 *   an output whose record names the same input bytes and depth is not made again.
 * - Nothing is half-written: gnuBG works in a hidden folder beside the output (`.bdb-analyse-PID-N`), and
 *   the results are renamed into place (the SGF last but one, its record last); a folder left by a killed
 *   run is removed by the next run there.
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statfsSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, extname, join, relative } from 'node:path';
import { makeFolders } from '../core/folders.js';
import { BdbError } from '../errors.js';
import type { Met } from '../met/index.js';
import type { Match } from '../model/types.js';
import { type Detected, parseMatchFiles } from '../parsers/index.js';
import {
  analysisCommands,
  type EngineInput,
  engineComplaint,
  type Plies,
  printedStatistics,
  runGnubg,
} from './gnubg.js';

/** The folder made beside an input for its analysis when no `--out` is given. */
export const DEFAULT_OUT = 'bdb-analysed';

/** True when some decision of the match carries an analysis. */
export function isAnalysed(match: Match): boolean {
  return match.games.some((g) =>
    g.decisions.some((d) => (d.kind === 'checker' ? d.candidates.length > 0 : d.analysis !== null)),
  );
}

/**
 * An input found on the command line: the file, the format its first bytes told when it was found, and the
 * argument (file's folder, or folder) it came from.
 */
export interface FoundInput {
  readonly file: string;
  readonly format: Detected;
  readonly root: string;
}

/** One analysis to run. */
export interface AnalyseTask {
  readonly input: string;
  readonly kind: EngineInput;
  readonly sha256: string;
  /** The analysed SGF's path. */
  readonly output: string;
  /** The match's decisions: how long gnuBG will take, roughly (the longest are started first). */
  readonly decisions: number;
}

/** What the planning found. */
export interface AnalysePlan {
  readonly tasks: AnalyseTask[];
  /** Inputs left alone: already analysed, or a format gnuBG does not read. */
  readonly leftAlone: { readonly input: string; readonly why: string }[];
  /** Inputs bdb cannot read (one-line messages). */
  readonly unreadable: { readonly input: string; readonly message: string }[];
  /** Inputs in other shards. */
  readonly otherShards: number;
}

/** `--shard K/N`: this run takes the inputs whose content hash falls in share K of N. */
export interface Shard {
  readonly k: number;
  readonly n: number;
}

/** The share of an input by its content (the same on every machine, wherever the collection lies). */
export function inShard(sha256: string, shard: Shard): boolean {
  return Number.parseInt(sha256.slice(0, 8), 16) % shard.n === shard.k - 1;
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Decides what to analyse. `read` gives a file's bytes (it may throw a BdbError: the input is unreadable);
 * inputs are taken in path order, and an output name two inputs would share (`a.mat`, `a.txt`) goes to the
 * first; the second keeps its extension (`a.txt.sgf`). The tasks come longest first (most decisions).
 */
export function planAnalysis(
  found: readonly FoundInput[],
  opts: { readonly out: string | null; readonly shard: Shard | null; readonly met: Met },
  read: (file: string) => Uint8Array,
  describe: (file: string, e: unknown) => string,
): AnalysePlan {
  const plan = {
    tasks: [] as AnalyseTask[],
    leftAlone: [] as AnalysePlan['leftAlone'][number][],
    unreadable: [] as AnalysePlan['unreadable'][number][],
    otherShards: 0,
  };
  const taken = new Set<string>();
  const sorted = [...found].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  for (const { file, format: told, root } of sorted) {
    let bytes: Uint8Array;
    let match: Match;
    let format: string;
    try {
      bytes = read(file);
      const parsed = parseMatchFiles([{ file, bytes }], opts.met, told);
      match = parsed.match;
      format = match.format;
    } catch (e) {
      plan.unreadable.push({ input: file, message: describe(file, e) });
      continue;
    }
    if (format !== 'mat' && format !== 'sgf') {
      plan.leftAlone.push({ input: file, why: `a ${format} file (gnuBG reads transcripts and SGF)` });
      continue;
    }
    if (isAnalysed(match)) {
      plan.leftAlone.push({ input: file, why: 'already analysed' });
      continue;
    }
    const hash = sha256(bytes);
    if (opts.shard && !inShard(hash, opts.shard)) {
      plan.otherShards++;
      continue;
    }
    const rel = relative(root, file);
    const stem = basename(rel, extname(rel));
    const folder = opts.out === null ? join(dirname(file), DEFAULT_OUT) : join(opts.out, dirname(rel));
    let output = join(folder, `${stem}.sgf`);
    if (taken.has(output)) output = join(folder, `${basename(rel)}.sgf`);
    taken.add(output);
    const decisions = match.games.reduce((n, g) => n + g.decisions.length, 0);
    plan.tasks.push({ input: file, kind: format, sha256: hash, output, decisions });
  }
  // the longest first (in path order among equals), so that no long match is left alone at the end while
  // the other processes have nothing to do
  plan.tasks.sort((a, b) => b.decisions - a.decisions);
  return plan;
}

/** The record kept beside an output. */
export interface AnalysisRecord {
  readonly input: string;
  readonly sha256: string;
  readonly plies: number;
  readonly engine: string;
  readonly analysedAt: string;
}

/** `NAME.sgf` → `NAME.analysis.json`, `NAME.stats.txt`. */
export function recordPath(output: string): string {
  return output.replace(/\.sgf$/, '.analysis.json');
}
export function statsPath(output: string): string {
  return output.replace(/\.sgf$/, '.stats.txt');
}

/** True when `task`'s output exists and its record names the same input bytes and depth. */
export function alreadyDone(task: AnalyseTask, plies: Plies): boolean {
  if (!existsSync(task.output)) return false;
  try {
    const r = JSON.parse(readFileSync(recordPath(task.output), 'utf8')) as Partial<AnalysisRecord>;
    return r.sha256 === task.sha256 && r.plies === plies;
  } catch {
    return false;
  }
}

/** What became of one task. */
export type TaskOutcome =
  | { readonly status: 'analysed'; readonly task: AnalyseTask; readonly seconds: number }
  | { readonly status: 'done before'; readonly task: AnalyseTask }
  | { readonly status: 'failed'; readonly task: AnalyseTask; readonly message: string };

/** The settings of a run. */
export interface EngineSettings {
  readonly program: string;
  /** gnuBG's version line, recorded with each output. */
  readonly engine: string;
  readonly plies: Plies;
  readonly timeoutMs: number;
  readonly met: Met;
}

/** An error writing the outputs (a read-only or full folder): the whole run stops. */
export class OutputError extends BdbError {
  constructor(message: string) {
    super('OUTPUT', message);
    this.name = 'OutputError';
  }
}

const TEMP_PREFIX = '.bdb-analyse-';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the working folders killed runs left in `folder` (their process is gone). */
function removeStale(folder: string): void {
  for (const name of readdirSync(folder)) {
    const m = new RegExp(`^${TEMP_PREFIX.replace('.', '\\.')}(\\d+)-\\d+$`).exec(name);
    if (m && !alive(Number(m[1]))) rmSync(join(folder, name), { recursive: true, force: true });
  }
}

/** The one line for a failed write of the outputs: `doing` says what could not be done. */
export function outputError(path: string, e: unknown, doing = 'cannot write the analysis'): OutputError {
  const code = (e as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOSPC'
      ? 'no space left on the device'
      : code === 'EROFS'
        ? 'a read-only file system'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : code === 'ENOENT'
            ? 'no such folder, and none can be made there'
            : code === 'ENOTDIR'
              ? 'a file stands where a folder should be'
              : (code ?? (e as Error).message);
  return new OutputError(`${path}: ${doing} (${why})`);
}

/**
 * Free space under which a file system counts as full after gnuBG left no SGF, or one bdb cannot read: more
 * than an analysed SGF takes (20-200 KB; gnuBG writes 4 KiB at a time), so that the room another gnuBG
 * process freed meanwhile (its working folder removed) does not hide a full disk.
 */
const FULL_BELOW = 1024 * 1024;

/** Whether the file system holding `path` has less than {@link FULL_BELOW} free (false when unknown). */
function nearlyFull(path: string): boolean {
  try {
    const fs = statfsSync(path);
    return fs.bavail * fs.bsize < FULL_BELOW;
  } catch {
    return false;
  }
}

/** Runs the tasks in a pool of `jobs` gnuBG processes; `onOutcome` hears each as it finishes. */
export class AnalysePool {
  private readonly settings: EngineSettings;
  private readonly signal: AbortSignal | undefined;
  private readonly cleaned = new Set<string>();
  private serial = 0;

  constructor(settings: EngineSettings, signal?: AbortSignal) {
    this.settings = settings;
    this.signal = signal;
  }

  /** Runs every task; an {@link OutputError} stops the run (the tasks under way are finished first). */
  async run(tasks: readonly AnalyseTask[], jobs: number, onOutcome: (o: TaskOutcome) => void): Promise<void> {
    let next = 0;
    let stop: OutputError | null = null;
    const lane = async (): Promise<void> => {
      while (stop === null && next < tasks.length && !this.signal?.aborted) {
        const task = tasks[next++]!;
        try {
          onOutcome(await this.one(task));
        } catch (e) {
          if (e instanceof OutputError) stop ??= e;
          else throw e;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, jobs) }, lane));
    if (stop) throw stop;
  }

  /** One task: skipped when done before, else analysed in a working folder and renamed into place. */
  async one(task: AnalyseTask): Promise<TaskOutcome> {
    const { plies } = this.settings;
    if (alreadyDone(task, plies)) return { status: 'done before', task };
    const folder = dirname(task.output);
    try {
      makeFolders(folder);
      if (!this.cleaned.has(folder)) {
        removeStale(folder);
        this.cleaned.add(folder);
      }
    } catch (e) {
      throw outputError(folder, e);
    }
    const work = join(folder, `${TEMP_PREFIX}${process.pid}-${this.serial++}`);
    try {
      try {
        makeFolders(join(work, 'prefs'));
        copyFileSync(task.input, join(work, `in.${task.kind}`));
        writeFileSync(
          join(work, 'commands.txt'),
          analysisCommands(task.kind, `in.${task.kind}`, 'out.sgf', plies),
        );
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT' && !existsSync(task.input))
          return { status: 'failed', task, message: `${task.input}: no longer there` };
        throw outputError(folder, e);
      }
      const started = Date.now();
      const run = await runGnubg(
        this.settings.program,
        'commands.txt',
        work,
        join(work, 'prefs'),
        this.settings.timeoutMs,
        this.signal,
      );
      const seconds = (Date.now() - started) / 1000;
      if (this.signal?.aborted) return { status: 'failed', task, message: `${task.input}: stopped` };
      if (run.timedOut)
        return {
          status: 'failed',
          task,
          message: `${task.input}: gnuBG took longer than ${Math.round(this.settings.timeoutMs / 1000)} s and was stopped (--timeout)`,
        };
      const saved = join(work, 'out.sgf');
      // gnuBG saves on a full disk without a word: what it could write (nothing, or a cut SGF) is the disk's
      // doing, which stops the run, not a failure of this match
      const full = (): OutputError =>
        outputError(folder, Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' }));
      if (!existsSync(saved)) {
        if (nearlyFull(work)) throw full();
        const how = run.signal ? ` (gnuBG stopped by ${run.signal})` : '';
        return {
          status: 'failed',
          task,
          message: `${task.input}: gnuBG: ${engineComplaint(run, `in.${task.kind}`)}${how}`,
        };
      }
      // bdb must read what gnuBG wrote, or the run lost the match
      try {
        parseMatchFiles([{ file: task.output, bytes: readFileSync(saved) }], this.settings.met);
      } catch (e) {
        if (nearlyFull(work)) throw full();
        return {
          status: 'failed',
          task,
          message: `${task.input}: gnuBG's analysed SGF cannot be read: ${(e as Error).message}`,
        };
      }
      const record: AnalysisRecord = {
        input: task.input,
        sha256: task.sha256,
        plies,
        engine: this.settings.engine,
        analysedAt: new Date().toISOString(),
      };
      try {
        writeFileSync(join(work, 'stats.txt'), printedStatistics(run.stdout) ?? '');
        writeFileSync(join(work, 'record.json'), `${JSON.stringify(record, null, 2)}\n`);
        renameSync(join(work, 'stats.txt'), statsPath(task.output));
        renameSync(saved, task.output);
        renameSync(join(work, 'record.json'), recordPath(task.output));
      } catch (e) {
        throw outputError(folder, e);
      }
      return { status: 'analysed', task, seconds };
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
}
