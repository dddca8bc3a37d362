import { escapeXml } from './charts.js';

/**
 * A standalone HTML page (no script, nothing fetched): `title` escaped into <title>, `style` inline, then
 * `body` as given.
 */
export function htmlPage(title: string, style: string, body: string): string {
  const [head, tail] = htmlPageEnds(title, style);
  return `${head}${body}${tail}`;
}

/**
 * What comes before and after the body of {@link htmlPage}, for a page written piece by piece: its head
 * (through `<body>` and a line break) and its tail (a line break, then `</body></html>`).
 */
export function htmlPageEnds(title: string, style: string): readonly [string, string] {
  return [
    `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeXml(title)}</title>
<style>${style}</style>
</head>
<body>
`,
    `
</body>
</html>
`,
  ];
}

/**
 * The CSS the standalone history pages share (progress, tournament review): a readable column from a
 * 390-pixel phone to a wide screen, charts as scalable SVG. Each page adds its own rules after it.
 */
export const PAGE_STYLE = `
*, *::before, *::after { box-sizing: border-box; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; max-width: 1100px; margin: 24px auto;
  padding: 0 16px; color: #222; line-height: 1.4; }
h1 { font-size: 1.3em; margin-bottom: 0.2em; overflow-wrap: anywhere; }
h2 { font-size: 1.15em; margin-top: 1.8em; border-bottom: 1px solid #ccc; }
p { overflow-wrap: anywhere; }
.sub { margin-top: 0; color: #444; }
.note { color: #555; font-size: 0.9em; }
figure { margin: 12px 0; }
svg.chart { display: block; width: 100%; height: auto; }
`;
