/**
 * Scrolls the board while a bar is dragged near an edge of its grid (left of the grid is the line
 * labels, above it the day header): the closer to the edge, the faster, and on every frame the drag's
 * target is worked out again at the pointer, so that a drop target past the edge can be reached
 * without letting go.
 */
import { useCallback, useEffect, useRef } from 'react';

/** Pixels from an edge where scrolling starts, and the most pixels scrolled per frame. */
export const EDGE_ZONE = 40;
const MAX_STEP = 24;

/** How far to scroll in one frame for a pointer at `p` in a grid box (0 inside, negative towards left/top). */
export function edgeStep(p: { x: number; y: number }, box: { left: number; top: number; right: number; bottom: number }): { dx: number; dy: number } {
  const axis = (v: number, lo: number, hi: number) => {
    if (v < lo + EDGE_ZONE) return -Math.ceil(MAX_STEP * Math.min(1, (lo + EDGE_ZONE - v) / EDGE_ZONE));
    if (v > hi - EDGE_ZONE) return Math.ceil(MAX_STEP * Math.min(1, (v - (hi - EDGE_ZONE)) / EDGE_ZONE));
    return 0;
  };
  return { dx: axis(p.x, box.left, box.right), dy: axis(p.y, box.top, box.bottom) };
}

/**
 * `track(clientX, clientY)` on each pointer move of a drag; `stop()` when it ends. `onScrolled` runs
 * after each scroll step with the last pointer position (the caller recomputes the drag preview).
 */
export function useEdgeAutoScroll(scroller: React.RefObject<HTMLDivElement | null>, inset: { left: number; top: number }, onScrolled: (clientX: number, clientY: number) => void) {
  const pointer = useRef<{ x: number; y: number } | null>(null);
  const frame = useRef(0);
  const callback = useRef(onScrolled);
  callback.current = onScrolled;

  const tick = useCallback(() => {
    frame.current = 0;
    const el = scroller.current;
    const p = pointer.current;
    if (!el || !p) return;
    const r = el.getBoundingClientRect();
    const { dx, dy } = edgeStep(p, { left: r.left + inset.left, top: r.top + inset.top, right: r.left + el.clientWidth, bottom: r.top + el.clientHeight });
    const x0 = el.scrollLeft;
    const y0 = el.scrollTop;
    if (dx) el.scrollLeft = x0 + dx;
    if (dy) el.scrollTop = y0 + dy;
    if (el.scrollLeft === x0 && el.scrollTop === y0) return; // at the end, or away from the edges
    callback.current(p.x, p.y);
    frame.current = requestAnimationFrame(tick);
  }, [scroller, inset.left, inset.top]);

  const track = useCallback((x: number, y: number) => {
    pointer.current = { x, y };
    if (!frame.current) frame.current = requestAnimationFrame(tick);
  }, [tick]);

  const stop = useCallback(() => {
    pointer.current = null;
    if (frame.current) cancelAnimationFrame(frame.current);
    frame.current = 0;
  }, []);

  useEffect(() => stop, [stop]);
  return { track, stop };
}
