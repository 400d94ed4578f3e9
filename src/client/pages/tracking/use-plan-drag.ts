import { useState, type PointerEvent } from 'react';
import { draggedPlanDate, type TimelineNode } from './timeline-layout';

/**
 * Dragging an open node's planned bar along the days of the timeline (issue 31): the bar follows the
 * pointer while it is held, whole days are shown as it goes, and on release the node's new planned
 * date (its duration kept) is handed to `onDrop`. Done nodes do not move.
 *
 * Example: `const drag = usePlanDrag(l.dayWidth, (n, date) => movePlan(n, date));` then
 * `<rect {...drag.handle(node)} transform={drag.offset(node)} />` and `<svg {...drag.surface}>`.
 */
export function usePlanDrag(dayWidth: number, onDrop?: (node: TimelineNode, planDate: string) => void) {
  const [held, setHeld] = useState<{ node: TimelineNode; x0: number; dx: number } | null>(null);
  const draggable = (n: TimelineNode) => !!onDrop && !n.actual_date && !!n.plan_date;
  const end = () => {
    if (!held) return;
    const date = draggedPlanDate(held.node.plan_date, held.dx, dayWidth);
    setHeld(null);
    if (date && onDrop) onDrop(held.node, date);
  };
  return {
    /** The planned bar's pointer handlers and cursor. */
    handle: (n: TimelineNode) =>
      draggable(n)
        ? {
            style: { cursor: 'ew-resize' },
            onPointerDown: (e: PointerEvent<SVGElement>) => {
              e.preventDefault();
              setHeld({ node: n, x0: e.clientX, dx: 0 });
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
    offset: (n: TimelineNode) => (held && held.node.node_code === n.node_code ? Math.round(held.dx / dayWidth) * dayWidth : 0),
    /** The date the held bar would land on (shown beside it), or null. */
    landing: (n: TimelineNode) => (held && held.node.node_code === n.node_code ? draggedPlanDate(n.plan_date, held.dx, dayWidth) : null),
  };
}
