/**
 * Numbers and clock times as the product shows them, in both of its languages alike: digits grouped
 * by three with ',' and '.' before the decimals ("1,234.5"), a clock as 24-hour HH:MM:SS.
 *
 * Written out instead of `toLocaleString`: the browser's first Intl formatter of a page loads its
 * locale data, 90-230 ms of the main thread on the two-core machine (measured in Chromium, B8), and
 * the control tower's first paint and a list's first rows would pay it; the figures no longer follow
 * the browser's own locale, only the product's language. The result equals Intl's en-US formatting
 * with the same digits, except that a negative rounding to zero is written 0, not -0 (a property
 * test checks it).
 */

/** The decimal digits of `abs` (>= 0) as JavaScript writes it shortest, before and after the point (no exponent). */
function decimalDigits(abs: number): { int: string; frac: string } {
  const text = String(abs);
  const e = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!e) {
    const [int, frac = ''] = text.split('.');
    return { int, frac };
  }
  const digits = e[1] + (e[2] ?? '');
  const exp = Number(e[3]);
  return exp < 0 ? { int: '0', frac: '0'.repeat(-exp - 1) + digits } : { int: digits.padEnd(exp + 1, '0'), frac: '' };
}

/** `int`.`frac` cut to `max` decimals, rounded half up on those digits. */
function roundDigits(int: string, frac: string, max: number): { int: string; frac: string } {
  if (frac.length <= max) return { int, frac };
  const up = frac.charCodeAt(max) >= 53; // '5' and above
  const kept = int + frac.slice(0, max);
  if (!up) return { int: kept.slice(0, int.length), frac: kept.slice(int.length) };
  const d = kept.split('').map(Number);
  let i = d.length - 1;
  for (; i >= 0 && d[i] === 9; i--) d[i] = 0;
  if (i >= 0) d[i]++;
  const all = (i < 0 ? '1' : '') + d.join('');
  return { int: all.slice(0, all.length - max), frac: all.slice(all.length - max) };
}

/**
 * `v` with its digits grouped by three and at most `maxFraction` decimals (at least `minFraction`),
 * rounded half away from zero on the digits JavaScript writes for it (as Intl does: 1.005 -> 1.01).
 */
export function groupedNumber(v: number, maxFraction = 2, minFraction = 0): string {
  if (!Number.isFinite(v)) return String(v);
  const { int, frac: digits } = decimalDigits(Math.abs(v));
  const r = roundDigits(int, digits, maxFraction);
  let frac = r.frac.replace(/0+$/, '');
  while (frac.length < minFraction) frac += '0';
  const zero = /^0*$/.test(r.int) && /^0*$/.test(frac);
  return `${v < 0 && !zero ? '-' : ''}${r.int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
}

const two = (n: number) => String(n).padStart(2, '0');

/** A time of day on the local clock as HH:MM:SS (24 hours), as zh-CN and en-GB both show it. */
export const clockText = (d: Date): string => `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
