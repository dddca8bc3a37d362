/**
 * Plain ASCII text (`--ascii`, src/core/text-ascii.ts): names spelt as they are written in Latin letters, never
 * '?' while a spelling exists; the drawing characters by their ASCII look; tables whose columns line up.
 * The names are those of the reference matches (test/reference-matches/README.md: gnubg-generated
 * players `Zoë Ångström`, `Jürgen Ölmann`, `Sofía`, `Δημήτρης`, `李雷`; XG's `Kévin Unger`) and common
 * spellings of the letters without a decomposition (Danish/Norwegian ø, æ; German ß; Polish ł).
 */
import { describe, expect, it } from 'vitest';
import { asciiText } from '../../../src/core/text-ascii.js';
import { fitTable } from '../../../src/report/cli-table.js';

describe('asciiText', () => {
  it('drops accents and spells the letters that have none as their language does', () => {
    expect(asciiText('Kévin Unger')).toBe('Kevin Unger');
    expect(asciiText('Zoë Ångström')).toBe('Zoe Angstrom');
    expect(asciiText('Jürgen Ölmann, Sofía')).toBe('Jurgen Olmann, Sofia');
    expect(asciiText('Søren Kærgaard')).toBe('Soren Kaergaard');
    expect(asciiText('Straße, Łukasz, Œuvre, Đorđe')).toBe('Strasse, Lukasz, OEuvre, Dorde');
  });

  it('transliterates Greek and Cyrillic; a CJK name has no spelling: one ? a character', () => {
    expect(asciiText('Δημήτρης')).toBe('Dimitris');
    expect(asciiText('Жуков, Юлия Щербакова')).toBe('Zhukov, Yuliya Shcherbakova');
    expect(asciiText('李雷')).toBe('??');
  });

  it('draws tables, charts and separators with ASCII characters', () => {
    expect(asciiText('┌─┬─┐│├┼┤└┴┘')).toBe('+-+-+|++++++');
    expect(asciiText('▁▂▃▄▅▆▇█')).toBe('.:-=+*%#');
    expect(asciiText('a · b — c – d … e ≥ f × g −0.5')).toBe('a - b - c - d ... e >= f x g -0.5');
    expect(asciiText('line\n\tnext')).toBe('line\n\tnext');
  });
});

describe('fitTable with ascii', () => {
  it('is ASCII and its columns line up when a name grows (ß is ss)', () => {
    const t = fitTable(
      {
        head: ['Player', 'PR'],
        rows: [
          ['Jürgen Straße', '5.1'],
          ['Δημήτρης', '7.2 … 9.0'],
        ],
      },
      80,
      { ascii: true },
    );
    const lines = t.split('\n');
    for (const l of lines) expect(l).toMatch(/^[\x20-\x7e]*$/);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    expect(t).toContain('| Jurgen Strasse | 5.1         |');
    expect(t).toContain('| Dimitris       | 7.2 ... 9.0 |');
  });
});
