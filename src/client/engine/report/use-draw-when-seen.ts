import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { whenIdle } from '../../kernel/when-idle';

/** How far below the window a chart counts as about to be seen (one card's height). */
const AHEAD_PX = 300;

/** Charts waiting to be drawn when the page is idle, first come first drawn. */
const waiting: Array<() => void> = [];
let draining = false;

/** Draws one waiting chart per idle period, so each stays a short task between the user's input. */
function drainWhenIdle(): void {
  if (draining) return;
  draining = true;
  const next = () => {
    const draw = waiting.shift();
    if (!draw) {
      draining = false;
      return;
    }
    draw();
    schedule();
  };
  const schedule = () => void whenIdle(next, 1500, 50);
  schedule();
}

/**
 * Whether a chart should be drawn now (issue 34, the tower's first paint): with `lazy`, a chart in
 * the window or just below it is drawn in the first commit; the others when they come within
 * AHEAD_PX of the window (IntersectionObserver) or when the page is idle, one per idle period,
 * whichever comes first. The caller keeps the chart's box at its height meanwhile, so nothing moves.
 *
 * Example: `const { ref, draw } = useDrawWhenSeen(true); <div ref={ref} style={{ height }}>{draw ? <Chart /> : null}</div>`.
 */
export function useDrawWhenSeen<T extends HTMLElement>(lazy: boolean): { ref: (el: T | null) => void; draw: boolean } {
  const [draw, setDraw] = useState(!lazy);
  const [el, setEl] = useState<T | null>(null);
  const drawn = useRef(!lazy);
  const ref = useCallback((node: T | null) => setEl(node), []);
  useLayoutEffect(() => {
    if (drawn.current || !el) return;
    const show = () => {
      if (drawn.current) return;
      drawn.current = true;
      setDraw(true);
    };
    // In view at the first layout: drawn in this commit, before the frame is painted.
    if (el.getBoundingClientRect().top < window.innerHeight + AHEAD_PX) return show();
    const seen = typeof IntersectionObserver === 'function' ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), { rootMargin: `0px 0px ${AHEAD_PX}px 0px` }) : null;
    seen?.observe(el);
    waiting.push(show);
    drainWhenIdle();
    return () => {
      seen?.disconnect();
      const i = waiting.indexOf(show);
      if (i >= 0) waiting.splice(i, 1);
    };
  }, [el]);
  return { ref, draw };
}
