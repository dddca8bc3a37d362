/**
 * Option parsers shared by the commands (`--alias`, `--thresholds`): usage errors for bad values.
 */
import { UsageError } from '../errors.js';
import { type ErrorThresholds, THRESHOLD_PRESETS } from '../metrics/difficulty.js';

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
