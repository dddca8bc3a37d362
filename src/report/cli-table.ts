/** Shared cli-table3 settings: no colours (same output on any terminal), a rule under the header only. */
import type Table from 'cli-table3';

/** cli-table3 style without colours. */
export const plain = { head: [] as string[], border: [] as string[] };

/** Renders a table with a rule under the header only (cli-table3 draws one between every row). */
export function compact(t: Table.Table): string {
  let seen = false;
  return t
    .toString()
    .split('\n')
    .filter((line) => {
      if (!line.startsWith('├')) return true;
      if (seen) return false;
      seen = true;
      return true;
    })
    .join('\n');
}
