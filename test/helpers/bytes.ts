/** Bytes joined end to end; strings are taken as UTF-8. */
export function concatBytes(...parts: (Uint8Array | string)[]): Uint8Array {
  const enc = new TextEncoder();
  const bufs = parts.map((p) => (typeof p === 'string' ? enc.encode(p) : p));
  const out = new Uint8Array(bufs.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of bufs) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}
