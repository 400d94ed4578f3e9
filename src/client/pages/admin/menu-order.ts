/**
 * Moves one node among its siblings and numbers them again in steps of 10 (the `sort` the menu
 * tree orders by), or null when the move would leave the list. Pure.
 */
export function moveSibling(codes: readonly string[], index: number, delta: -1 | 1): Array<{ code: string; sort: number }> | null {
  const to = index + delta;
  if (index < 0 || index >= codes.length || to < 0 || to >= codes.length) return null;
  const next = [...codes];
  [next[index], next[to]] = [next[to], next[index]];
  return next.map((code, i) => ({ code, sort: (i + 1) * 10 }));
}
