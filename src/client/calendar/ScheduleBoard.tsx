/**
 * The generic scheduling board: renders a calendar declaration's data (lines as rows grouped by
 * workshop, bars that overlap in days on separate sub-rows of their line, days as columns per zoom,
 * bars with progress and lateness, a capacity strip per line, weekends and holidays shaded) on one
 * canvas that draws only the rows, days and bars in view (docs/architecture-board.md: why canvas;
 * drawing in board-draw.ts). Pointer drag moves a bar (its end resizes it) with the target line's
 * capacity shown live, the board scrolling near its edges, and a refused line marked; arrows move the
 * selected bar, Enter commits (useBoardDrag.ts). Commands go to `onCommand`, a drop that would
 * overload the target line to `onOverload`; the page talks to the server.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarDecl, CalendarZoom } from '../../model/calendar';
import type { BoardBar, BoardCommand, BoardData } from '../../model/schedule-board';
import type { LateBarReasons } from '../../model/late-reasons';
import { daysBetween, type BoardLayout, type OverloadAsk, type Rect, visible } from './board-model';
import type { ViewSpan } from './board-windows';
import { HEADER, LABELS } from './board-draw';
import type { BoardActualsView } from './board-actuals';
import { BarList, BarTip, DragInfo, LineFigures, StripTip } from './BoardOverlays';
import { type Drag, useBoardDrag } from './useBoardDrag';
import { useBoardViewport } from './useBoardViewport';
import { useBoardPaint } from './useBoardPaint';
import { type BoardPainter, type BoardPrelayout, useBoardLayout, type ZoomPainter } from './useBoardLayout';
import { useAtRest } from './useAtRest';

/** How long the view, its layout and data stay unchanged before the invisible lists follow them (ms). */
const LISTS_AT_REST_MS = 150;

export type ScheduleBoardProps = {
  decl: CalendarDecl;
  data: BoardData;
  zoom: CalendarZoom;
  selectedId: number | null;
  /** Further selected bars (Ctrl/Shift+click), e.g. the splits of one plan to merge. */
  marked?: number[];
  /** `additive`: Ctrl, Cmd or Shift was held (add to / remove from the selection). */
  onSelect: (bar: BoardBar | null, additive?: boolean) => void;
  /** Right click on a bar: the page opens the bar's menu at the pointer. */
  onContextMenu?: (bar: BoardBar, x: number, y: number) => void;
  /** Live bars outlined under a scenario's (the plans the scenario places differently). */
  ghosts?: BoardBar[];
  /** A published or discarded scenario: nothing can be dragged. */
  readonly?: boolean;
  onCommand: (cmd: BoardCommand, before: BoardBar) => void;
  /** A drop that would leave days of the target line over capacity: the page asks before sending. */
  onOverload?: (ask: OverloadAsk) => void;
  onRefused: (message: string) => void;
  /** The late bars' reasons by bar id (the tooltip names them). */
  lateReasons?: Map<number, LateBarReasons> | null;
  /** Bring this bar into view (a late reason's locking bar); `n` changes on every request. */
  reveal?: { id: number; n: number } | null;
  /** Plan against actual (the toolbar's 计划/实际 switch on): drawn over the bars and the line labels. */
  actuals?: BoardActualsView | null;
  /** For the bench and tests: called with the time from pointer move to the drawn preview. */
  onPreviewDrawn?: (ms: number) => void;
  /** What is in view (days and the lines' indexes in `data.lines`), told as it scrolls, zooms or resizes: the page reads those windows. */
  onViewSpan?: (span: ViewSpan) => void;
  /** Set by the board to a function that draws other data at once (a command's reply, before the page renders it). */
  painter?: BoardPainter;
  /** Set by the board to a function drawing it at another zoom at once (the page's zoom tabs). */
  paintZoom?: ZoomPainter;
  /** Set by the board to a function laying out data in steps before the page renders it (a window's merge). */
  prelayout?: BoardPrelayout;
};

export function ScheduleBoard(props: ScheduleBoardProps) {
  const { decl, data, zoom, selectedId, marked, ghosts, onPreviewDrawn, reveal } = props;
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const paintNow = useRef<(() => void) | null>(null);
  const { view, onScroll, lastScroll } = useBoardViewport(scroller, paintNow);
  const { layout, layoutOf, layoutAt, prepare } = useBoardLayout(data, zoom);
  const { prelayout } = props;
  useEffect(() => {
    if (!prelayout) return;
    prelayout.current = prepare;
    return () => { prelayout.current = null; };
  }, [prelayout, prepare]);
  const moveStarted = useRef(0);
  const paintDrag = useRef<((d: Drag) => void) | null>(null);
  const markedSet = useMemo(() => new Set(marked ?? []), [marked]);
  const from = data.days[0]?.date ?? data.from;
  const { drag, tip, setTip, onPointerDown, onPointerMove, onPointerUp, onKeyDown } = useBoardDrag({
    data, layout, scroller, canvas, selectedId, marked: markedSet, readonly: props.readonly,
    onSelect: props.onSelect, onContextMenu: props.onContextMenu, onCommand: props.onCommand, onOverload: props.onOverload, onRefused: props.onRefused, moveStarted, paintDrag,
  });
  useBoardPaint({ canvas, scroller, decl, data, layout, zoom, view, selectedId, marked: markedSet, ghosts, actuals: props.actuals, drag, reveal, moveStarted, onPreviewDrawn, layoutOf, painter: props.painter, paintDrag, layoutAt, paintZoom: props.paintZoom, paintNow, lastScroll });
  const lineIndex = useMemo(() => new Map(data.lines.map((l, i) => [l.id, i])), [data.lines]);
  const { onViewSpan } = props;
  useEffect(() => { onViewSpan?.(viewSpan(layout, view, lineIndex)); }, [onViewSpan, layout, view, lineIndex]);

  // The lines and the bars in view (at most 400) as invisible lists, following the view, its layout and
  // data once the scroll rests (useAtRest; new data at a resting view at once), so that scrolling and
  // zooming only draw the canvas.
  const shown = useMemo(() => ({ view, layout, data }), [view, layout, data]);
  const rested = useAtRest(shown, LISTS_AT_REST_MS, movedView, lastScroll);
  const lazyView = rested.view;
  const inView = useMemo(() => visible(rested.layout, rested.view, 0).bars.filter(({ rect }) => rect.x + rect.w > rested.view.x && rect.x < rested.view.x + rested.view.w).slice(0, 400), [rested]);
  return (
    <div style={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      <div
        ref={scroller}
        tabIndex={0}
        role="application"
        aria-label={t('board.keyboardHint')}
        data-testid={`calendar-${decl.code}`}
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        style={{ position: 'relative', overflow: 'auto', flex: 1, minHeight: 0, outline: 'none', border: '1px solid #e0e0e0', background: '#fff' }}
      >
        {/* Out of flow, so that the board's full width scrolls here and never widens the page. */}
        <div style={{ width: LABELS + layout.width, height: HEADER + layout.height, position: 'absolute', left: 0, top: 0 }}>
          <canvas
            ref={canvas}
            data-testid="board-canvas"
            style={{ position: 'sticky', left: 0, top: 0, display: 'block', touchAction: 'none' }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerLeave={() => setTip(null)}
            onContextMenu={(e) => e.preventDefault()}
          />
        </div>
        <LineFigures data={rested.data} layout={rested.layout} top={HEADER - lazyView.y} firstDay={Math.floor(lazyView.x / rested.layout.dayWidth)} lastDay={Math.floor((lazyView.x + lazyView.w - 1) / rested.layout.dayWidth)} />
        <BarList bars={inView} view={lazyView} />
        {tip && !drag && ('bar' in tip ? <BarTip decl={decl} bar={tip.bar} x={tip.x} y={tip.y} reasons={props.lateReasons?.get(tip.bar.id)} /> : <StripTip data={data} line={tip.line} day={tip.day} x={tip.x} y={tip.y} />)}
      </div>
      {drag?.preview && <DragInfo data={data} preview={drag.preview} day={drag.mode === 'resize' ? drag.endIndex ?? 0 : daysBetween(from, drag.preview.start)} />}
    </div>
  );
}

/** Whether the view moved (a scroll, a resize) or the zoom changed: the lists wait for it to rest; new data at the same view is listed at once. */
const movedView = (a: { view: Rect; layout: BoardLayout }, b: { view: Rect; layout: BoardLayout }) =>
  a.view.x !== b.view.x || a.view.y !== b.view.y || a.view.w !== b.view.w || a.view.h !== b.view.h || a.layout.dayWidth !== b.layout.dayWidth;

/** The days and lines (indexes in the board's lines) of a view. */
function viewSpan(layout: BoardLayout, view: Rect, lineIndex: Map<number, number>): ViewSpan {
  const lines: number[] = [];
  for (const r of layout.rows) if (r.kind === 'line' && r.y + r.height >= view.y && r.y <= view.y + view.h) lines.push(lineIndex.get(r.line.id) ?? 0);
  return { firstDay: Math.max(0, Math.floor(view.x / layout.dayWidth)), lastDay: Math.ceil((view.x + view.w) / layout.dayWidth), lines };
}
