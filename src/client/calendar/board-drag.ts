/**
 * The pure parts of the board's drag: where a pointer falls in the board's content, the preview of a
 * drag at a point, the command a finished drag sends, the tooltip and cursor under a hovering pointer,
 * and where the bar's menu opens from the keyboard. `useBoardDrag` holds the state and calls these.
 */
import type { BoardBar, BoardData, BoardLine } from '../../model/schedule-board';
import { daysBetween, dragPreview, hitTest, type BoardLayout, type DragPreview, type Hit, type OverloadAsk, stripAt } from './board-model';
import { HEADER, LABELS } from './board-draw';

export type Drag = { bar: BoardBar; mode: 'move' | 'resize'; dx: number; preview: DragPreview | null; endIndex?: number; keyboard?: boolean };
export type Tip = { x: number; y: number; bar: BoardBar } | { x: number; y: number; line: BoardLine; day: number };
export type ContentPoint = { x: number; y: number; inGrid: boolean };

/** A point of the board's content (scrolled), read from the scroller so that it holds while auto-scrolling. */
export function contentPoint(canvas: HTMLCanvasElement, scroller: HTMLDivElement, clientX: number, clientY: number): ContentPoint {
  const r = canvas.getBoundingClientRect();
  return { x: clientX - r.left - LABELS + scroller.scrollLeft, y: clientY - r.top - HEADER + scroller.scrollTop, inGrid: clientX - r.left >= LABELS && clientY - r.top >= HEADER };
}

/** The drag with its preview at content point `p`; null where no line is under the pointer. */
export function dragAt(data: BoardData, layout: BoardLayout, d: Drag, p: ContentPoint): Drag | null {
  if (d.mode === 'resize') {
    const line = data.lines.find((l) => l.id === d.bar.line_id)!;
    const startIndex = daysBetween(data.days[0].date, d.bar.start);
    const endIndex = Math.max(startIndex, Math.min(data.days.length - 1, Math.floor(p.x / layout.dayWidth)));
    return { ...d, preview: dragPreview(data, d.bar, line, startIndex, endIndex), endIndex };
  }
  const day = Math.floor((p.x - d.dx) / layout.dayWidth);
  const hit = hitTest(layout, p.x, p.y);
  const line = hit?.kind === 'cell' ? hit.line : hit?.kind === 'bar' ? data.lines.find((l) => l.id === hit.bar.line_id) : null;
  return line ? { ...d, preview: dragPreview(data, d.bar, line, Math.max(0, day)) } : null;
}

/**
 * The command a finished drag sends (null when the bar ends where it started). A move asks the server
 * about its plan's material gate (`material: 'ask'`): a start before it is refused with the gate, and
 * the page asks the planner (BoardMaterialDialog).
 */
export function dragCommand(d: Drag, pv: DragPreview): OverloadAsk['cmd'] | null {
  if (d.mode === 'resize') return pv.end !== d.bar.end ? { op: 'resize', bar_id: d.bar.id, version: d.bar.version, end: pv.end } : null;
  if (pv.start !== d.bar.start || pv.line.id !== d.bar.line_id) return { op: 'move', bar_id: d.bar.id, version: d.bar.version, line_id: pv.line.id, start: pv.start, material: 'ask' };
  return null;
}

/** What a pointer hovering at content point `p` (client `x`, `y`) shows: a bar's or a capacity strip day's tooltip, and the cursor. */
export function hoverAt(data: BoardData, layout: BoardLayout, p: ContentPoint, x: number, y: number): { tip: Tip | null; cursor: string } {
  const hit: Hit = p.inGrid ? hitTest(layout, p.x, p.y) : null;
  const strip = p.inGrid && hit?.kind !== 'bar' ? stripAt(layout, p.x, p.y) : null;
  const tip: Tip | null = hit?.kind === 'bar' ? { x, y, bar: hit.bar } : strip && strip.dayIndex < data.days.length ? { x, y, line: strip.line, day: strip.dayIndex } : null;
  const cursor = hit?.kind === 'bar' ? (hit.edge === 'end' ? 'ew-resize' : hit.bar.locked ? 'not-allowed' : 'grab') : 'default';
  return { tip, cursor };
}

/**
 * Whether two tooltips show the same thing at the same place. The browser sends a pointer move after
 * every scroll step while the pointer rests over the board; a tooltip that did not change is not set
 * again, so scrolling under a resting pointer only draws the canvas (B5, seventh session).
 */
export function sameTip(a: Tip | null, b: Tip | null): boolean {
  if (!a || !b) return a === b;
  if (a.x !== b.x || a.y !== b.y) return false;
  if ('bar' in a) return 'bar' in b && a.bar === b.bar;
  return 'line' in b && a.line === b.line && a.day === b.day;
}

/** Where the bar's menu opens from the keyboard: at the bar's visible start (null when the bar is not laid out). */
export function keyboardMenuPoint(layout: BoardLayout, bar: BoardBar, canvas: HTMLCanvasElement | null, scroller: HTMLDivElement | null): { x: number; y: number } | null {
  const r = layout.bars.find((b) => b.bar.id === bar.id)?.rect;
  const c = canvas?.getBoundingClientRect();
  if (!r || !c || !scroller) return null;
  return { x: c.left + Math.max(LABELS, LABELS - scroller.scrollLeft + r.x) + 8, y: c.top + HEADER - scroller.scrollTop + r.y + r.h };
}
