/** Paths (`$.a.b`) of every number in `v` that is NaN or infinite: figures must be finite or null. */
export function nonFinite(v: unknown, path = '$', out: string[] = []): string[] {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) out.push(`${path}=${v}`);
  } else if (Array.isArray(v)) {
    v.forEach((x, i) => {
      nonFinite(x, `${path}[${i}]`, out);
    });
  } else if (v !== null && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) nonFinite(x, `${path}.${k}`, out);
  }
  return out;
}
