import { describe, expect, it } from 'vitest';
import { CODE128_PATTERNS, code128Bars, code128Svg, code128Values, code128Widths, encodableCode128 } from './code128';

/** Decodes widths back to text (set B), as a scanner would: the round trip proves the table and the check. */
function decode(widths: number[]): string {
  const symbols: number[] = [];
  for (let i = 0; i + 6 <= widths.length; i += 6) {
    const rest = widths.slice(i).join('');
    if (rest === '2331112') break;
    const v = CODE128_PATTERNS.indexOf(widths.slice(i, i + 6).join(''));
    if (v < 0) throw new Error(`unknown symbol at ${i}`);
    symbols.push(v);
  }
  const [start, ...body] = symbols;
  expect(start).toBe(104);
  const check = body.pop()!;
  expect(check).toBe((104 + body.reduce((s, v, i) => s + v * (i + 1), 0)) % 103);
  return body.map((v) => String.fromCharCode(v + 32)).join('');
}

describe('Code 128 (set B)', () => {
  it('has 107 distinct symbols of 11 modules (stop 13), each 3 bars and 3 spaces', () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    CODE128_PATTERNS.forEach((p, i) => expect([...p].reduce((s, c) => s + Number(c), 0), `symbol ${i}`).toBe(i === 106 ? 13 : 11));
  });

  it('encodes "PJJ123C": start B, the values, the check symbol, stop', () => {
    // 104 + 48x1 + 42x2 + 42x3 + 17x4 + 18x5 + 19x6 + 35x7 = 879; 879 mod 103 = 55.
    expect(code128Values('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
  });

  it('round-trips bundle numbers through the widths', () => {
    for (const text of ['PP2611250001-001', 'B9000123-P10', 'a b~}', 'X']) expect(decode(code128Widths(text))).toBe(text);
  });

  it('lays bars in modules with quiet zones and draws an SVG', () => {
    const { bars, modules } = code128Bars('AB');
    // start + 2 chars + check = 4 x 11, stop 13, quiet 2 x 10
    expect(modules).toBe(4 * 11 + 13 + 20);
    expect(bars[0]).toEqual({ x: 10, w: 2 });
    const svg = code128Svg('AB', 2, 50);
    expect(svg).toContain(`width="${modules * 2}"`);
    expect(svg.match(/<rect x=/g)).toHaveLength(bars.length);
  });

  it('refuses characters outside set B', () => {
    expect(encodableCode128('扎001')).toBe(false);
    expect(() => code128Values('扎001')).toThrow(/printable ASCII/);
    expect(encodableCode128('')).toBe(false);
  });
});
