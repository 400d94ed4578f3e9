/**
 * The board's pointer and keyboard handling: press on a bar selects it and starts a move (its end: a
 * resize), moving shows the preview at the target (scrolling the board near its edges), letting go
 * commits; arrows move the selected bar a day or a line, Enter commits, Esc cancels; the right button
 * or Shift+F10 opens the bar's menu; hovering shows a bar's or a capacity strip day's tooltip. A drop
 * that would overload the target line is handed to `onOverload` (the page asks the planner) instead
 * of being sent.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardBar, BoardCommand, BoardData, BoardLine } from '../../model/schedule-board';
import { daysBetween, dragPreview, hitTest, keyTarget, type BoardLayout, type DragPreview, type OverloadAsk, stripAt } from './board-model';
import { HEADER, LABELS } from './board-draw';
import { useEdgeAutoScroll } from './useEdgeAutoScroll';

export type Drag = { bar: BoardBar; mode: 'move' | 'resize'; dx: number; preview: DragPreview | null; endIndex?: number; keyboard?: boolean };
export type Tip = { x: number; y: number; bar: BoardBar } | { x: number; y: number; line: BoardLine; day: number };

export type DragOptions = {
  data: BoardData;
  layout: BoardLayout;
  scroller: React.RefObject<HTMLDivElement | null>;
  canvas: React.RefObject<HTMLCanvasElement | null>;
  selectedId: number | null;
  marked: Set<number>;
  readonly?: boolean;
  onSelect: (bar: BoardBar | null, additive?: boolean) => void;
  onContextMenu?: (bar: BoardBar, x: number, y: number) => void;
  onCommand: (cmd: BoardCommand, before: BoardBar) => void;
  onOverload?: (ask: OverloadAsk) => void;
  onRefused: (message: string) => void;
  /** Set when a pointer move starts computing a preview (the bench's drag figure). */
  moveStarted: React.MutableRefObject<number>;
};

export function useBoardDrag(o: DragOptions) {
  const { t } = useTranslation();
  const { data, layout, scroller, canvas } = o;
  const [drag, setDragState] = useState<Drag | null>(null);
  const [tip, setTip] = useState<Tip | null>(null);
  const dragRef = useRef<Drag | null>(null);
  const setDrag = (d: Drag | null) => { dragRef.current = d; setDragState(d); };

  /** A point of the board's content (scrolled), read from the scroller so that it holds while auto-scrolling. */
  const toContent = (clientX: number, clientY: number) => {
    const r = canvas.current!.getBoundingClientRect();
    const el = scroller.current!;
    return { x: clientX - r.left - LABELS + el.scrollLeft, y: clientY - r.top - HEADER + el.scrollTop, inGrid: clientX - r.left >= LABELS && clientY - r.top >= HEADER };
  };

  const previewAt = (d: Drag, clientX: number, clientY: number): Drag | null => {
    const p = toContent(clientX, clientY);
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
  };

  const auto = useEdgeAutoScroll(scroller, { left: LABELS, top: HEADER }, (x, y) => {
    const d = dragRef.current;
    const next = d && !d.keyboard ? previewAt(d, x, y) : null;
    if (next) setDrag(next);
  });

  const commit = (d: Drag) => {
    const pv = d.preview;
    if (!pv) return;
    if (pv.refused) {
      o.onRefused(pv.refused === 'category' ? t('board.refused.category', { line: pv.line.code, category: d.bar.category }) : t('board.refused.locked'));
      return;
    }
    let cmd: OverloadAsk['cmd'] | null = null;
    if (d.mode === 'resize') { if (pv.end !== d.bar.end) cmd = { op: 'resize', bar_id: d.bar.id, version: d.bar.version, end: pv.end }; }
    else if (pv.start !== d.bar.start || pv.line.id !== d.bar.line_id) cmd = { op: 'move', bar_id: d.bar.id, version: d.bar.version, line_id: pv.line.id, start: pv.start };
    if (!cmd) return;
    if (pv.overloads.length && o.onOverload) o.onOverload({ cmd, before: d.bar, preview: pv });
    else o.onCommand(cmd, d.bar);
  };

  const onPointerDown = (e: React.PointerEvent) => {
    const p = toContent(e.clientX, e.clientY);
    if (!p.inGrid) return;
    const hit = hitTest(layout, p.x, p.y);
    if (e.button === 2) {
      if (hit?.kind === 'bar') {
        if (hit.bar.id !== o.selectedId && !o.marked.has(hit.bar.id)) o.onSelect(hit.bar);
        o.onContextMenu?.(hit.bar, e.clientX, e.clientY);
      }
      return;
    }
    const additive = e.ctrlKey || e.metaKey || e.shiftKey;
    if (hit?.kind !== 'bar') { if (!additive) o.onSelect(null); return; }
    o.onSelect(hit.bar, additive);
    scroller.current?.focus();
    if (hit.bar.locked || o.readonly || additive) return;
    const rect = layout.bars.find((b) => b.bar.id === hit.bar.id)!.rect;
    (e.target as Element).setPointerCapture?.(e.pointerId);
    setDrag({ bar: hit.bar, mode: hit.edge === 'end' ? 'resize' : 'move', dx: p.x - rect.x, preview: null });
  };

  const onPointerMove = (e: React.PointerEvent) => {
    const d = dragRef.current;
    if (!d) {
      const p = toContent(e.clientX, e.clientY);
      const hit = p.inGrid ? hitTest(layout, p.x, p.y) : null;
      const strip = p.inGrid && hit?.kind !== 'bar' ? stripAt(layout, p.x, p.y) : null;
      setTip(hit?.kind === 'bar' ? { x: e.clientX, y: e.clientY, bar: hit.bar } : strip && strip.dayIndex < data.days.length ? { x: e.clientX, y: e.clientY, line: strip.line, day: strip.dayIndex } : null);
      if (canvas.current) canvas.current.style.cursor = hit?.kind === 'bar' ? (hit.edge === 'end' ? 'ew-resize' : hit.bar.locked ? 'not-allowed' : 'grab') : 'default';
      return;
    }
    setTip(null);
    o.moveStarted.current = performance.now();
    auto.track(e.clientX, e.clientY);
    const next = previewAt(d, e.clientX, e.clientY);
    if (next) setDrag(next);
  };

  const onPointerUp = () => {
    auto.stop();
    const d = dragRef.current;
    setDrag(null);
    if (d) commit(d);
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    const bar = data.bars.find((b) => b.id === o.selectedId);
    if (!bar) return;
    if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
      // The bar's menu from the keyboard, at the bar's visible start.
      e.preventDefault();
      const r = layout.bars.find((b) => b.bar.id === bar.id)?.rect;
      const c = canvas.current?.getBoundingClientRect();
      const el = scroller.current;
      if (r && c && el) o.onContextMenu?.(bar, c.left + Math.max(LABELS, LABELS - el.scrollLeft + r.x) + 8, c.top + HEADER - el.scrollTop + r.y + r.h);
      return;
    }
    const d = dragRef.current;
    if (e.key.startsWith('Arrow')) {
      e.preventDefault();
      if (o.readonly) return;
      if (bar.locked) { o.onRefused(t('board.refused.locked')); return; }
      const current = d?.keyboard && d.preview ? { ...bar, line_id: d.preview.line.id, start: d.preview.start, end: d.preview.end } : bar;
      const target = keyTarget(layout, data, current, e.key);
      if (target) setDrag({ bar, mode: 'move', dx: 0, keyboard: true, preview: dragPreview(data, bar, target.line, target.dayIndex) });
    } else if (e.key === 'Enter' && d?.keyboard) {
      e.preventDefault();
      setDrag(null);
      commit(d);
    } else if (e.key === 'Escape') {
      setDrag(null);
    }
  };

  return { drag, tip, setTip, onPointerDown, onPointerMove, onPointerUp, onKeyDown };
}
