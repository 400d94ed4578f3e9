/**
 * A value as it was when it last stayed unchanged for `ms`: the board's invisible lists (bars and
 * lines in view, for assistive technology and tests) follow the view and its layout once the planner
 * stops scrolling or zooming, instead of on every frame. Measured in B5 at 100,000 bars (2026-12-05
 * seventh session): re-rendering the ~700 list items on each scroll or zoom frame (their attributes,
 * text and the page's layout) cost more than drawing the canvas itself. A change that `moving` does
 * not call a move (new data at the same view: a command's reply, a window read) is taken at once;
 * either way as a transition, so the frame that draws is never held up by it. The first value is
 * taken at once. `lastMove`, the time of the last scroll (useBoardViewport), makes the rest a rest of
 * the scroll itself, not of the renders that tell it (board-slices.ts `afterRest`).
 *
 * Example: `const rested = useAtRest(useMemo(() => ({ view, layout }), [view, layout]), 150, (a, b) => a.view !== b.view, lastScroll);`
 */
import { startTransition, useEffect, useState } from 'react';
import { afterRest } from './board-slices';

const NEVER = { current: Number.NEGATIVE_INFINITY };

export function useAtRest<T>(value: T, ms: number, moving: (was: T, now: T) => boolean = () => true, lastMove: { current: number } = NEVER): T {
  const [rested, setRested] = useState(value);
  useEffect(() => {
    if (Object.is(value, rested)) return;
    if (!moving(rested, value)) {
      startTransition(() => setRested(value));
      return;
    }
    return afterRest(ms, lastMove, () => startTransition(() => setRested(value)));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `moving` is a comparison, not an input
  }, [value, rested, ms, lastMove]);
  return rested;
}
