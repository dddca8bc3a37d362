/**
 * Option parsers shared by the commands (`--alias`, `--thresholds`): usage errors for bad values.
 */
import { type Command, Option } from 'commander';
import { UsageError } from '../errors.js';
import { DIFFICULTY_TAU, type ErrorThresholds, THRESHOLD_PRESETS } from '../metrics/difficulty.js';

/** Parses `--alias NAME=OTHER` values into a map alias → canonical name. */
export function parseAliases(values: readonly string[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const v of values) {
    const k = v.indexOf('=');
    if (k <= 0 || k === v.length - 1)
      throw new UsageError(`--alias expects NAME=OTHER, got ${JSON.stringify(v)}`);
    // NAME is the canonical spelling; OTHER is merged into it
    m.set(v.slice(k + 1), v.slice(0, k));
  }
  return m;
}

/** Parses `--thresholds PRESET` (default xg); an unknown preset is a usage error. */
export function thresholdsOption(value: string | undefined): {
  preset: keyof typeof THRESHOLD_PRESETS;
  thresholds: ErrorThresholds;
} {
  const preset = value ?? 'xg';
  if (!Object.hasOwn(THRESHOLD_PRESETS, preset)) {
    throw new UsageError(
      `--thresholds expects one of ${Object.keys(THRESHOLD_PRESETS).join(', ')}, got ${JSON.stringify(value)}`,
    );
  }
  const p = preset as keyof typeof THRESHOLD_PRESETS;
  return { preset: p, thresholds: THRESHOLD_PRESETS[p] };
}

/** Collects a repeatable option's values. */
export function collect(value: string, prev: string[] = []): string[] {
  return [...prev, value];
}

/**
 * The options of the commands that report per person (`stats`, `biases`, `plan`): `--json`,
 * `--player` and `--alias` (repeatable), `--thresholds` (what the thresholds decide is `thresholdsUse`).
 */
export function personOptions(cmd: Command, thresholdsUse: string, jsonHelp: string): Command {
  return cmd
    .option('--json', jsonHelp)
    .addOption(new Option('--player <name>', 'only this player (repeatable)').argParser(collect))
    .addOption(
      new Option('--alias <NAME=OTHER>', 'count OTHER as the same person as NAME (repeatable)').argParser(
        collect,
      ),
    )
    .option(
      '--thresholds <preset>',
      `error/blunder thresholds${thresholdsUse}: xg (20/80 mpt, default), gnubg (40/80), blunderdb (50/100)`,
    );
}

/** The values commander gives for {@link personOptions}. */
export interface PersonOptions {
  json?: boolean;
  thresholds?: string;
  player?: string[];
  alias?: string[];
}

/** What the person options decide, parsed once for `stats`, `biases` and `plan`. */
export interface PersonSettings {
  /** alias → canonical name (`--alias`). */
  readonly aliases: Map<string, string>;
  /** The `--player` names with aliases resolved; undefined when every player is wanted. */
  readonly wanted: string[] | undefined;
  readonly preset: keyof typeof THRESHOLD_PRESETS;
  readonly thresholds: ErrorThresholds;
  /** The settings as the JSON output records them. */
  readonly settings: {
    readonly thresholds: {
      readonly preset: keyof typeof THRESHOLD_PRESETS;
      readonly errorMpt: number;
      readonly blunderMpt: number;
    };
    readonly difficultyTau: number;
  };
}

/** Parses the person options (`--alias`, then `--player`, then `--thresholds`); bad values are usage errors. */
export function personSettings(opts: PersonOptions): PersonSettings {
  const aliases = parseAliases(opts.alias ?? []);
  const wanted = opts.player?.map((p) => aliases.get(p) ?? p);
  const { preset, thresholds } = thresholdsOption(opts.thresholds);
  const settings = {
    thresholds: { preset, errorMpt: thresholds.errorMpt, blunderMpt: thresholds.blunderMpt },
    difficultyTau: DIFFICULTY_TAU,
  };
  return { aliases, wanted, preset, thresholds, settings };
}
