/**
 * Plan against actual on the board (issue 31): the figures of the actuals read
 * (src/model/schedule-actuals.ts) keyed for drawing, and the drawing layer board-draw.ts calls over the
 * bars and the row labels when the toolbar's 计划/实际 switch is on:
 * - a bar tracked by scans gets an inner bar of its pieces made (green on pace, amber behind, red far
 *   behind) with a white tick at the pieces planned by today;
 * - a running bar whose forecast end differs from its planned end gets a diamond on the forecast end's
 *   day: later than planned in red, joined to the bar by a dashed line; earlier in green;
 * - a line's label shows its planned and actual pieces over the days in view up to today.
 */
import type { BarActual, LineActual, ScheduleActuals } from '../../model/schedule-actuals';
import type { BoardLayout } from './board-model';
import { daysBetween } from './board-model';

export type BoardActualsView = {
  raw: ScheduleActuals;
  byBar: Map<number, BarActual>;
  byLine: Map<number, LineActual>;
};

export function actualsView(raw: ScheduleActuals): BoardActualsView {
  return { raw, byBar: new Map(raw.bars.map((b) => [b.bar_id, b])), byLine: new Map(raw.lines.map((l) => [l.line_id, l])) };
}

/** How a bar stands: on pace (made at least 95 % of the planned pieces to date), behind, far behind (below 80 %). */
export function paceOf(b: BarActual): 'done' | 'ahead' | 'behind' | 'far' {
  if (b.done) return 'done';
  if (b.planned_to_date <= 0 || b.actual >= 0.95 * b.planned_to_date) return 'ahead';
  return b.actual >= 0.8 * b.planned_to_date ? 'behind' : 'far';
}

/** Days between the planned and the forecast end (positive: later than planned); 0 when equal or unknown. */
export function forecastSlip(b: BarActual): number {
  return b.forecast_end && !b.done ? daysBetween(b.plan_end, b.forecast_end) : 0;
}

/** A line's planned and actual pieces over day indexes [first, last] of the range up to the as-of day (all after it: the range up to it). */
export function lineFigures(a: BoardActualsView, lineId: number, first: number, last: number): { planned: number; actual: number } | null {
  const l = a.byLine.get(lineId);
  if (!l) return null;
  const asOf = a.raw.days.indexOf(a.raw.as_of);
  const end = Math.min(last, asOf >= 0 ? asOf : last);
  // Days in view all after today: the range's days up to today instead (nothing made in the future).
  const start = asOf >= 0 && first > asOf ? 0 : Math.max(0, first);
  let planned = 0;
  let actual = 0;
  for (let i = start; i <= (asOf >= 0 && first > asOf ? asOf : end); i++) {
    planned += l.planned[i] ?? 0;
    actual += l.actual[i] ?? 0;
  }
  return { planned, actual };
}

const PACE_COLOUR = { done: '#0b6a0b', ahead: '#107c10', behind: '#f7a800', far: '#c50f1f' } as const;
export const LATE_COLOUR = '#c50f1f';
export const EARLY_COLOUR = '#107c10';

/** The layer over the bars: actual fill and planned-by-today tick, then (over every fill) the forecast end markers. */
export function drawActualBars(g: CanvasRenderingContext2D, a: BoardActualsView, layout: BoardLayout, bars: BoardLayout['bars'], ox: number, oy: number, from: string): void {
  const marks: { x: number; y: number; w: number; h: number; b: BarActual }[] = [];
  for (const { bar, rect } of bars) {
    const b = a.byBar.get(bar.id);
    if (!b) continue;
    const x = ox + rect.x;
    const y = oy + rect.y;
    const w = rect.w - 1;
    const fy = y + rect.h - 8;
    g.fillStyle = 'rgba(255,255,255,0.85)';
    g.fillRect(x + 1, fy, w - 2, 6);
    g.fillStyle = PACE_COLOUR[paceOf(b)];
    g.fillRect(x + 1, fy, Math.max(1, (w - 2) * Math.min(1, b.qty > 0 ? b.actual / b.qty : 0)), 6);
    if (!b.done && b.planned_to_date > 0) {
      const tx = x + 1 + (w - 2) * Math.min(1, b.planned_to_date / b.qty);
      g.fillStyle = '#111';
      g.fillRect(Math.round(tx) - 1, fy - 2, 2, 10);
    }
    if (forecastSlip(b) && b.forecast_end) marks.push({ x, y, w, h: rect.h, b });
  }
  // The forecast end on its day, in the bar's fill band (under the labels of the bars it crosses).
  const dw = layout.dayWidth;
  for (const { x, y, w, h, b } of marks) {
    const slip = forecastSlip(b);
    const ex = ox + (daysBetween(from, b.forecast_end!) + 0.5) * dw;
    const my = y + h - 5;
    const colour = slip > 0 ? LATE_COLOUR : EARLY_COLOUR;
    if (slip > 0) {
      g.strokeStyle = colour;
      g.lineWidth = 2;
      g.setLineDash([4, 3]);
      g.beginPath(); g.moveTo(x + w, my); g.lineTo(ex, my); g.stroke();
      g.setLineDash([]);
      g.lineWidth = 1;
    }
    const r = Math.min(6, Math.max(4, dw / 3));
    g.fillStyle = colour;
    g.strokeStyle = '#fff';
    g.beginPath(); g.moveTo(ex, my - r); g.lineTo(ex + r, my); g.lineTo(ex, my + r); g.lineTo(ex - r, my); g.closePath(); g.fill(); g.stroke();
  }
}

/** The layer over the row labels: a line's planned and actual pieces of the days in view up to today. */
export function drawActualLabels(g: CanvasRenderingContext2D, a: BoardActualsView, rows: BoardLayout['rows'], oy: number, header: number, width: number, days: [number, number], text: (planned: number, actual: number) => string, font: string): void {
  g.font = `11px ${font}`;
  for (const r of rows) {
    if (r.kind !== 'line') continue;
    const y = oy + r.y;
    if (y + r.height < header) continue;
    const f = lineFigures(a, r.line.id, days[0], days[1]);
    if (!f) continue;
    g.fillStyle = '#fff';
    g.fillRect(0, y + 18, width - 1, 14);
    g.fillStyle = f.planned > 0 && f.actual < 0.9 * f.planned ? LATE_COLOUR : '#0b6a0b';
    g.fillText(text(f.planned, f.actual), 8, y + 25, width - 12);
  }
  g.font = `12px ${font}`;
}
