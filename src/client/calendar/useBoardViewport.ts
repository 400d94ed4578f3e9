/**
 * The part of the board in view: the scroller's scroll position and size (less the line labels and the
 * day header), followed as it scrolls and resizes.
 *
 * Example: `const { view, onScroll } = useBoardViewport(scroller); <div ref={scroller} onScroll={onScroll} />`
 */
import { useEffect, useState } from 'react';
import type { Rect } from './board-model';
import { HEADER, LABELS } from './board-draw';

export function useBoardViewport(scroller: React.RefObject<HTMLDivElement | null>) {
  const [view, setView] = useState<Rect>({ x: 0, y: 0, w: 1000, h: 600 });
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setView({ x: el.scrollLeft, y: el.scrollTop, w: el.clientWidth - LABELS, h: el.clientHeight - HEADER });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [scroller]);

  const onScroll = () => {
    const el = scroller.current!;
    setView((v) => ({ ...v, x: el.scrollLeft, y: el.scrollTop }));
  };
  return { view, onScroll };
}
