/**
 * Text in plain ASCII (`--ascii`): for a terminal, a log or a printer that shows only ASCII. Names are
 * transliterated as a reader of the language writes them in Latin letters, never replaced by '?' while a
 * sensible spelling exists:
 *
 * - accents dropped (Unicode's compatibility decomposition, NFKD, then the marks removed): Kévin → Kevin,
 *   Ångström → Angstrom, ﬁ → fi, fullwidth Ａ → A, … → ...;
 * - letters that do not decompose written as in their language's Latin spelling: ø → o, æ → ae, ß → ss,
 *   ł → l, đ → d, þ → th, œ → oe;
 * - Greek and Cyrillic letters transliterated (Δημήτρης → Dimitris, Жуков → Zhukov);
 * - the drawing characters of tables, charts and boards by their ASCII look: ─ → -, │ → |, corners and
 *   junctions → +, the eight bar heights ▁ … █ by . : - = + * % #; dashes → -, the part separator · → -,
 *   ≥ → >=, × → x, quotes → ' and ";
 * - anything else (a CJK name, an emoji) → '?', one per character.
 *
 * Line breaks and tabs are kept.
 */

/** Letters and signs NFKD leaves as they are, by their ASCII spelling. */
const SPELLING: Readonly<Record<string, string>> = {
  // Latin letters without a decomposition
  ø: 'o',
  Ø: 'O',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ß: 'ss',
  ẞ: 'SS',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
  ŧ: 't',
  Ŧ: 'T',
  ŋ: 'ng',
  Ŋ: 'Ng',
  ĸ: 'k',
  ƒ: 'f',
  // Greek (accents and diaereses are removed before)
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
  // Cyrillic: Russian, Ukrainian, Belarusian, Bulgarian, Serbian, Macedonian
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  ђ: 'dj',
  ѓ: 'gj',
  е: 'e',
  є: 'ye',
  ж: 'zh',
  з: 'z',
  ѕ: 'dz',
  и: 'i',
  і: 'i',
  ј: 'j',
  к: 'k',
  л: 'l',
  љ: 'lj',
  м: 'm',
  н: 'n',
  њ: 'nj',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  ћ: 'c',
  ќ: 'kj',
  у: 'u',
  ў: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  џ: 'dz',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  // drawing: box lines, corners and junctions; the eight bar heights of the charts, lowest first
  '─': '-',
  '━': '-',
  '│': '|',
  '┃': '|',
  '┌': '+',
  '┐': '+',
  '└': '+',
  '┘': '+',
  '├': '+',
  '┤': '+',
  '┬': '+',
  '┴': '+',
  '┼': '+',
  '▁': '.',
  '▂': ':',
  '▃': '-',
  '▄': '=',
  '▅': '+',
  '▆': '*',
  '▇': '%',
  '█': '#',
  '░': '.',
  '▒': ':',
  '▓': '#',
  '■': '#',
  '●': 'o',
  '○': 'o',
  '•': '*',
  // punctuation and signs
  '·': '-',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '–': '-',
  '—': '-',
  '―': '-',
  '−': '-',
  '⁄': '/',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '′': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '″': '"',
  '«': '"',
  '»': '"',
  '≥': '>=',
  '≤': '<=',
  '≠': '!=',
  '≈': '~',
  '×': 'x',
  '÷': '/',
  '±': '+/-',
  '→': '->',
  '←': '<-',
  '↑': '^',
  '↓': 'v',
  '°': ' deg',
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  '✓': 'v',
  '✔': 'v',
  '✗': 'x',
  '✘': 'x',
};

/** The ASCII spelling of one character of NFKD text (not a combining mark). */
function spell(ch: string): string {
  const own = SPELLING[ch];
  if (own !== undefined) return own;
  const lower = ch.toLowerCase();
  if (lower !== ch) {
    const low = SPELLING[lower];
    // a capital: the spelling of its small letter with its first letter capital (Ж → Zh)
    if (low !== undefined) return low.charAt(0).toUpperCase() + low.slice(1);
  }
  return '?';
}

/**
 * The text in plain ASCII (see the module comment).
 *
 * @example asciiText('Kévin Unger · Søren — Δημήτρης') // => 'Kevin Unger - Soren - Dimitris'
 */
export function asciiText(text: string): string {
  // nothing to do for ASCII text (most output once its tables are drawn in ASCII)
  if (/^[\x20-\x7e\n\r\t]*$/.test(text)) return text;
  let out = '';
  for (const ch of text.normalize('NFKD')) {
    const cp = ch.codePointAt(0)!;
    if ((cp >= 0x20 && cp <= 0x7e) || ch === '\n' || ch === '\r' || ch === '\t') out += ch;
    else if (/\p{M}/u.test(ch)) continue;
    else if (/\s/u.test(ch)) out += ' ';
    else out += spell(ch);
  }
  return out;
}
