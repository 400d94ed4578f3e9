import type { LineTimelineDecl } from '../../model/page';
import { addDaysIso } from '../../model/report';

/**
 * A child grid's timeline (`ChildGridDecl.timeline`) laid out (pure, unit-tested): one row per line,
 * days across, its bar from the end of its start day to the end of its end day, the projected bar of
 * an open line where it no longer matches its end (as long as the bar), the actual date as a diamond,
 * today's and the marker's lines. Drawn as plain SVG by LineTimeline.tsx.
 */
type Row = Record<string, unknown>;

/** A line as the timeline reads it through its declaration's fields. */
export type TimelineLine = {
  key: string;
  label: string;
  start: string | null;
  end: string | null;
  actual: string | null;
  projected: string | null;
  emphasis: boolean;
  state: string | null;
  /** The line as the record read it (id, version: what a dragged bar's transition runs at). */
  line: Row;
};

export type TimelineRow = {
  line: TimelineLine;
  y: number;
  bar: { x: number; w: number } | null;
  projected: { x: number; w: number } | null;
  actual: number | null;
};

export type TimelineLayout = {
  from: string;
  days: number;
  dayWidth: number;
  width: number;
  height: number;
  rows: TimelineRow[];
  today: number | null;
  marker: number | null;
  /** Week, fortnight or month ticks along the top. */
  ticks: { x: number; label: string }[];
};

export const LABEL_WIDTH = 170;
export const ROW_HEIGHT = 30;
export const HEADER_HEIGHT = 28;

const day = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v).slice(0, 10));
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** The record's lines read through the timeline's declared fields. */
export function timelineLines(rows: Row[], t: LineTimelineDecl): TimelineLine[] {
  return rows.map((r) => ({
    key: String(r[t.key] ?? ''),
    label: String(r[t.label] ?? ''),
    start: day(r[t.start]),
    end: day(r[t.end]),
    actual: t.actual ? day(r[t.actual]) : null,
    projected: t.projected ? day(r[t.projected]) : null,
    emphasis: t.emphasis ? r[t.emphasis] === true : false,
    state: t.state && r[t.state] !== null && r[t.state] !== undefined ? String(r[t.state]) : null,
    line: r,
  }));
}

export function layoutTimeline(lines: TimelineLine[], opts: { today: string; marker: string | null; width: number }): TimelineLayout {
  const dates: string[] = [opts.today];
  if (opts.marker) dates.push(opts.marker);
  for (const n of lines) for (const d of [n.start, n.end, n.actual, n.projected]) if (d) dates.push(d);
  const min = dates.reduce((a, b) => (b < a ? b : a));
  const max = dates.reduce((a, b) => (b > a ? b : a));
  const from = addDaysIso(min, -2);
  const days = daysBetween(from, max) + 4;
  const dayWidth = Math.max(4, Math.min(28, (opts.width - LABEL_WIDTH - 8) / days));
  const x = (d: string) => LABEL_WIDTH + daysBetween(from, d) * dayWidth;
  // A line's date is the end of its day: bars run to the end of their last day.
  const xEnd = (d: string) => x(d) + dayWidth;
  const rows = lines.map((n, i): TimelineRow => {
    const bar = n.start && n.end ? { x: xEnd(n.start), w: Math.max(dayWidth * 0.5, xEnd(n.end) - xEnd(n.start)) } : null;
    const length = n.start && n.end ? daysBetween(n.start, n.end) : 0;
    const projectedDiffers = !n.actual && n.projected && n.projected !== n.end;
    const projected = projectedDiffers ? { x: xEnd(addDaysIso(n.projected!, -length)), w: Math.max(dayWidth * 0.5, length * dayWidth) } : null;
    return { line: n, y: HEADER_HEIGHT + i * ROW_HEIGHT, bar, projected, actual: n.actual ? x(n.actual) + dayWidth / 2 : null };
  });
  const ticks: { x: number; label: string }[] = [];
  const step = dayWidth >= 14 ? 7 : dayWidth >= 6 ? 14 : 30;
  for (let i = 0; i <= days; i += step) ticks.push({ x: LABEL_WIDTH + i * dayWidth, label: addDaysIso(from, i).slice(5) });
  return {
    from,
    days,
    dayWidth,
    width: LABEL_WIDTH + days * dayWidth + 8,
    height: HEADER_HEIGHT + lines.length * ROW_HEIGHT + 8,
    rows,
    today: x(opts.today) + dayWidth / 2,
    marker: opts.marker ? xEnd(opts.marker) : null,
    ticks,
  };
}

/** Today in the browser's time zone, `YYYY-MM-DD` (the timeline's today line). */
export function localToday(now = new Date()): string {
  return new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate())).toISOString().slice(0, 10);
}

/**
 * Where a bar dragged by `dx` pixels lands: whole days (rounded), the line's new end (its length
 * kept), or null when it did not move a whole day.
 */
export function draggedEnd(end: string | null, dx: number, dayWidth: number): string | null {
  if (!end || !(dayWidth > 0)) return null;
  const days = Math.round(dx / dayWidth);
  return days === 0 ? null : addDaysIso(end, days);
}
