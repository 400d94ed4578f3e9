import { useState, type PointerEvent } from 'react';
import { draggedEnd, type TimelineLine } from './line-timeline-layout';

/**
 * Dragging a line's bar along the days of a child grid's timeline (`ChildGridDecl.timeline.drag`):
 * the bar follows the pointer while it is held, whole days are shown as it goes, and on release the
 * line's new end (its length kept) is handed to `onDrop`. Only the lines `canDrag` allows move.
 *
 * Example: `const drag = useTimelineDrag(l.dayWidth, canDrag, (n, date) => run(n, date));` then
 * `<rect {...drag.handle(line)} transform={drag.offset(line)} />` and `<svg {...drag.surface}>`.
 */
export function useTimelineDrag(dayWidth: number, canDrag: (line: TimelineLine) => boolean, onDrop: (line: TimelineLine, end: string) => void) {
  const [held, setHeld] = useState<{ line: TimelineLine; x0: number; dx: number } | null>(null);
  const end = () => {
    if (!held) return;
    const date = draggedEnd(held.line.end, held.dx, dayWidth);
    setHeld(null);
    if (date) onDrop(held.line, date);
  };
  const isHeld = (n: TimelineLine) => !!held && held.line.key === n.key;
  return {
    /** The bar's pointer handlers and cursor. */
    handle: (n: TimelineLine) =>
      canDrag(n) && n.end
        ? {
            style: { cursor: 'ew-resize' },
            onPointerDown: (e: PointerEvent<SVGElement>) => {
              e.preventDefault();
              setHeld({ line: n, x0: e.clientX, dx: 0 });
            },
          }
        : {},
    /** The whole drawing follows the pointer while a bar is held, and lets go on release or leaving. */
    surface: {
      onPointerMove: (e: PointerEvent<SVGSVGElement>) => held && setHeld({ ...held, dx: e.clientX - held.x0 }),
      onPointerUp: end,
      onPointerLeave: end,
    },
    /** How far the held bar is drawn from its place, snapped to whole days. */
    offset: (n: TimelineLine) => (held && isHeld(n) ? Math.round(held.dx / dayWidth) * dayWidth : 0),
    /** The date the held bar would land on (shown beside it), or null. */
    landing: (n: TimelineLine) => (held && isHeld(n) ? draggedEnd(n.end, held.dx, dayWidth) : null),
  };
}
