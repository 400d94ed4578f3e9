/**
 * The part of the board in view: the scroller's scroll position and size (less the line labels and the
 * day header), followed as it scrolls and resizes. A scroll draws the canvas at once (`paintNow`, at the
 * scroller's position, in the scroll event's frame) and tells React the new view at most every
 * `VIEW_EVERY_MS` and once it rests: the board is not rendered again on every scroll frame (at 100,000
 * bars a render per frame was half the main thread's work of a month-zoom sideways scroll, B5), while
 * what follows the view (the windows read, the lines' and bars' lists) still does; `lastScroll` is the
 * time of the last scroll event.
 *
 * Example: `const { view, onScroll, lastScroll } = useBoardViewport(scroller, paintNow); <div ref={scroller} onScroll={onScroll} />`
 */
import { useEffect, useRef, useState } from 'react';
import type { Rect } from './board-model';
import { HEADER, LABELS } from './board-draw';

/** How often a scroll under way tells React the view (ms). */
export const VIEW_EVERY_MS = 100;

export function useBoardViewport(scroller: React.RefObject<HTMLDivElement | null>, paintNow?: React.RefObject<(() => void) | null>) {
  const [view, setView] = useState<Rect>({ x: 0, y: 0, w: 1000, h: 600 });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // When the scroller last scrolled (performance.now()): what waits for the scroll to rest reads it (useAtRest).
  const lastScroll = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setView({ x: el.scrollLeft, y: el.scrollTop, w: el.clientWidth - LABELS, h: el.clientHeight - HEADER });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => {
      ro.disconnect();
      if (timer.current) clearTimeout(timer.current);
    };
  }, [scroller]);

  const onScroll = () => {
    lastScroll.current = performance.now();
    const tell = () => {
      const el = scroller.current;
      if (el) setView((v) => (v.x === el.scrollLeft && v.y === el.scrollTop ? v : { ...v, x: el.scrollLeft, y: el.scrollTop }));
    };
    if (!paintNow?.current) return tell();
    paintNow.current();
    // The timer reads the position when it fires: the last scroll of a burst is always told.
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      tell();
    }, VIEW_EVERY_MS);
  };
  return { view, onScroll, lastScroll };
}
