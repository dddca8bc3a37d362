/** Hand-made gnuBG match equity table files for the tests of `--met FILE`. */

/** A gnuBG MET file of `pre` (rows of <me>) and one post-Crawford row, as gnuBG writes them. */
export function metXml(
  name: string,
  pre: readonly (readonly number[])[],
  post: readonly number[],
  type = 'explicit',
): string {
  const row = (r: readonly number[]): string => `    <row>${r.map((v) => `<me>${v}</me>`).join('')}</row>`;
  return [
    '<?xml version = "1.0"?>',
    "<!-- hand-made for bdb's tests -->",
    '<met>',
    `  <info><name>${name}</name><description>test</description><length>${pre.length}</length></info>`,
    `  <pre-crawford-table type="${type}">`,
    ...pre.map(row),
    '  </pre-crawford-table>',
    '  <post-crawford-table player="both" type="explicit">',
    row(post),
    '  </post-crawford-table>',
    '</met>',
  ].join('\n');
}

/** A 3-point table: 1-away/2-away 0.7, 1-away/3-away 0.8, 2-away/3-away 0.6. */
export const PRE3 = [
  [0.5, 0.7, 0.8],
  [0.3, 0.5, 0.6],
  [0.2, 0.4, 0.5],
];
export const POST3 = [0.5, 0.49, 0.32];
