/**
 * The generic scheduling board: renders a calendar declaration's data (lines as rows grouped by
 * workshop, days as columns per zoom, bars with progress and lateness, a capacity strip per line,
 * weekends and holidays shaded) on one canvas that draws only the rows, days and bars in view
 * (docs/architecture-board.md: why canvas). Pointer drag moves a bar (its end resizes it) with the
 * target line's capacity shown live and a refused line marked; arrows move the selected bar, Enter
 * commits; Ctrl+Z / Ctrl+Y undo and redo. Commands go to `onCommand`; the page talks to the server.
 */
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarDecl, CalendarZoom } from '../../model/calendar';
import type { BoardBar, BoardCommand, BoardData } from '../../model/schedule-board';
import { daysBetween, dragPreview, type BoardLayout, hitTest, keyTarget, layoutBoard, progress, visible, type DragPreview, GROUP_HEIGHT, ROW_HEIGHT, STRIP_HEIGHT } from './board-model';

const HEADER = 40;
const LABELS = 180;
const PALETTE = ['#4f6bed', '#2e9e8f', '#c97b1a', '#8a5cc7', '#3a8fd1', '#b5486b', '#5b8c32', '#9a6b3f'];

function colourOf(category: string): string {
  let h = 0;
  for (const c of category) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length];
}

/** A small padlock (a glyph would depend on the fonts installed). */
function drawLock(g: CanvasRenderingContext2D, x: number, y: number) {
  g.strokeStyle = '#fff';
  g.fillStyle = '#fff';
  g.lineWidth = 1.5;
  g.beginPath(); g.arc(x + 4, y + 4, 2.6, Math.PI, 0); g.stroke();
  g.fillRect(x, y + 4, 8, 6);
  g.lineWidth = 1;
}

type Drag = { bar: BoardBar; mode: 'move' | 'resize'; dx: number; preview: DragPreview | null; endIndex?: number; keyboard?: boolean };

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
  onRefused: (message: string) => void;
  /** For the bench and tests: called with the time from pointer move to the drawn preview. */
  onPreviewDrawn?: (ms: number) => void;
};

export function ScheduleBoard({ decl, data, zoom, selectedId, marked, ghosts, onSelect, onContextMenu, readonly, onCommand, onRefused, onPreviewDrawn }: ScheduleBoardProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const scroller = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [view, setView] = useState({ x: 0, y: 0, w: 1000, h: 600 });
  const [drag, setDrag] = useState<Drag | null>(null);
  const [tip, setTip] = useState<{ x: number; y: number; bar: BoardBar } | null>(null);
  const layout = useMemo(() => layoutBoard(data, zoom), [data, zoom]);
  const moveStarted = useRef(0);
  const markedSet = useMemo(() => new Set(marked ?? []), [marked]);
  const ghostRects = useMemo(() => (ghosts?.length ? layoutBoard({ ...data, bars: ghosts }, zoom).bars : []), [ghosts, data, zoom]);
  const weekdays = useMemo(() => (lang === 'en' ? ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] : ['日', '一', '二', '三', '四', '五', '六']), [lang]);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setView({ x: el.scrollLeft, y: el.scrollTop, w: el.clientWidth - LABELS, h: el.clientHeight - HEADER });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const onScroll = () => {
    const el = scroller.current!;
    setView((v) => ({ ...v, x: el.scrollLeft, y: el.scrollTop }));
  };

  // Drawing: the canvas has the size of the viewport and sits sticky at the top-left of the scroller.
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const dpr = window.devicePixelRatio || 1;
    const W = view.w + LABELS;
    const H = view.h + HEADER;
    if (c.width !== Math.round(W * dpr) || c.height !== Math.round(H * dpr)) {
      c.width = Math.round(W * dpr);
      c.height = Math.round(H * dpr);
      c.style.width = `${W}px`;
      c.style.height = `${H}px`;
    }
    const g = c.getContext('2d');
    if (!g) return;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, W, H);
    g.font = '12px system-ui, "Noto Sans CJK SC", sans-serif';
    g.textBaseline = 'middle';
    const dw = layout.dayWidth;
    const v = visible(layout, view, 0);
    const ox = LABELS - view.x;
    const oy = HEADER - view.y;
    // Day shading (weekends/holidays), overtime tint.
    for (let i = v.firstDay; i <= Math.min(v.lastDay, data.days.length - 1); i++) {
      const d = data.days[i];
      const x = ox + i * dw;
      if (d.holiday) { g.fillStyle = '#fde8e8'; g.fillRect(x, HEADER, dw, H); }
      else if (!d.working) { g.fillStyle = '#e9e9ee'; g.fillRect(x, HEADER, dw, H); }
      else if (d.overtime) { g.fillStyle = '#fff6e0'; g.fillRect(x, HEADER, dw, H); }
    }
    // Rows: group headers, line separators, capacity strips.
    const previewLine = drag?.preview?.line.id;
    for (const r of v.rows) {
      const y = oy + r.y;
      if (r.kind === 'group') {
        g.fillStyle = '#e8ebf3';
        g.fillRect(LABELS, y, W, GROUP_HEIGHT);
        continue;
      }
      if (drag?.preview && previewLine === r.line.id) {
        g.fillStyle = drag.preview.refused ? 'rgba(209,52,56,0.12)' : 'rgba(79,107,237,0.08)';
        g.fillRect(LABELS, y, W, ROW_HEIGHT);
      }
      g.strokeStyle = '#e3e3e6';
      g.beginPath(); g.moveTo(LABELS, y + ROW_HEIGHT - 0.5); g.lineTo(W, y + ROW_HEIGHT - 0.5); g.stroke();
      const load = drag?.preview && previewLine === r.line.id ? drag.preview.load : r.line.load;
      const sy = y + ROW_HEIGHT - STRIP_HEIGHT - 1;
      for (let i = v.firstDay; i <= Math.min(v.lastDay, data.days.length - 1); i++) {
        const cap = r.line.capacity[i] ?? 0;
        const l = load[i] ?? 0;
        if (!cap && !l) continue;
        const ratio = cap ? l / cap : 2;
        g.fillStyle = ratio > 1 + 1e-9 ? '#d13438' : ratio > 0.85 ? '#e8a33d' : '#6bb36b';
        g.globalAlpha = l ? 1 : 0.25;
        const gap = dw >= 10 ? 1 : 0;
        g.fillRect(ox + i * dw + gap, sy, Math.max(1, (dw - 2 * gap) * Math.min(1, l ? ratio : 1)), STRIP_HEIGHT);
        g.globalAlpha = 1;
      }
    }
    // Live positions of the plans a scenario moves: dashed outlines under the scenario's bars.
    for (const { rect } of ghostRects) {
      if (rect.x + rect.w < view.x || rect.x > view.x + view.w || rect.y + rect.h < view.y || rect.y > view.y + view.h) continue;
      const x = ox + rect.x;
      const y = oy + rect.y;
      g.fillStyle = 'rgba(96,96,112,0.10)';
      g.fillRect(x, y, rect.w - 1, rect.h);
      g.strokeStyle = '#6b6b80';
      g.setLineDash([3, 3]);
      g.strokeRect(x + 0.5, y + 0.5, rect.w - 2, rect.h - 1);
      g.setLineDash([]);
    }
    // Bars.
    for (const { bar, rect } of v.bars) {
      const dragged = drag?.bar.id === bar.id;
      const x = ox + rect.x;
      const y = oy + rect.y;
      const colour = colourOf(bar.category);
      g.globalAlpha = dragged ? 0.35 : 1;
      g.fillStyle = colour;
      g.fillRect(x, y, rect.w - 1, rect.h);
      if (bar.locked) { g.fillStyle = 'rgba(0,0,0,0.18)'; g.fillRect(x, y, rect.w - 1, rect.h); }
      g.fillStyle = 'rgba(255,255,255,0.35)';
      g.fillRect(x, y + rect.h - 4, (rect.w - 1) * progress(bar), 4);
      if (bar.late) { g.fillStyle = '#d13438'; g.fillRect(x + rect.w - 5, y, 4, rect.h); }
      // A thin edge so that bars side by side on a line stay apart.
      g.strokeStyle = 'rgba(0,0,0,0.28)';
      g.strokeRect(x + 0.5, y + 0.5, rect.w - 2, rect.h - 1);
      if (bar.id === selectedId || markedSet.has(bar.id)) { g.strokeStyle = '#111'; g.lineWidth = 2; g.strokeRect(x + 1, y + 1, rect.w - 3, rect.h - 2); g.lineWidth = 1; }
      // The label and padlock stay at the visible start of a bar that begins left of the view.
      const tx = Math.max(x, LABELS);
      const tw = x + rect.w - tx;
      if (bar.locked && tw > 12) drawLock(g, tx + 4, y + rect.h / 2 - 5);
      if (tw > 30) {
        g.save(); g.beginPath(); g.rect(tx, y, tw - 6, rect.h); g.clip();
        g.fillStyle = '#fff';
        g.fillText(decl.bar.label.map((f) => String((bar as Record<string, unknown>)[f] ?? '')).join(' · '), tx + (bar.locked ? 18 : 4), y + rect.h / 2 - 1);
        g.restore();
      }
      g.globalAlpha = 1;
    }
    // Today.
    const ti = daysBetween(data.days[0]?.date ?? data.from, new Date().toISOString().slice(0, 10));
    if (ti >= 0 && ti < data.days.length) {
      const x = ox + ti * dw + (zoom === 'day' ? dw / 2 : 0);
      g.strokeStyle = '#0f6cbd';
      g.lineWidth = 2;
      g.beginPath(); g.moveTo(x, HEADER); g.lineTo(x, H); g.stroke();
      g.lineWidth = 1;
    }
    // The drag ghost at its target.
    if (drag?.preview) {
      const row = layout.lineRow.get(drag.preview.line.id);
      if (row) {
        const s = daysBetween(data.days[0].date, drag.preview.start);
        const len = daysBetween(drag.preview.start, drag.preview.end) + 1;
        g.strokeStyle = drag.preview.refused ? '#d13438' : '#111';
        g.setLineDash([4, 3]);
        g.strokeRect(ox + s * dw + 0.5, oy + row.y + 3.5, len * dw - 1, ROW_HEIGHT - STRIP_HEIGHT - 7);
        g.setLineDash([]);
      }
    }
    // Header: months/weeks and days.
    g.fillStyle = '#fafafa';
    g.fillRect(0, 0, W, HEADER);
    g.fillStyle = '#333';
    for (let i = v.firstDay; i <= Math.min(v.lastDay, data.days.length - 1); i++) {
      const date = data.days[i].date;
      const x = ox + i * dw;
      if (x < LABELS - dw) continue;
      const day = Number(date.slice(8));
      const wd = new Date(`${date}T00:00:00Z`).getUTCDay();
      if (day === 1 || i === v.firstDay) g.fillText(date.slice(0, 7), Math.max(x, LABELS) + 2, 10);
      if (zoom === 'day') {
        g.fillStyle = data.days[i].holiday ? '#d13438' : data.days[i].working ? '#333' : '#999';
        g.fillText(`${day} ${weekdays[wd]}`, x + 4, 28);
        g.fillStyle = '#333';
      }
      else if (zoom === 'week' && wd === 1) g.fillText(String(day), x + 1, 28);
      else if (zoom === 'month' && (day === 1 || day === 15)) g.fillText(String(day), x + 1, 28);
    }
    if (ti >= 0 && ti < data.days.length) {
      const x = ox + ti * dw;
      if (x >= LABELS - 1) { g.fillStyle = '#0f6cbd'; g.fillRect(x, HEADER - 4, Math.max(dw, 3), 4); }
    }
    g.strokeStyle = '#ccc';
    g.beginPath(); g.moveTo(0, HEADER - 0.5); g.lineTo(W, HEADER - 0.5); g.stroke();
    // Row labels.
    g.fillStyle = '#fff';
    g.fillRect(0, HEADER, LABELS, H);
    for (const r of v.rows) {
      const y = oy + r.y;
      if (y + r.height < HEADER) continue;
      g.fillStyle = r.kind === 'group' ? '#e8ebf3' : '#fff';
      g.fillRect(0, y, LABELS, r.height);
      g.fillStyle = r.kind === 'group' ? '#333' : '#222';
      g.font = r.kind === 'group' ? '600 12px system-ui, "Noto Sans CJK SC", sans-serif' : '12px system-ui, "Noto Sans CJK SC", sans-serif';
      g.fillText(r.kind === 'group' ? r.workshop || '—' : `${r.line.code} ${r.line.name}`, 8, y + r.height / 2, LABELS - 12);
    }
    g.strokeStyle = '#ccc';
    g.beginPath(); g.moveTo(LABELS - 0.5, 0); g.lineTo(LABELS - 0.5, H); g.stroke();
    if (moveStarted.current) {
      onPreviewDrawn?.(performance.now() - moveStarted.current);
      moveStarted.current = 0;
    }
  }, [layout, view, drag, selectedId, markedSet, ghostRects, data, zoom, decl, onPreviewDrawn, weekdays]);

  const toContent = (e: { clientX: number; clientY: number }) => {
    const r = canvas.current!.getBoundingClientRect();
    return { x: e.clientX - r.left - LABELS + view.x, y: e.clientY - r.top - HEADER + view.y, inGrid: e.clientX - r.left >= LABELS && e.clientY - r.top >= HEADER };
  };

  const onPointerDown = (e: React.PointerEvent) => {
    const p = toContent(e);
    if (!p.inGrid) return;
    const hit = hitTest(layout, p.x, p.y);
    if (e.button === 2) {
      if (hit?.kind === 'bar') {
        if (hit.bar.id !== selectedId && !markedSet.has(hit.bar.id)) onSelect(hit.bar);
        onContextMenu?.(hit.bar, e.clientX, e.clientY);
      }
      return;
    }
    const additive = e.ctrlKey || e.metaKey || e.shiftKey;
    if (hit?.kind !== 'bar') { if (!additive) onSelect(null); return; }
    onSelect(hit.bar, additive);
    scroller.current?.focus();
    if (hit.bar.locked || readonly || additive) return;
    const rect = layout.bars.find((b) => b.bar.id === hit.bar.id)!.rect;
    (e.target as Element).setPointerCapture?.(e.pointerId);
    setDrag({ bar: hit.bar, mode: hit.edge === 'end' ? 'resize' : 'move', dx: p.x - rect.x, preview: null });
  };

  const onPointerMove = (e: React.PointerEvent) => {
    const p = toContent(e);
    if (!drag) {
      const hit = p.inGrid ? hitTest(layout, p.x, p.y) : null;
      setTip(hit?.kind === 'bar' ? { x: e.clientX, y: e.clientY, bar: hit.bar } : null);
      if (canvas.current) canvas.current.style.cursor = hit?.kind === 'bar' ? (hit.edge === 'end' ? 'ew-resize' : hit.bar.locked ? 'not-allowed' : 'grab') : 'default';
      return;
    }
    setTip(null);
    moveStarted.current = performance.now();
    const day = Math.floor((p.x - (drag.mode === 'move' ? drag.dx : 0)) / layout.dayWidth);
    if (drag.mode === 'resize') {
      const line = data.lines.find((l) => l.id === drag.bar.line_id)!;
      const startIndex = daysBetween(data.days[0].date, drag.bar.start);
      const endIndex = Math.max(startIndex, Math.min(data.days.length - 1, Math.floor(p.x / layout.dayWidth)));
      const preview = { ...dragPreview(data, drag.bar, line, startIndex), end: data.days[endIndex].date };
      setDrag({ ...drag, preview, endIndex });
      return;
    }
    const hit = hitTest(layout, p.x, p.y);
    const line = hit?.kind === 'cell' ? hit.line : hit?.kind === 'bar' ? data.lines.find((l) => l.id === hit.bar.line_id) : null;
    if (!line) return;
    setDrag({ ...drag, preview: dragPreview(data, drag.bar, line, Math.max(0, day)) });
  };

  const commit = useCallback((d: Drag) => {
    const pv = d.preview;
    if (!pv) return;
    if (pv.refused) {
      onRefused(pv.refused === 'category' ? t('board.refused.category', { line: pv.line.code, category: d.bar.category }) : t('board.refused.locked'));
      return;
    }
    if (d.mode === 'resize') {
      if (pv.end !== d.bar.end) onCommand({ op: 'resize', bar_id: d.bar.id, version: d.bar.version, end: pv.end }, d.bar);
    } else if (pv.start !== d.bar.start || pv.line.id !== d.bar.line_id) {
      onCommand({ op: 'move', bar_id: d.bar.id, version: d.bar.version, line_id: pv.line.id, start: pv.start }, d.bar);
    }
  }, [onCommand, onRefused, t]);

  const onPointerUp = () => {
    if (drag) commit(drag);
    setDrag(null);
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    const bar = data.bars.find((b) => b.id === selectedId);
    if (!bar) return;
    if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
      // The bar's menu from the keyboard, at the bar's visible start.
      e.preventDefault();
      const r = layout.bars.find((b) => b.bar.id === bar.id)?.rect;
      const c = canvas.current?.getBoundingClientRect();
      if (r && c) onContextMenu?.(bar, c.left + Math.max(LABELS, LABELS - view.x + r.x) + 8, c.top + HEADER - view.y + r.y + r.h);
      return;
    }
    if (e.key.startsWith('Arrow')) {
      e.preventDefault();
      if (readonly) return;
      if (bar.locked) { onRefused(t('board.refused.locked')); return; }
      const current = drag?.keyboard && drag.preview ? { ...bar, line_id: drag.preview.line.id, start: drag.preview.start, end: drag.preview.end } : bar;
      const target = keyTarget(layout, data, current, e.key);
      if (target) setDrag({ bar, mode: 'move', dx: 0, keyboard: true, preview: dragPreview(data, bar, target.line, target.dayIndex) });
    } else if (e.key === 'Enter' && drag?.keyboard) {
      e.preventDefault();
      commit(drag);
      setDrag(null);
    } else if (e.key === 'Escape') {
      setDrag(null);
    }
  };

  // The bars in view (at most 400) as an invisible list: position relative to the canvas, for
  // assistive technology and tests; the canvas draws them.
  // Deferred, so that scrolling and dragging draw first and these lists follow when the browser is idle.
  const lazyView = useDeferredValue(view);
  const inView = useMemo(() => visible(layout, lazyView, 0).bars.filter(({ rect }) => rect.x + rect.w > lazyView.x && rect.x < lazyView.x + lazyView.w).slice(0, 400), [layout, lazyView]);
  const totalW = LABELS + layout.width;
  const totalH = HEADER + layout.height;
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
      <div style={{ width: totalW, height: totalH, position: 'absolute', left: 0, top: 0 }}>
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
      <LineFigures data={data} layout={layout} top={HEADER - lazyView.y} />
      <ul data-testid="board-bars" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', margin: -1, padding: 0 }}>
        {inView.map(({ bar, rect }) => (
          <li key={bar.id} data-testid="board-bar" data-bar-id={bar.id} data-plan-id={bar.plan_id} data-line-id={bar.line_id} data-start={bar.start} data-end={bar.end} data-qty={bar.qty} data-locked={bar.locked}
            data-x={Math.round(LABELS - lazyView.x + rect.x)} data-y={Math.round(HEADER - lazyView.y + rect.y)} data-w={Math.round(rect.w)} data-h={Math.round(rect.h)}>
            {bar.plan_no} {bar.style_no} {bar.start}–{bar.end} {bar.qty}
          </li>
        ))}
      </ul>
      {tip && !drag && (
        <div role="tooltip" style={{ position: 'fixed', left: tip.x + 12, top: tip.y + 12, background: '#fff', border: '1px solid #ccc', borderRadius: 4, padding: '6px 8px', fontSize: 12, boxShadow: '0 2px 8px rgba(0,0,0,.15)', zIndex: 10, pointerEvents: 'none' }}>
          {decl.bar.tooltip.map((f) => (
            <div key={f.field}>
              <span style={{ color: '#666' }}>{f.title[lang]}: </span>
              {f.kind === 'number' ? Number((tip.bar as Record<string, unknown>)[f.field] ?? 0).toLocaleString() : String((tip.bar as Record<string, unknown>)[f.field] ?? '—')}
            </div>
          ))}
          {tip.bar.late && <div style={{ color: '#d13438' }}>{t('board.late')}</div>}
        </div>
      )}
    </div>
    {drag?.preview && <DragInfo preview={drag.preview} day={drag.mode === 'resize' ? drag.endIndex ?? 0 : daysBetween(data.days[0].date, drag.preview.start)} />}
    </div>
  );
}

function DragInfo({ preview, day }: { preview: DragPreview; day: number }) {
  const { t } = useTranslation();
  return (
    <div data-testid="drag-info" data-line-id={preview.line.id} data-start={preview.start} data-refused={preview.refused || ''} data-load={Math.round(preview.load[day] ?? 0)} data-capacity={Math.round(preview.capacity[day] ?? 0)} style={{ position: 'absolute', left: LABELS + 8, bottom: 12, background: preview.refused ? '#fde8e8' : '#eef1fd', border: '1px solid #ccd', borderRadius: 4, padding: '4px 8px', fontSize: 12, boxShadow: '0 2px 6px rgba(0,0,0,.12)', pointerEvents: 'none', zIndex: 5 }}>
      {preview.line.code} · {preview.start} → {preview.end} ·{' '}
      <span style={{ color: preview.overloaded[day] ? '#d13438' : undefined }}>
        {t('board.capacity', { load: Math.round(preview.load[day] ?? 0), capacity: Math.round(preview.capacity[day] ?? 0) })}
      </span>
      {preview.refused && <> · {preview.refused === 'category' ? t('board.refused.category', { line: preview.line.code, category: '' }) : t('board.refused.locked')}</>}
    </div>
  );
}


/**
 * The lines' load figures as an invisible list (for assistive technology and tests): per line its
 * capacity and load over the shown range in minutes and the number of overloaded days. The canvas
 * draws the same figures as the capacity strips.
 */
function LineFigures({ data, layout, top }: { data: BoardData; layout: BoardLayout; top: number }) {
  const rows = useMemo(() => data.lines.map((l) => {
    let capacity = 0;
    let load = 0;
    let over = 0;
    for (let i = 0; i < data.days.length; i++) {
      const c = l.capacity[i] ?? 0;
      const d = l.load[i] ?? 0;
      capacity += c;
      load += d;
      if (d > c + 1e-6) over++;
    }
    return { l, capacity: Math.round(capacity), load: Math.round(load), over };
  }), [data]);
  return (
    <ul data-testid="board-lines" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', margin: -1, padding: 0 }}>
      {rows.map(({ l, capacity, load, over }) => (
        <li key={l.id} data-testid={`line-load-${l.code}`} data-line-id={l.id} data-workshop={l.workshop_name} data-y={Math.round(top + (layout.lineRow.get(l.id)?.y ?? 0))} data-load={load} data-capacity={capacity} data-overloaded-days={over}>
          {l.code} {l.name}: {load} / {capacity}
        </li>
      ))}
    </ul>
  );
}
