/**
 * The control characters bdb shows as escapes (src/core/text-controls.ts): Unicode's general category Cc
 * (C0, DEL, C1) and the line and paragraph separators U+2028, U+2029, and no other character; the line break
 * kept by escapeControlsKeepingLines. Checked on every UTF-16 code unit against Unicode's own property, as
 * the JavaScript engine knows it (`\p{Cc}`), and on characters outside the BMP.
 */
import { describe, expect, it } from 'vitest';
import { escapeControls, escapeControlsKeepingLines } from '../../../src/core/text-controls.js';

const isControl = (s: string): boolean => /^[\p{Cc}\u2028\u2029]$/u.test(s);

describe('escapeControls', () => {
  it('escapes exactly the Cc characters and U+2028, U+2029, each code unit checked', () => {
    const wrong: number[] = [];
    for (let c = 0; c < 0x10000; c++) {
      const s = String.fromCharCode(c);
      const escaped = escapeControls(s) !== s;
      const escapedKeepingLines = escapeControlsKeepingLines(s) !== s;
      if (escaped !== isControl(s) || escapedKeepingLines !== (isControl(s) && c !== 0x0a)) wrong.push(c);
    }
    expect(wrong).toEqual([]);
  });

  it('leaves characters outside the BMP and lone surrogates as they are', () => {
    for (const s of ['🎲', '\u{10FFFF}', '\uD800', '\uDFFF', 'Zoë Ångström']) {
      expect(escapeControls(s)).toBe(s);
      expect(escapeControlsKeepingLines(s)).toBe(s);
    }
  });

  it('writes the escapes JSON reads back', () => {
    expect(escapeControls('x\u001b[2J\nnew\r\t\u0085\u2028')).toBe('x\\u001b[2J\\nnew\\r\\t\\u0085\\u2028');
    expect(escapeControlsKeepingLines('a\nb\u009b2J')).toBe('a\nb\\u009b2J');
  });
});
