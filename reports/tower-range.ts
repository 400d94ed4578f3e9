/**
 * The tower's default date range, alone in its module: the browser's entry asks the tower's first
 * call with it before any page code is loaded (src/client/pages/visual/tower-early.ts).
 */

/** The tower's default date range: from the first day of last month to the last day of the month three months on. */
export function defaultRange(today: string): { from: string; to: string } {
  const [y, m] = today.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 2, 1));
  const last = new Date(Date.UTC(y, m + 3, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}
