/**
 * Which toolbar items go into the "more" menu (OverflowToolbar): none when all fit; otherwise items
 * from the end backwards, never one marked to keep, until what is left fits beside the "more"
 * button; then separators left leading, trailing or doubled are hidden too. Returns their indexes.
 */
export function overflowCut(widths: readonly number[], keep: readonly boolean[], separator: readonly boolean[], available: number, moreWidth: number): Set<number> {
  const out = new Set<number>();
  const total = widths.reduce((a, w) => a + w, 0);
  if (total <= available + 0.5) return out;
  let shown = total;
  const budget = available - moreWidth;
  for (let i = widths.length - 1; i >= 0 && shown > budget; i--) {
    if (keep[i]) continue;
    out.add(i);
    shown -= widths[i];
  }
  // Separators with nothing (shown) on one side of them.
  let lastShownWasItem = false;
  let pendingSeparator: number | null = null;
  for (let i = 0; i < widths.length; i++) {
    if (out.has(i)) continue;
    if (separator[i]) {
      if (!lastShownWasItem || pendingSeparator !== null) out.add(i);
      else pendingSeparator = i;
      continue;
    }
    pendingSeparator = null;
    lastShownWasItem = true;
  }
  if (pendingSeparator !== null) out.add(pendingSeparator);
  return out;
}
