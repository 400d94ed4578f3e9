import { type RefObject, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarDecl, CalendarZoom } from '../../model/calendar';
import type { BoardBar, BoardData } from '../../model/schedule-board';
import { type BoardLayout, type Rect, spanRect } from './board-model';
import { type BoardLayer, drawBoard, HEADER, LABELS } from './board-draw';
import { type BoardActualsView, drawActualBars, drawActualLabels } from './board-actuals';
import type { Drag } from './board-drag';

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
};

/**
 * The board's painting: the canvas (viewport-sized, sticky at the scroller's top-left) redrawn
 * whenever what it shows changes, with the scenario's ghost outlines and the plan-against-actual
 * layer; a requested bar scrolled into view.
 */
export function useBoardPaint(p: BoardPaintInput): void {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { canvas, scroller, decl, data, layout, zoom, view, selectedId, marked, ghosts, actuals, drag, reveal, moveStarted, onPreviewDrawn } = p;
  const from = data.days[0]?.date ?? data.from;
  const ghostRects = useMemo(() => (ghosts ?? []).map((b) => spanRect(layout, from, b.line_id, b.start, b.end)).filter((r): r is Rect => !!r), [ghosts, layout, from]);
  const weekdays = useMemo(() => (lang === 'en' ? ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] : ['日', '一', '二', '三', '四', '五', '六']), [lang]);
  const layer = useMemo<BoardLayer | undefined>(() => actuals ? {
    bars: (g, bars, ox, oy, start) => drawActualBars(g, actuals, layout, bars, ox, oy, start),
    labels: (g, rows, oy, days) => drawActualLabels(g, actuals, rows, oy, HEADER, LABELS, days, (planned, actual) => t('board.actual.line', { planned: planned.toLocaleString(), actual: actual.toLocaleString() }), 'system-ui, "Noto Sans CJK SC", sans-serif'),
  } : undefined, [actuals, layout, t]);

  useEffect(() => {
    if (!canvas.current) return;
    drawBoard(canvas.current, {
      decl, data, layout, zoom, view, selectedId, marked, ghosts: ghostRects, weekdays,
      drag: drag ? { barId: drag.bar.id, preview: drag.preview } : null,
      loadText: (average, peak) => t('board.lineLoad', { average, peak }),
      layer,
    });
    if (moveStarted.current) {
      onPreviewDrawn?.(performance.now() - moveStarted.current);
      moveStarted.current = 0;
    }
  }, [canvas, layout, view, drag, selectedId, marked, ghostRects, data, zoom, decl, onPreviewDrawn, weekdays, t, layer, moveStarted]);

  // A requested bar scrolled into view, a little right of the line labels and below the header.
  useEffect(() => {
    const b = reveal ? data.bars.find((x) => x.id === reveal.id) : undefined;
    const r = b ? spanRect(layout, from, b.line_id, b.start, b.end) : null;
    if (r && scroller.current) scroller.current.scrollTo({ left: Math.max(0, r.x - 120), top: Math.max(0, r.y - 60) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new request scrolls, not a redraw of the same data
  }, [reveal]);
}
