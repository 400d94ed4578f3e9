import { type RefObject, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CalendarDecl, CalendarZoom } from '../../model/calendar';
import type { BoardBar, BoardData } from '../../model/schedule-board';
import { type BoardLayout, type Rect, spanRect } from './board-model';
import { type BoardLayer, drawBoard, type DrawState, HEADER, LABELS, sameDrawing } from './board-draw';
import { type BoardActualsView, drawActualBars, drawActualLabels } from './board-actuals';
import type { BoardPainter, ZoomPainter } from './useBoardLayout';
import type { Drag } from './board-drag';
import { groupedNumber } from '../../model/number-text';

export type BoardPaintInput = {
  canvas: RefObject<HTMLCanvasElement | null>;
  scroller: RefObject<HTMLDivElement | null>;
  decl: CalendarDecl;
  data: BoardData;
  layout: BoardLayout;
  zoom: CalendarZoom;
  view: Rect;
  selectedId: number | null;
  marked: Set<number>;
  ghosts?: BoardBar[];
  actuals?: BoardActualsView | null;
  drag: Drag | null;
  reveal?: { id: number; n: number } | null;
  /** When the pointer moved (0: no move waits for its preview); reset once the preview is drawn. */
  moveStarted: { current: number };
  onPreviewDrawn?: (ms: number) => void;
  /** The layout of other data (laid out again from the last one, only the lines changed), for `painter`. */
  layoutOf: (data: BoardData) => BoardLayout;
  /** Set to a function that draws other data at once, with everything else as last drawn (a command's reply, before the page renders). */
  painter?: BoardPainter;
  /** Set to a function that draws a drag's preview at once (a pointer's move, before the board renders it). */
  paintDrag?: React.RefObject<((d: Drag) => void) | null>;
  /** Any data laid out at any zoom, for `paintZoom`. */
  layoutAt: (data: BoardData, zoom: CalendarZoom) => BoardLayout;
  /** Set to a function that draws the board at another zoom at once (a zoom tab clicked, before the page renders it). */
  paintZoom?: ZoomPainter;
  /** Set to a function that draws the board now at the scroller's position (a scroll, before React hears of it: useBoardViewport). */
  paintNow?: React.RefObject<(() => void) | null>;
  /** When the scroller last scrolled (useBoardViewport): a render during a scroll is drawn by the scroll's next frame. */
  lastScroll?: { current: number };
};

/**
 * A scroll told within this many ms is under way: its next frame draws the board (`paintNow`). Frames
 * of up to 250 ms on a loaded machine (B5, 2026-12-07) still count as one scroll; a render after that
 * draws at once.
 */
const SCROLLING_MS = 250;

/**
 * The board's painting: the canvas (viewport-sized, sticky at the scroller's top-left) redrawn
 * whenever what it shows changes, with the scenario's ghost outlines and the plan-against-actual
 * layer; a requested bar scrolled into view.
 */
export function useBoardPaint(p: BoardPaintInput): void {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { canvas, scroller, decl, data, layout, zoom, selectedId, marked, ghosts, actuals, drag, reveal, moveStarted, onPreviewDrawn, layoutOf, painter, paintDrag, layoutAt, paintZoom, paintNow, lastScroll } = p;
  // The view as the scroller has it now (React hears of a scroll at most every 100 ms: useBoardViewport).
  const view = liveView(p.view, scroller.current);
  const from = data.days[0]?.date ?? data.from;
  const ghostRects = useMemo(() => ghostRectsOn(layout, from, ghosts), [ghosts, layout, from]);
  const weekdays = useMemo(() => (lang === 'en' ? ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] : ['日', '一', '二', '三', '四', '五', '六']), [lang]);
  const layerOn = useMemo(() => (l: BoardLayout): BoardLayer | undefined => actuals ? {
    bars: (g, bars, ox, oy, start) => drawActualBars(g, actuals, l, bars, ox, oy, start),
    labels: (g, rows, oy, days) => drawActualLabels(g, actuals, rows, oy, HEADER, LABELS, days, (planned, actual) => t('board.actual.line', { planned: groupedNumber(planned, 3), actual: groupedNumber(actual, 3) }), 'system-ui, "Noto Sans CJK SC", sans-serif'),
  } : undefined, [actuals, t]);
  const layer = useMemo(() => layerOn(layout), [layerOn, layout]);
  const loadText = useLoadText(t);
  // What the canvas shows but the data and its layout, as of this render: `painter` draws other data with it.
  const stateOf = (d: BoardData, l: BoardLayout, dragged: Drag | null = drag): DrawState => ({
    decl, data: d, layout: l, zoom: l.zoom, view: liveView(p.view, scroller.current), selectedId, marked, weekdays,
    ghosts: l === layout ? ghostRects : ghostRectsOn(l, d.days[0]?.date ?? d.from, ghosts),
    drag: dragged ? { barId: dragged.bar.id, preview: dragged.preview } : null,
    loadText,
    layer: l === layout ? layer : layerOn(l),
  });
  const stateRef = useRef(stateOf);
  stateRef.current = stateOf;
  // What the canvas shows: every draw goes through `paintOnce`, which leaves a picture already drawn as it is.
  const drawn = useRef<Drawn | null>(null);

  const previewDrawn = () => {
    if (!moveStarted.current) return;
    onPreviewDrawn?.(performance.now() - moveStarted.current);
    moveStarted.current = 0;
  };
  const previewDrawnRef = useRef(previewDrawn);
  previewDrawnRef.current = previewDrawn;

  useEffect(() => {
    const draw = () => {
      if (!canvas.current) return;
      paintOnce(drawn, canvas.current, stateRef.current(data, layout));
      previewDrawnRef.current();
    };
    // During a scroll (a window merged, the view told) the scroll's next frame draws this render's data
    // (paintNow): at that frame this render draws only what the scroll has not drawn, instead of a second
    // whole draw in React's task (B5 at 100,000 bars, 2026-12-07 twenty-first session).
    if (lastScroll && performance.now() - lastScroll.current < SCROLLING_MS && typeof requestAnimationFrame !== 'undefined') {
      const f = requestAnimationFrame(() => {
        if (!canvas.current || !drawnElsewhere(drawn.current, canvas.current, stateRef.current(data, layout))) draw();
      });
      return () => cancelAnimationFrame(f);
    }
    draw();
  }, [canvas, layout, view, drag, selectedId, marked, ghostRects, data, zoom, decl, onPreviewDrawn, weekdays, t, layer, moveStarted, lastScroll]);

  usePaintNow(paintNow, canvas, stateRef, data, layout, drawn);

  useDirectPainters({ canvas, drawn, stateRef, previewDrawnRef, data, layout, zoom, layoutOf, layoutAt, painter, paintDrag, paintZoom });
  useReveal(reveal, data, layout, from, scroller);
}

/** What `useDirectPainters` sets its painters up with. */
type DirectPainters = Pick<BoardPaintInput, 'canvas' | 'data' | 'layout' | 'zoom' | 'layoutOf' | 'layoutAt' | 'painter' | 'paintDrag' | 'paintZoom'> & {
  drawn: { current: Drawn | null };
  stateRef: { current: (d: BoardData, l: BoardLayout, dragged?: Drag | null) => DrawState };
  previewDrawnRef: { current: () => void };
};

/**
 * Sets the painters that draw at once, before the page renders: a drag's preview (`paintDrag`), a
 * command's reply (`painter`) and another zoom (`paintZoom`), each with everything else as last drawn.
 */
function useDirectPainters({ canvas, drawn, stateRef, previewDrawnRef, data, layout, zoom, layoutOf, layoutAt, painter, paintDrag, paintZoom }: DirectPainters): void {
  useEffect(() => {
    if (!paintDrag) return;
    paintDrag.current = (d) => {
      if (!canvas.current) return;
      paintOnce(drawn, canvas.current, stateRef.current(data, layout, d));
      previewDrawnRef.current();
    };
    return () => { paintDrag.current = null; };
  }, [paintDrag, canvas, data, layout, drawn, stateRef, previewDrawnRef]);

  useEffect(() => {
    if (!painter) return;
    painter.current = (d) => { if (canvas.current) paintOnce(drawn, canvas.current, stateRef.current(d, layoutOf(d))); };
    return () => { painter.current = null; };
  }, [painter, canvas, layoutOf, drawn, stateRef]);

  useEffect(() => {
    if (!paintZoom) return;
    paintZoom.current = (z) => { if (canvas.current && z !== zoom) paintOnce(drawn, canvas.current, stateRef.current(data, layoutAt(data, z))); };
    return () => { paintZoom.current = null; };
  }, [paintZoom, canvas, data, zoom, layoutAt, drawn, stateRef]);
}

/** Scrolls a requested bar into view, a little right of the line labels and below the header. */
function useReveal(reveal: BoardPaintInput['reveal'], data: BoardData, layout: BoardLayout, from: string, scroller: BoardPaintInput['scroller']): void {
  useEffect(() => {
    const b = reveal ? data.bars.find((x) => x.id === reveal.id) : undefined;
    const r = b ? spanRect(layout, from, b.line_id, b.start, b.end) : null;
    if (r && scroller.current) scroller.current.scrollTo({ left: Math.max(0, r.x - 120), top: Math.max(0, r.y - 60) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new request scrolls, not a redraw of the same data
  }, [reveal]);
}

/** Sets `paintNow` to draw the latest data and layout with everything else as last rendered, at the scroller's position. */
function usePaintNow(paintNow: BoardPaintInput['paintNow'], canvas: BoardPaintInput['canvas'], stateRef: { current: (d: BoardData, l: BoardLayout) => DrawState }, data: BoardData, layout: BoardLayout, drawn: { current: Drawn | null }) {
  const latest = useRef({ data, layout });
  latest.current = { data, layout };
  useEffect(() => {
    if (!paintNow) return;
    paintNow.current = () => {
      const c = canvas.current;
      if (c) paintOnce(drawn, c, stateRef.current(latest.current.data, latest.current.layout));
    };
    return () => { paintNow.current = null; };
  }, [paintNow, canvas, stateRef, drawn]);
}

/** The canvas's last drawing: its state, the pixel ratio and the day it was drawn with (the today line). */
type Drawn = { canvas: HTMLCanvasElement; state: DrawState; dpr: number; day: string };

/** Draws `s` on `c` unless the canvas already shows that picture (`sameDrawing`, at the same pixel ratio and day). */
function paintOnce(drawn: { current: Drawn | null }, c: HTMLCanvasElement, s: DrawState): void {
  const dpr = window.devicePixelRatio || 1;
  const day = new Date().toISOString().slice(0, 10);
  const d = drawn.current;
  if (d && d.canvas === c && d.dpr === dpr && d.day === day && sameDrawing(d.state, s)) return;
  drawBoard(c, s);
  drawn.current = { canvas: c, state: s, dpr, day };
}

/**
 * Whether the canvas shows `s` but at another scroll position: a scroll under way has drawn this data
 * and its every next position draws it again (paintNow), so drawing it here would be a second whole
 * draw in one frame.
 */
function drawnElsewhere(d: Drawn | null, c: HTMLCanvasElement, s: DrawState): boolean {
  return !!d && d.canvas === c && sameDrawing(d.state, { ...s, view: { ...s.view, x: d.state.view.x, y: d.state.view.y } });
}

/** The view at the scroller's scroll position now (its size as last measured). */
function liveView(view: Rect, el: HTMLDivElement | null): Rect {
  return el && (el.scrollLeft !== view.x || el.scrollTop !== view.y) ? { ...view, x: el.scrollLeft, y: el.scrollTop } : view;
}

/** A line label's load text, translated once per figure and language (not per line on every frame). */
function useLoadText(t: TFunction): (average: number, peak: number) => string {
  return useMemo(() => {
    const known = new Map<string, string>();
    return (average: number, peak: number) => {
      const key = `${average}/${peak}`;
      let text = known.get(key);
      if (text === undefined) {
        text = t('board.lineLoad', { average, peak });
        if (known.size > 5000) known.clear();
        known.set(key, text);
      }
      return text;
    };
  }, [t]);
}

/** The live positions outlined under a scenario's bars, on a layout. */
function ghostRectsOn(layout: BoardLayout, from: string, ghosts: BoardBar[] | undefined): Rect[] {
  return (ghosts ?? []).map((b) => spanRect(layout, from, b.line_id, b.start, b.end)).filter((r): r is Rect => !!r);
}
