/**
 * A progress bar on stderr, drawn only on a terminal (`bdb import`, `bdb analyse`), cut to the terminal's
 * width: a longer line would wrap, and the next redraw would only clear its last row.
 */
import { errorTerminal, statusLine } from './output.js';

/** A bar of `total` steps: `tick(done, note)` redraws it (when it moved, or its note changed). */
export function progressBar(
  total: number,
  enabled: boolean,
  label: string,
): { tick(done: number, note?: string): void; clear(): void } {
  const tty = enabled && errorTerminal().terminal;
  let last = '';
  return {
    tick(done, note = '') {
      if (!tty) return;
      const width = 30;
      const filled = total > 0 ? Math.round((width * done) / total) : width;
      const full = `bdb: ${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}${note}`;
      const { columns } = errorTerminal();
      const line = columns > 1 && full.length >= columns ? full.slice(0, columns - 1) : full;
      if (line === last) return;
      last = line;
      statusLine(line);
    },
    clear() {
      if (tty) statusLine();
    },
  };
}
