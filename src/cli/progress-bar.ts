/** A progress bar on stderr, drawn only on a terminal (`bdb import`, `bdb analyse`). */

/** A bar of `total` steps: `tick(done, note)` redraws it (when it moved, or its note changed). */
export function progressBar(
  total: number,
  enabled: boolean,
  label: string,
): { tick(done: number, note?: string): void; clear(): void } {
  const tty = enabled && process.stderr.isTTY === true;
  let last = '';
  return {
    tick(done, note = '') {
      if (!tty) return;
      const width = 30;
      const filled = total > 0 ? Math.round((width * done) / total) : width;
      const line = `bdb: ${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}${note}`;
      if (line === last) return;
      last = line;
      process.stderr.write(`\r\x1b[2K${line}`);
    },
    clear() {
      if (tty) process.stderr.write('\r\x1b[2K');
    },
  };
}
