/** The SGF lexer (src/parsers/sgf/lexer.ts): values, escapes, variations, positions and error locations. */
import { describe, expect, test } from 'vitest';
import { CorruptFileError, formatLocation } from '../../../src/errors.js';
import { lexSgf, lexSgfBytes, rawText, type SgfNode } from '../../../src/parsers/sgf/lexer.js';

const FILE = 'x.sgf';

/** The main-line nodes of the only tree of `text`. */
function nodesOf(text: string): SgfNode[] {
  const trees = lexSgf(text, FILE);
  expect(trees).toHaveLength(1);
  return trees[0]!.nodes;
}

/** Props of the main-line nodes as plain objects, for toEqual. */
function propsOf(text: string): Record<string, string[]>[] {
  return nodesOf(text).map((n) => Object.fromEntries(n.props));
}

/** The CorruptFileError thrown by lexing `text`. */
function errorOf(text: string): CorruptFileError {
  try {
    lexSgf(text, FILE);
  } catch (e) {
    expect(e).toBeInstanceOf(CorruptFileError);
    return e as CorruptFileError;
  }
  throw new Error(`no error for ${JSON.stringify(text)}`);
}

describe('property values', () => {
  test('escaped "]" and "\\" are kept, the backslash dropped', () => {
    expect(propsOf('(;C[a\\]b\\\\c]D[\\x])')).toEqual([{ C: ['a]b\\c'], D: ['x'] }]);
  });

  test('a value ending in an escaped backslash ends at the next "]"', () => {
    expect(propsOf('(;C[a\\\\]D[b])')).toEqual([{ C: ['a\\'], D: ['b'] }]);
  });

  test('soft line breaks (backslash + LF, CR LF or CR) are removed; hard ones kept', () => {
    expect(propsOf('(;C[ab\\\ncd]D[ab\\\r\ncd]E[ab\\\rcd]F[ab\ncd])')).toEqual([
      { C: ['abcd'], D: ['abcd'], E: ['abcd'], F: ['ab\ncd'] },
    ]);
  });

  test('empty values, ";" "(" ")" inside values', () => {
    expect(propsOf('(;C[]D[(;x)]E[ ])')).toEqual([{ C: [''], D: ['(;x)'], E: [' '] }]);
  });

  test('several values per property, with white space between them', () => {
    expect(propsOf('(;A[0][ab E] \n\t[cd E]MI[length:5][game:0])')).toEqual([
      { A: ['0', 'ab E', 'cd E'], MI: ['length:5', 'game:0'] },
    ]);
  });

  test('a property repeated in a node keeps all its values, in order', () => {
    expect(propsOf('(;C[a]D[x]C[b][c])')).toEqual([{ C: ['a', 'b', 'c'], D: ['x'] }]);
  });

  test('lower-case letters inside identifiers (FF[3]) are dropped', () => {
    expect(propsOf('(;GaMe[6]CoPyright[x]; White[31hefe])')).toEqual([
      { GM: ['6'], CP: ['x'] },
      { W: ['31hefe'] },
    ]);
  });

  test('non-ASCII text is kept as is', () => {
    expect(propsOf('(;PW[Zoë Ångström]PB[日本])')).toEqual([{ PW: ['Zoë Ångström'], PB: ['日本'] }]);
  });
});

describe('structure', () => {
  test('white space anywhere between tokens', () => {
    expect(propsOf(' \r\n\t( \n ; GM \n [6] \t ;\nW[31hefe] \n) \n')).toEqual([
      { GM: ['6'] },
      { W: ['31hefe'] },
    ]);
  });

  test('several game trees, one per game, each with its first line', () => {
    const trees = lexSgf('(;GM[6]\n;W[31hefe])\n(;GM[6]\n;B[41ablp])\n', FILE);
    expect(trees.map((t) => t.line)).toEqual([1, 3]);
    expect(trees.map((t) => t.nodes.length)).toEqual([2, 2]);
    expect(trees[1]!.nodes[1]!.props.get('B')).toEqual(['41ablp']);
  });

  test('variations: only the main line (first variation at every branch) is kept', () => {
    const text = '(;GM[6];W[a](;B[b1](;W[c1];B[d1])(;W[c2]))(;B[b2];W[x](;B[y])))';
    expect(nodesOf(text).map((n) => [...n.props.values()][0]![0])).toEqual(['6', 'a', 'b1', 'c1', 'd1']);
  });

  test('a tree that is only a variation list', () => {
    expect(nodesOf('((;GM[6];W[a])(;GM[6];W[b]))').map((n) => [...n.props.values()][0]![0])).toEqual([
      '6',
      'a',
    ]);
  });

  test('node positions are 1-based lines and columns, CRLF counted as one line break', () => {
    const text = '(;GM[6]\r\n;W[31hefe]\r\n  ;B[41ablp]C[two\r\nlines]\r\n;W[double])';
    const nodes = nodesOf(text);
    expect(nodes.map((n) => [n.line, n.column])).toEqual([
      [1, 2],
      [2, 1],
      [3, 3],
      [5, 1],
    ]);
    // the CR of a CRLF inside a value is kept (only a soft break is removed)
    expect(nodes[2]!.props.get('C')).toEqual(['two\r\nlines']);
  });

  test('NULs and a DOS end-of-file mark after the last tree are ignored', () => {
    expect(lexSgf('(;GM[6])\n\0\0\x1a', FILE)).toHaveLength(1);
  });

  test('a deep nest of variations within the limit is read without recursion problems', () => {
    const depth = 9_000;
    const nodes = nodesOf(`(;GM[6]${'(;W[a]'.repeat(depth)}${')'.repeat(depth)})`);
    expect(nodes).toHaveLength(depth + 1);
  });
});

describe('errors name the file, the line and the column', () => {
  const cases: [string, string, number, number, RegExp][] = [
    // the value is reported where it opens: the file ends inside it
    ['unterminated value', '(;GM[6]\n;W[31hefe]C[no end\nat all', 2, 12, /unterminated value of property C/],
    ['unterminated value ending in a backslash', '(;GM[6]C[abc\\', 1, 9, /unterminated value of property C/],
    ['missing ")" (at the end of the file)', '(;GM[6]\n;W[31hefe]\n', 3, 1, /missing "\)"/],
    ['missing ")" after a value', '(;GM[6]\n;W[31hefe]', 2, 11, /missing "\)"/],
    ['text before "("', 'hello (;GM[6])', 1, 1, /expected "\("/],
    ['text before "(" after blank lines', '\r\n\n  x(;GM[6])', 3, 3, /expected "\("/],
    ['no game tree at all', '  \n ', 2, 2, /no game tree/],
    // the property is reported where its name starts, not where the next token is
    ['property without value', '(;GM[6]\n;W[31hefe]PL\n;B[41ablp])', 2, 11, /property PL has no value/],
    ['property without value at the end', '(;GM[6]\n;W[31hefe]\n  LU', 3, 3, /property LU has no value/],
    ['an unexpected character', '(;GM[6]\n;W[31hefe]\n#)', 3, 1, /unexpected character "#"/],
    ['a node after a variation', '(;GM[6](;W[a])\n;B[b])', 2, 1, /node after a variation/],
    [
      'text after a game tree',
      '(;GM[6]\n;W[31hefe])\n;B[41ablp])',
      3,
      1,
      /unexpected ";" after the end of a game tree/,
    ],
  ];

  test.each(cases)('%s', (_label, text, line, column, detail) => {
    const e = errorOf(text);
    expect(e.location).toEqual({ file: FILE, line, column });
    expect(e.detail).toMatch(detail);
    expect(e.message).toBe(`${FILE}:${line}:${column}: ${e.detail}`);
    expect(e.message).toBe(`${formatLocation(e.location)}: ${e.detail}`);
    expect(e.code).toBe('CORRUPT_FILE');
  });

  test('nesting beyond 10 000 levels is an error, not a stack overflow', () => {
    const e = errorOf(`(;GM[6]${'(;'.repeat(20_000)}`);
    expect(e.detail).toMatch(/nested too deeply/);
    expect(e.location.line).toBe(1);
  });
});

describe('empty nodes', () => {
  // a file of millions of ';' took a map per node (10 MB: 2.7 GB of memory); an empty node says nothing
  test('are left out of the main line, except a tree whose root is empty', () => {
    const [tree] = lexSgf('(;FF[4]GM[6];;\n;;W[31hefe];;;B[42abcd];)', FILE);
    expect(tree!.nodes.map((n) => [...n.props.keys()].join())).toEqual(['FF,GM', 'W', 'B']);
    expect(tree!.nodes[1]!.line).toBe(2);
    const [empty] = lexSgf('(;;W[31hefe])', FILE);
    expect(empty!.nodes.map((n) => n.props.size)).toEqual([0, 1]);
  });

  test('a million of them make a tree of one node', () => {
    const [tree] = lexSgf(`(;FF[4]GM[6]${';'.repeat(1_000_000)})`, FILE);
    expect(tree!.nodes).toHaveLength(1);
  });
});

describe('a raw property (its values left as bytes)', () => {
  const rawTexts = (n: SgfNode): string[] | null => {
    const raw = n.raw;
    return raw === null ? null : Array.from({ length: raw.spans.length / 2 }, (_, k) => rawText(raw, k));
  };

  test('values without escape are byte spans, not in props; lines go on counting inside them', () => {
    const [tree] = lexSgf('(;GM[6];A[0][ab E\n1] \n[cd]B[x]\n;C[z]A[1])', FILE, 'A');
    const [, n1, n2] = tree!.nodes;
    expect(rawTexts(n1!)).toEqual(['0', 'ab E\n1', 'cd']);
    expect(Object.fromEntries(n1!.props)).toEqual({ B: ['x'] });
    expect(n2!.line).toBe(4);
    expect(rawTexts(n2!)).toEqual(['1']);
    expect(Object.fromEntries(n2!.props)).toEqual({ C: ['z'] });
  });

  test('a value with an escape turns the property of its node into text, the values before it included', () => {
    const [tree] = lexSgf('(;GM[6];A[0][a\\]b][c]A[d];A[e])', FILE, 'A');
    const [, n1, n2] = tree!.nodes;
    expect(n1!.raw).toBeNull();
    expect(Object.fromEntries(n1!.props)).toEqual({ A: ['0', 'a]b', 'c', 'd'] });
    expect(rawTexts(n2!)).toEqual(['e']);
  });

  test('a node with only the raw property is kept; without the option the property is text', () => {
    expect(lexSgf('(;GM[6];A[1];W[31hefe])', FILE, 'A')[0]!.nodes).toHaveLength(3);
    expect(propsOf('(;A[1][ab])')).toEqual([{ A: ['1', 'ab'] }]);
  });

  test('ISO-8859-1 raw values decode as the other values', () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('(;A[Zo'),
      0xe9,
      ...new TextEncoder().encode('])'),
    ]);
    const [tree] = lexSgfBytes(bytes, FILE, 'latin1', 'A');
    expect(rawTexts(tree!.nodes[0]!)).toEqual(['Zoé']);
  });
});

describe('bytes (lexSgfBytes: the values decoded one by one)', () => {
  const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

  test('ISO-8859-1: each byte one character (0xE9 é, 0xC5 Å, 0x80 the C1 control U+0080)', () => {
    const bytes = new Uint8Array([...utf8('(;PW[Zo'), 0xe9, ...utf8(']PB['), 0xc5, 0x80, ...utf8('])')]);
    const [tree] = lexSgfBytes(bytes, FILE, 'latin1');
    expect(Object.fromEntries(tree!.nodes[0]!.props)).toEqual({ PW: ['Zoé'], PB: ['Å\u0080'] });
  });

  test('UTF-8 escapes around characters of two, three and four bytes', () => {
    const [tree] = lexSgfBytes(utf8('(;C[é\\]€\\\\😀\\\n日]D[\\é])'), FILE, 'utf8');
    expect(Object.fromEntries(tree!.nodes[0]!.props)).toEqual({ C: ['é]€\\😀日'], D: ['é'] });
  });

  test('malformed UTF-8 in a value: U+FFFD per maximal subpart, as a decoder of the whole text gives', () => {
    const bytes = new Uint8Array([...utf8('(;C[a'), 0xe2, 0x82, ...utf8(']D['), 0xff, 0x41, ...utf8('])')]);
    const [tree] = lexSgfBytes(bytes, FILE, 'utf8');
    expect(Object.fromEntries(tree!.nodes[0]!.props)).toEqual({ C: ['a\uFFFD'], D: ['\uFFFDA'] });
  });

  test('columns count characters (UTF-16 code units, as an editor), not bytes', () => {
    // "(;PW[Zoë 😀]" is 12 code units before the second node: ë one, 😀 two
    const [tree] = lexSgfBytes(utf8('(;PW[Zoë 😀];W[31hefe])'), FILE, 'utf8');
    expect(tree!.nodes[1]!.column).toBe(13);
    // eight characters (12 bytes) before "!": column 9
    try {
      lexSgfBytes(utf8('(;PW[日本]!)'), FILE, 'utf8');
      expect.fail('no error');
    } catch (e) {
      expect((e as CorruptFileError).location).toEqual({ file: FILE, line: 1, column: 9 });
      expect((e as CorruptFileError).detail).toBe('unexpected character "!"');
    }
  });

  test('a character SGF gives no meaning where a token is due is named whole in the message', () => {
    try {
      lexSgfBytes(utf8('(;GM[6]é)'), FILE, 'utf8');
      expect.fail('no error');
    } catch (e) {
      expect((e as CorruptFileError).detail).toBe('unexpected character "é"');
      expect((e as CorruptFileError).location.column).toBe(8);
    }
  });
});
