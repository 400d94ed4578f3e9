/**
 * Drawing of the scheduling board on its canvas (the size of the viewport): day shading, line rows
 * with their sub-rows and capacity strips, live positions under a scenario, bars, today, the drag
 * ghost, the day header and the row labels with each line's load over the visible days. Only what is
 * in view is drawn (`visible`); the figures come from board-model.ts, nothing is computed twice.
 */
import type { CalendarDecl, CalendarZoom } from '../../model/calendar';
import type { BoardBar, BoardData } from '../../model/schedule-board';
import type { LaidBar } from './board-layout';
import { dayLoad, daysBetween, type BoardLayout, type DragPreview, GROUP_HEIGHT, loadPercent, progress, type Rect, spanRect, STRIP_HEIGHT, visible } from './board-model';

export const HEADER = 40;
export const LABELS = 180;
const PALETTE = ['#4f6bed', '#2e9e8f', '#c97b1a', '#8a5cc7', '#3a8fd1', '#b5486b', '#5b8c32', '#9a6b3f'];
const FONT = 'system-ui, "Noto Sans CJK SC", sans-serif';

const colours = new Map<string, string>();
function colourOf(category: string): string {
  let colour = colours.get(category);
  if (colour === undefined) {
    let h = 0;
    for (const c of category) h = (h * 31 + c.charCodeAt(0)) >>> 0;
    colour = PALETTE[h % PALETTE.length];
    colours.set(category, colour);
  }
  return colour;
}

/**
 * A bar's label and its width at the bars' font, kept per bar object (a changed bar is a new object):
 * the label is built and measured once, not on every frame, and clipped only when it does not fit.
 */
const labels = new WeakMap<BoardBar, { decl: CalendarDecl; text: string; width: number }>();
function labelOf(g: CanvasRenderingContext2D, decl: CalendarDecl, bar: BoardBar): { text: string; width: number } {
  const known = labels.get(bar);
  if (known && known.decl === decl) return known;
  const text = decl.bar.label.map((f) => String((bar as Record<string, unknown>)[f] ?? '')).join(' · ');
  const label = { decl, text, width: g.measureText(text).width };
  labels.set(bar, label);
  return label;
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

export type DrawState = {
  decl: CalendarDecl;
  data: BoardData;
  layout: BoardLayout;
  zoom: CalendarZoom;
  view: Rect;
  drag: { barId: number; preview: DragPreview | null } | null;
  selectedId: number | null;
  marked: Set<number>;
  ghosts: Rect[];
  weekdays: string[];
  /** The line label's second line: average and peak load of the visible days. */
  loadText: (average: number, peak: number) => string;
  /** Drawn over the bars, and over the row labels (plan against actual, board-actuals.ts). */
  layer?: BoardLayer;
};

/**
 * Whether two states draw the same picture: the same view (position and size), the same drag (bar and
 * preview) and every other part the same object. The view told to React after a scroll has already
 * drawn it (useBoardViewport) makes such a state again: at 100,000 bars a month-zoom sideways scroll
 * drew the whole canvas twice in one frame every 100 ms that way (B5, 2026-12-07 twenty-first session).
 */
export function sameDrawing(a: DrawState, b: DrawState): boolean {
  const v = a.view;
  const w = b.view;
  const drag = a.drag === b.drag || (!!a.drag && !!b.drag && a.drag.barId === b.drag.barId && a.drag.preview === b.drag.preview);
  return v.x === w.x && v.y === w.y && v.w === w.w && v.h === w.h && drag && a.decl === b.decl && a.data === b.data && a.layout === b.layout
    && a.zoom === b.zoom && a.selectedId === b.selectedId && a.marked === b.marked && a.ghosts === b.ghosts && a.weekdays === b.weekdays
    && a.loadText === b.loadText && a.layer === b.layer;
}

/** A drawing layer over the board: over the bars in view, and over the labels of the rows in view. */
export type BoardLayer = {
  bars?: (g: CanvasRenderingContext2D, bars: BoardLayout['bars'], ox: number, oy: number, from: string) => void;
  labels?: (g: CanvasRenderingContext2D, rows: BoardLayout['rows'], oy: number, days: [number, number]) => void;
};

/** One frame's geometry: the context, the visible part, the content's offset on the canvas, its size. */
type Frame = { g: CanvasRenderingContext2D; v: ReturnType<typeof visible>; lastDay: number; ox: number; oy: number; W: number; H: number; dw: number; from: string };

export function drawBoard(c: HTMLCanvasElement, s: DrawState): void {
  const { data, layout, view, drag } = s;
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
  g.font = `12px ${FONT}`;
  g.textBaseline = 'middle';
  const v = visible(layout, view, 0);
  const f: Frame = { g, v, lastDay: Math.min(v.lastDay, data.days.length - 1), ox: LABELS - view.x, oy: HEADER - view.y, W, H, dw: layout.dayWidth, from: data.days[0]?.date ?? data.from };
  const preview = drag?.preview ?? null;
  drawDays(f, s);
  drawRows(f, preview);
  drawLiveGhosts(f, s);
  drawBars(g, s, v.bars, f.ox, f.oy);
  s.layer?.bars?.(g, v.bars, f.ox, f.oy, f.from);
  const ti = drawToday(f, s);
  drawDragGhost(f, s, preview);
  drawHeader(g, s, v.firstDay, f.lastDay, W, f.ox, ti);
  drawLabels(g, s, v.rows, H, f.lastDay);
  s.layer?.labels?.(g, v.rows, HEADER - view.y, [Math.max(0, Math.floor(view.x / layout.dayWidth)), Math.min(f.lastDay, Math.floor((view.x + view.w - 1) / layout.dayWidth))]);
}

/** Day shading (rest days and holidays), overtime tint. */
function drawDays({ g, v, lastDay, ox, dw, H }: Frame, s: DrawState) {
  for (let i = v.firstDay; i <= lastDay; i++) {
    const d = s.data.days[i];
    const x = ox + i * dw;
    if (d.holiday) { g.fillStyle = '#fde8e8'; g.fillRect(x, HEADER, dw, H); }
    else if (!d.working) { g.fillStyle = '#e9e9ee'; g.fillRect(x, HEADER, dw, H); }
    else if (d.overtime) { g.fillStyle = '#fff6e0'; g.fillRect(x, HEADER, dw, H); }
  }
}

/** Rows: group headers, line separators, capacity strips (the drag's target line with its load after the drop). */
function drawRows({ g, v, lastDay, ox, oy, dw, W }: Frame, preview: DragPreview | null) {
  // Per tone (STRIP_TONES, then the same faint): x, y, width of each day's strip.
  const strips: number[][] = [[], [], [], [], [], []];
  for (const r of v.rows) {
    const y = oy + r.y;
    if (r.kind === 'group') {
      g.fillStyle = '#e8ebf3';
      g.fillRect(LABELS, y, W, GROUP_HEIGHT);
      continue;
    }
    const target = preview?.line.id === r.line.id;
    if (target) {
      g.fillStyle = preview!.refused ? 'rgba(209,52,56,0.12)' : 'rgba(79,107,237,0.08)';
      g.fillRect(LABELS, y, W, r.height);
    }
    g.strokeStyle = '#e3e3e6';
    g.beginPath(); g.moveTo(LABELS, y + r.height - 0.5); g.lineTo(W, y + r.height - 0.5); g.stroke();
    const load = target ? preview!.load : r.line.load;
    const sy = y + r.height - STRIP_HEIGHT - 1;
    const gap = dw >= 10 ? 1 : 0;
    for (let i = v.firstDay; i <= lastDay; i++) {
      const d = dayLoad(r.line, load, i);
      if (!d.capacity && !d.load) continue;
      const tone = (d.over ? 0 : d.percent !== null && d.percent > 85 ? 1 : 2) + (d.load ? 0 : 3);
      const ratio = d.capacity ? d.load / d.capacity : 1;
      strips[tone].push(ox + i * dw + gap, sy, Math.max(1, (dw - 2 * gap) * Math.min(1, d.load ? ratio : 1)));
    }
  }
  // Every day of every strip in view, drawn by tone with its style set once (not per day).
  strips.forEach((list, tone) => {
    if (!list.length) return;
    g.fillStyle = STRIP_TONES[tone % 3];
    g.globalAlpha = tone < 3 ? 1 : 0.25;
    for (let k = 0; k < list.length; k += 3) g.fillRect(list[k], list[k + 1], list[k + 2], STRIP_HEIGHT);
  });
  g.globalAlpha = 1;
}

/** A capacity strip's day: over capacity, above 85 %, else; a day without load is drawn faint. */
const STRIP_TONES = ['#d13438', '#e8a33d', '#6bb36b'];

/** Live positions of the plans a scenario moves: dashed outlines under the scenario's bars. */
function drawLiveGhosts({ g, ox, oy }: Frame, s: DrawState) {
  const { view } = s;
  for (const rect of s.ghosts) {
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
}

/** Today's line; returns today's day index (the header marks it). */
function drawToday({ g, ox, dw, H, from }: Frame, s: DrawState): number {
  const ti = daysBetween(from, new Date().toISOString().slice(0, 10));
  if (ti >= 0 && ti < s.data.days.length) {
    const x = ox + ti * dw + (s.zoom === 'day' ? dw / 2 : 0);
    g.strokeStyle = '#0f6cbd';
    g.lineWidth = 2;
    g.beginPath(); g.moveTo(x, HEADER); g.lineTo(x, H); g.stroke();
    g.lineWidth = 1;
  }
  return ti;
}

/** The drag ghost at its target, over all the target line's sub-rows. */
function drawDragGhost({ g, ox, oy, from }: Frame, s: DrawState, preview: DragPreview | null) {
  if (!preview) return;
  const r = spanRect(s.layout, from, preview.line.id, preview.start, preview.end);
  if (!r) return;
  g.strokeStyle = preview.refused ? '#d13438' : preview.overloads.length ? '#c50f1f' : '#111';
  g.lineWidth = preview.overloads.length ? 2 : 1;
  g.setLineDash([4, 3]);
  g.strokeRect(ox + r.x + 0.5, oy + r.y + 0.5, r.w - 1, r.h - 1);
  g.setLineDash([]);
  g.lineWidth = 1;
}

/**
 * The bars in view, drawn layer by layer rather than bar by bar: all fills of one colour, then the
 * locked shade, the progress strips, the late marks and the edges, each with its style set once, then
 * what only some bars have (selection, padlock, label). Bars of a sub-row never overlap, so the order
 * of layers across bars draws the same picture; at month zoom a frame has ~2,400 bars in view, and
 * setting a style per bar and per layer cost more than the rectangles (B5 at 100,000 bars, seventh session).
 * The dragged bar is drawn faded on its own.
 */
function drawBars(g: CanvasRenderingContext2D, s: DrawState, bars: BoardLayout['bars'], ox: number, oy: number) {
  const draggedId = s.drag?.barId;
  const byColour = new Map<string, LaidBar[]>();
  for (const b of bars) {
    if (b.bar.id === draggedId) continue;
    const colour = colourOf(b.bar.category);
    const list = byColour.get(colour);
    if (list) list.push(b);
    else byColour.set(colour, [b]);
  }
  for (const [colour, list] of byColour) {
    g.fillStyle = colour;
    for (const { rect } of list) g.fillRect(ox + rect.x, oy + rect.y, rect.w - 1, rect.h);
  }
  const layer = (style: string, pick: (b: LaidBar) => boolean, draw: (x: number, y: number, b: LaidBar) => void) => {
    let set = false;
    for (const b of bars) {
      if (b.bar.id === draggedId || !pick(b)) continue;
      if (!set) { g.fillStyle = style; set = true; }
      draw(ox + b.rect.x, oy + b.rect.y, b);
    }
  };
  layer('rgba(0,0,0,0.18)', (b) => b.bar.locked, (x, y, { rect }) => g.fillRect(x, y, rect.w - 1, rect.h));
  layer('rgba(255,255,255,0.35)', (b) => progress(b.bar) > 0, (x, y, { bar, rect }) => g.fillRect(x, y + rect.h - 4, (rect.w - 1) * progress(bar), 4));
  layer('#d13438', (b) => b.bar.late, (x, y, { rect }) => g.fillRect(x + rect.w - 5, y, 4, rect.h));
  // A thin edge so that bars side by side on a line stay apart.
  g.strokeStyle = 'rgba(0,0,0,0.28)';
  for (const { bar, rect } of bars) if (bar.id !== draggedId) g.strokeRect(ox + rect.x + 0.5, oy + rect.y + 0.5, rect.w - 2, rect.h - 1);
  for (const b of bars) {
    if (b.bar.id === draggedId) drawBar(g, s, b, ox, oy);
    else drawBarMarks(g, s, b, ox, oy);
  }
}

/** One bar with all its layers (the dragged one, faded). */
function drawBar(g: CanvasRenderingContext2D, s: DrawState, b: LaidBar, ox: number, oy: number) {
  const { bar, rect } = b;
  const x = ox + rect.x;
  const y = oy + rect.y;
  g.globalAlpha = 0.35;
  g.fillStyle = colourOf(bar.category);
  g.fillRect(x, y, rect.w - 1, rect.h);
  if (bar.locked) { g.fillStyle = 'rgba(0,0,0,0.18)'; g.fillRect(x, y, rect.w - 1, rect.h); }
  g.fillStyle = 'rgba(255,255,255,0.35)';
  g.fillRect(x, y + rect.h - 4, (rect.w - 1) * progress(bar), 4);
  if (bar.late) { g.fillStyle = '#d13438'; g.fillRect(x + rect.w - 5, y, 4, rect.h); }
  g.strokeStyle = 'rgba(0,0,0,0.28)';
  g.strokeRect(x + 0.5, y + 0.5, rect.w - 2, rect.h - 1);
  drawBarMarks(g, s, b, ox, oy);
  g.globalAlpha = 1;
}

/** What only some bars show: the selection's frame, the padlock and the label (where the bar is wide enough in view). */
function drawBarMarks(g: CanvasRenderingContext2D, s: DrawState, { bar, rect }: LaidBar, ox: number, oy: number) {
  const x = ox + rect.x;
  const y = oy + rect.y;
  if (bar.id === s.selectedId || s.marked.has(bar.id)) { g.strokeStyle = '#111'; g.lineWidth = 2; g.strokeRect(x + 1, y + 1, rect.w - 3, rect.h - 2); g.lineWidth = 1; }
  // The label and padlock stay at the visible start of a bar that begins left of the view.
  const tx = Math.max(x, LABELS);
  const tw = x + rect.w - tx;
  if (bar.locked && tw > 12) drawLock(g, tx + 4, y + rect.h / 2 - 5);
  if (tw > 30) {
    const label = labelOf(g, s.decl, bar);
    const lx = tx + (bar.locked ? 18 : 4);
    const fits = lx + label.width <= tx + tw - 6;
    if (!fits) { g.save(); g.beginPath(); g.rect(tx, y, tw - 6, rect.h); g.clip(); }
    g.fillStyle = '#fff';
    g.fillText(label.text, lx, y + rect.h / 2 - 1);
    if (!fits) g.restore();
  }
}

function drawHeader(g: CanvasRenderingContext2D, s: DrawState, firstDay: number, lastDay: number, W: number, ox: number, ti: number) {
  const { data, layout, zoom } = s;
  const dw = layout.dayWidth;
  g.fillStyle = '#fafafa';
  g.fillRect(0, 0, W, HEADER);
  g.fillStyle = '#333';
  for (let i = firstDay; i <= lastDay; i++) {
    const date = data.days[i].date;
    const x = ox + i * dw;
    if (x < LABELS - dw) continue;
    const day = Number(date.slice(8));
    const wd = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (day === 1) g.fillText(date.slice(0, 7), Math.max(x, LABELS) + 2, 10);
    else if (i === firstDay) drawStickyMonth(g, s, i, x, ox);
    if (zoom === 'day') {
      g.fillStyle = data.days[i].holiday ? '#d13438' : data.days[i].working ? '#333' : '#999';
      g.fillText(`${day} ${s.weekdays[wd]}`, x + 4, 28);
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
}

/**
 * The month of the first day in view, held at the left edge like a sticky header; pushed left by the
 * next month's label as that one comes near, and gone once there is no room (at month zoom a month
 * is ~120 px, so the two labels met when the view began at the month's last days).
 */
function drawStickyMonth(g: CanvasRenderingContext2D, s: DrawState, i: number, x: number, ox: number) {
  const { days } = s.data;
  const text = days[i].date.slice(0, 7);
  let at = Math.max(x, LABELS) + 2;
  let next = i + 1;
  while (next < days.length && Number(days[next].date.slice(8)) !== 1) next++;
  if (next < days.length) {
    const room = ox + next * s.layout.dayWidth + 2 - MONTH_GAP - g.measureText(text).width;
    if (room < LABELS + 2) return;
    at = Math.min(at, room);
  }
  g.fillText(text, at, 10);
}
const MONTH_GAP = 8;

/** Row labels: the workshop, or the line's code and name over its load of the days in view. */
function drawLabels(g: CanvasRenderingContext2D, s: DrawState, rows: BoardLayout['rows'], H: number, lastDay: number) {
  const oy = HEADER - s.view.y;
  // The days wholly or partly in view, not the drawing margin.
  const first = Math.max(0, Math.floor(s.view.x / s.layout.dayWidth));
  const last = Math.min(lastDay, Math.floor((s.view.x + s.view.w - 1) / s.layout.dayWidth));
  g.fillStyle = '#fff';
  g.fillRect(0, HEADER, LABELS, H);
  for (const r of rows) {
    const y = oy + r.y;
    if (y + r.height < HEADER) continue;
    g.fillStyle = r.kind === 'group' ? '#e8ebf3' : '#fff';
    g.fillRect(0, y, LABELS, r.height);
    if (r.kind === 'group') {
      g.fillStyle = '#333';
      g.font = `600 12px ${FONT}`;
      g.fillText(r.workshop || '—', 8, y + r.height / 2, LABELS - 12);
      continue;
    }
    g.fillStyle = '#222';
    g.font = `12px ${FONT}`;
    g.fillText(`${r.line.code} ${r.line.name}`, 8, y + 11, LABELS - 12);
    const pct = loadPercent(r.line, first, last);
    if (pct) {
      g.font = `11px ${FONT}`;
      g.fillStyle = pct.peak > 100 ? '#c50f1f' : '#666';
      g.fillText(s.loadText(pct.average, pct.peak), 8, y + 25, LABELS - 12);
    }
  }
  g.font = `12px ${FONT}`;
  g.strokeStyle = '#ccc';
  g.beginPath(); g.moveTo(LABELS - 0.5, 0); g.lineTo(LABELS - 0.5, H); g.stroke();
}
