/** The Chromium the browser tests drive (playwright-core): Debian's, installed by the pretest, or CHROMIUM_PATH. */
import { existsSync } from 'node:fs';

/** Debian's Chromium (or CHROMIUM_PATH). */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'].filter(
    (p): p is string => !!p,
  );
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`no Chromium found (${candidates.join(', ')}): apt-get install chromium`);
  return found;
}
