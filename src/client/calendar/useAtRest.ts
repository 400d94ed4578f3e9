/**
 * A value as it was when it last stayed unchanged for `ms`: the board's invisible lists (bars and
 * lines in view, for assistive technology and tests) follow the view, its layout and data once the
 * planner stops scrolling or zooming, instead of on every frame. Measured in B5 at 100,000 bars
 * (2026-12-05 seventh session): re-rendering the ~700 list items on each scroll or zoom frame (their
 * attributes, text and the page's layout) cost more than drawing the canvas itself. The first value
 * is taken at once; a later one as a transition, so the frame that draws is never held up by it.
 *
 * Example: `const rested = useAtRest(useMemo(() => ({ view, layout }), [view, layout]), 150);`
 */
import { startTransition, useEffect, useState } from 'react';

export function useAtRest<T>(value: T, ms: number): T {
  const [rested, setRested] = useState(value);
  useEffect(() => {
    if (Object.is(value, rested)) return;
    const timer = setTimeout(() => startTransition(() => setRested(value)), ms);
    return () => clearTimeout(timer);
  }, [value, rested, ms]);
  return rested;
}
