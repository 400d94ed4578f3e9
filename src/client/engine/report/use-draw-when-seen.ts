import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { whenIdle } from '../../kernel/when-idle';

/** How far below the window a chart counts as about to be seen (one card's height). */
const AHEAD_PX = 300;
/**
 * How much of a chart's box must be in the window for the chart to be seen: the declared charts keep
 * at least 8 px above their drawing (reports/charts), so a box showing less (half a pixel at the
 * bottom of a 1080 px window, in the tower's third row) shows none of it.
 */
const SEEN_PX = 4;

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
 * the window is drawn in the first commit; the others (just below it too) when they come within
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
    // In the window at the first layout: drawn in this commit, before the frame is painted. A chart just
    // below it waits for that frame: the observer starts a frame later, so its first report (within
    // AHEAD_PX) draws it after the window's charts are on screen, not before.
    if (el.getBoundingClientRect().top < window.innerHeight - SEEN_PX) return show();
    const seen = typeof IntersectionObserver === 'function' ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), { rootMargin: `0px 0px ${AHEAD_PX}px 0px` }) : null;
    const frame = requestAnimationFrame(() => requestAnimationFrame(() => seen?.observe(el)));
    waiting.push(show);
    drainWhenIdle();
    return () => {
      cancelAnimationFrame(frame);
      seen?.disconnect();
      const i = waiting.indexOf(show);
      if (i >= 0) waiting.splice(i, 1);
    };
  }, [el]);
  return { ref, draw };
}
