import { describe, expect, it } from 'vitest';
import { HEADER_HEIGHT, LABEL_WIDTH, ROW_HEIGHT, draggedEnd, layoutTimeline, localToday, timelineLines } from './line-timeline-layout';

/** Four dated lines as a tracked order's nodes carry them (A done, B2 and C behind their plan). */
const rows = [
  { code: 'A', name: 'A', start: '2026-12-17', end: '2026-12-22', done: '2026-12-21', projected: '2026-12-21', critical: true, state: 'done' },
  { code: 'B1', name: 'B1', start: '2026-12-24', end: '2026-12-28', done: null, projected: '2026-12-28', critical: false, state: 'on_track' },
  { code: 'B2', name: 'B2', start: '2026-12-22', end: '2026-12-28', done: null, projected: '2026-12-30', critical: true, state: 'at_risk' },
  { code: 'C', name: 'C', start: '2026-12-28', end: '2026-12-31', done: null, projected: '2027-01-02', critical: true, state: 'at_risk' },
];
const decl = { key: 'code', label: 'name', start: 'start', end: 'end', actual: 'done', projected: 'projected', emphasis: 'critical', state: 'state' };

describe("a child grid's timeline", () => {
  it('reads the lines through the declared fields', () => {
    const [a, b1] = timelineLines(rows, decl);
    expect(a).toMatchObject({ key: 'A', label: 'A', start: '2026-12-17', end: '2026-12-22', actual: '2026-12-21', emphasis: true, state: 'done' });
    expect(b1).toMatchObject({ actual: null, emphasis: false, state: 'on_track' });
    expect(timelineLines(rows, { key: 'code', label: 'name', start: 'start', end: 'end' })[0]).toMatchObject({ actual: null, projected: null, emphasis: false, state: null });
  });

  it('lays the rows out by day: bars, projected bars where they differ, actual diamonds, today and the marker', () => {
    const l = layoutTimeline(timelineLines(rows, decl), { today: '2026-12-24', marker: '2026-12-31', width: 1000 });
    expect(l.from).toBe('2026-12-15');
    expect(l.rows.map((r) => r.y)).toEqual([0, 1, 2, 3].map((i) => HEADER_HEIGHT + i * ROW_HEIGHT));
    const a = l.rows[0];
    // A: planned 17th to 22nd (5 days), done the 21st.
    expect(a.bar!.w).toBeCloseTo(5 * l.dayWidth);
    expect(a.bar!.x).toBeCloseTo(LABEL_WIDTH + 3 * l.dayWidth);
    expect(a.actual).toBeCloseTo(LABEL_WIDTH + 6.5 * l.dayWidth);
    expect(a.projected).toBeNull();
    // B2 runs from today (24th) to the 30th: behind its plan of the 28th, so a projected bar of its length shows.
    const b2 = l.rows.find((r) => r.line.key === 'B2')!;
    expect(b2.projected!.w).toBeCloseTo(6 * l.dayWidth);
    expect(b2.projected!.x).toBeCloseTo(LABEL_WIDTH + 10 * l.dayWidth);
    expect(l.rows.find((r) => r.line.key === 'B1')!.projected).toBeNull();
    expect(l.today).toBeCloseTo(LABEL_WIDTH + 9.5 * l.dayWidth);
    expect(l.marker).toBeCloseTo(LABEL_WIDTH + 17 * l.dayWidth);
  });

  it("reads today in the browser's own time zone", () => {
    expect(localToday(new Date(2026, 11, 6, 23, 59))).toBe('2026-12-06');
    expect(localToday(new Date(2026, 0, 1, 0, 1))).toBe('2026-01-01');
  });

  it('lands a dragged bar on whole days (rounded), keeps the date when it moved less than half a day, and needs an end', () => {
    expect(draggedEnd('2026-12-20', 31, 10)).toBe('2026-12-23');
    expect(draggedEnd('2026-12-20', -26, 10)).toBe('2026-12-17');
    expect(draggedEnd('2026-12-20', 4, 10)).toBeNull();
    expect(draggedEnd(null, 40, 10)).toBeNull();
  });
});
