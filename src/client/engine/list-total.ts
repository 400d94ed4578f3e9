/**
 * How a list's count reads (issue 32). An exact figure is the number itself; the planner's estimate
 * of a large list is rounded to two significant digits in the reader's units, "约 18 万" in Chinese
 * (万 = 10,000, 亿 = 100,000,000) and "about 180k" in English, so it never looks more precise than it
 * is. Pure, so every step of the rounding is unit-tested.
 */
export type ListTotal = { n: number; estimated: boolean };

/** Two significant digits, as text without a trailing ".0": 1.23 -> "1.2", 18.4 -> "18", 123.4 -> "123". */
function twoDigits(x: number): string {
  if (x >= 10) return String(Math.round(x));
  const r = Math.round(x * 10) / 10;
  return r >= 10 ? '10' : String(r);
}

/** The rounded figure of an estimate: `18 万` / `180k`, with the unit the language counts in. */
export function roundedCount(n: number, language: 'zh' | 'en'): string {
  if (language === 'zh') {
    if (n >= 1e8) return `${twoDigits(n / 1e8)} 亿`;
    if (n >= 1e4) return `${twoDigits(n / 1e4)} 万`;
    return String(Math.round(n));
  }
  if (n >= 1e9) return `${twoDigits(n / 1e9)}B`;
  if (n >= 1e6) return `${twoDigits(n / 1e6)}M`;
  if (n >= 1e3) return `${twoDigits(n / 1e3)}k`;
  return String(Math.round(n));
}
