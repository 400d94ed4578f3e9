/**
 * The board's pointer and keyboard handling: press on a bar selects it and starts a move (its end: a
 * resize), moving shows the preview at the target (scrolling the board near its edges), letting go
 * commits; arrows move the selected bar a day or a line, Enter commits, Esc cancels; the right button
 * or Shift+F10 opens the bar's menu; hovering shows a bar's or a capacity strip day's tooltip. A drop
 * that would overload the target line is handed to `onOverload` (the page asks the planner) instead
 * of being sent.
 */
import { startTransition, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardBar, BoardCommand, BoardData } from '../../model/schedule-board';
import { dragPreview, hitTest, keyTarget, type BoardLayout, type OverloadAsk } from './board-model';
import { HEADER, LABELS } from './board-draw';
import { contentPoint, dragAt, dragCommand, hoverAt, keyboardMenuPoint, sameTip, type Drag, type Tip } from './board-drag';
import { useEdgeAutoScroll } from './useEdgeAutoScroll';

export type { Drag, Tip } from './board-drag';

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
  /** Draws a drag's preview at once (set by the board's painting), before the board renders it. */
  paintDrag?: React.RefObject<((d: Drag) => void) | null>;
};

export function useBoardDrag(o: DragOptions) {
  const { t } = useTranslation();
  const { data, layout, scroller, canvas } = o;
  const [drag, setDragState] = useState<Drag | null>(null);
  const [tip, setTip] = useState<Tip | null>(null);
  const dragRef = useRef<Drag | null>(null);
  const setDrag = (d: Drag | null) => { dragRef.current = d; setDragState(d); };
  // A pointer's move: the preview is drawn at once, the board (drag box, lists) renders it as a transition.
  const moveDrag = (d: Drag) => { dragRef.current = d; o.paintDrag?.current?.(d); startTransition(() => setDragState(d)); };
  const toContent = (clientX: number, clientY: number) => contentPoint(canvas.current!, scroller.current!, clientX, clientY);
  const previewAt = (d: Drag, clientX: number, clientY: number) => dragAt(data, layout, d, toContent(clientX, clientY));

  const auto = useEdgeAutoScroll(scroller, { left: LABELS, top: HEADER }, (x, y) => {
    const d = dragRef.current;
    const next = d && !d.keyboard ? previewAt(d, x, y) : null;
    if (next) moveDrag(next);
  });

  const commit = (d: Drag) => {
    const pv = d.preview;
    if (!pv) return;
    if (pv.refused) {
      o.onRefused(pv.refused === 'category' ? t('board.refused.category', { line: pv.line.code, category: d.bar.category }) : t('board.refused.locked'));
      return;
    }
    const cmd = dragCommand(d, pv);
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
      const hover = hoverAt(data, layout, toContent(e.clientX, e.clientY), e.clientX, e.clientY);
      setTip((was) => (sameTip(was, hover.tip) ? was : hover.tip));
      if (canvas.current && canvas.current.style.cursor !== hover.cursor) canvas.current.style.cursor = hover.cursor;
      return;
    }
    setTip(null);
    o.moveStarted.current = performance.now();
    auto.track(e.clientX, e.clientY);
    const next = previewAt(d, e.clientX, e.clientY);
    if (next) moveDrag(next);
  };

  const onPointerUp = () => {
    auto.stop();
    const d = dragRef.current;
    setDrag(null);
    if (d) commit(d);
  };

  const onKeyDown = (e: React.KeyboardEvent) => boardKeyDown(e, { o, t, dragRef, setDrag, commit });

  return { drag, tip, setTip, onPointerDown, onPointerMove, onPointerUp, onKeyDown };
}

type KeyContext = {
  o: DragOptions;
  t: (key: string) => string;
  dragRef: React.MutableRefObject<Drag | null>;
  setDrag: (d: Drag | null) => void;
  commit: (d: Drag) => void;
};

/** Arrows move the selected bar a day or a line, Enter commits, Esc cancels, Shift+F10 or the menu key opens its menu. */
function boardKeyDown(e: React.KeyboardEvent, { o, t, dragRef, setDrag, commit }: KeyContext) {
  const { data, layout } = o;
  const bar = data.bars.find((b) => b.id === o.selectedId);
  if (!bar) return;
  if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
    // The bar's menu from the keyboard, at the bar's visible start.
    e.preventDefault();
    const at = keyboardMenuPoint(layout, bar, o.canvas.current, o.scroller.current);
    if (at) o.onContextMenu?.(bar, at.x, at.y);
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
}
