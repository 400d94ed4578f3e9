import { describe, expect, it } from 'vitest';
import { planBackFromDelivery, trackOrder } from '../../../model/node-tracking';
import { HEADER_HEIGHT, LABEL_WIDTH, ROW_HEIGHT, draggedPlanDate, layoutTimeline, localToday, nodeSummary } from './timeline-layout';

const plan = planBackFromDelivery(
  [
    { node_code: 'A', node_name: 'A', seq: 10, plan_days: 5, actual_date: null as string | null },
    { node_code: 'B1', node_name: 'B1', seq: 20, plan_days: 4, actual_date: null },
    { node_code: 'B2', node_name: 'B2', seq: 20, plan_days: 6, actual_date: null },
    { node_code: 'C', node_name: 'C', seq: 30, plan_days: 3, actual_date: null },
  ],
  '2026-12-31',
);

describe('node plans and their timeline', () => {
  it('counts stages back from delivery; side-by-side nodes share a stage lasting its longest node', () => {
    const by = Object.fromEntries(plan.map((n) => [n.node_code, n]));
    expect(by.C).toMatchObject({ plan_start: '2026-12-28', plan_date: '2026-12-31' });
    expect(by.B1).toMatchObject({ plan_start: '2026-12-24', plan_date: '2026-12-28' });
    expect(by.B2).toMatchObject({ plan_start: '2026-12-22', plan_date: '2026-12-28' });
    expect(by.A).toMatchObject({ plan_start: '2026-12-17', plan_date: '2026-12-22' });
  });

  it('flags late and at-risk nodes from today and the last actual date, and marks the critical path', () => {
    const t = trackOrder(plan, '2026-12-20');
    const by = Object.fromEntries(t.nodes.map((n) => [n.node_code, n]));
    // From the 20th: A ends the 25th (plan the 22nd), B2 the 31st, C on 3 January: all behind.
    expect(by.A).toMatchObject({ state: 'at_risk', projected_date: '2026-12-25', critical: true });
    expect(by.B2).toMatchObject({ state: 'at_risk', projected_date: '2026-12-31', critical: true });
    expect(by.B1.critical).toBe(false);
    expect(t.projected_end).toBe('2027-01-03');
    const later = trackOrder(plan.map((n) => (n.node_code === 'A' ? { ...n, actual_date: '2026-12-16' } : n)), '2026-12-29');
    const l = Object.fromEntries(later.nodes.map((n) => [n.node_code, n]));
    expect(l.A.state).toBe('done');
    expect(l.B1.state).toBe('late');
    expect(l.C.state).toBe('at_risk');
    expect(later.late).toBe(2);
    // Done late keeps its own state.
    expect(trackOrder(plan.map((n) => ({ ...n, actual_date: n.node_code === 'A' ? '2026-12-23' : null })), '2026-12-01').nodes[0].state).toBe('done_late');
  });

  it('lays the rows out by day: planned bars, projected bars where they differ, actual diamonds, today and delivery', () => {
    const t = trackOrder(plan.map((n) => (n.node_code === 'A' ? { ...n, actual_date: '2026-12-21' } : n)), '2026-12-24');
    const l = layoutTimeline(t.nodes, { today: '2026-12-24', delivery: '2026-12-31', width: 1000 });
    expect(l.from).toBe('2026-12-15');
    expect(l.rows.map((r) => r.y)).toEqual([0, 1, 2, 3].map((i) => HEADER_HEIGHT + i * ROW_HEIGHT));
    const a = l.rows[0];
    // A: planned 17th to 22nd (5 days), done the 21st.
    expect(a.plan!.w).toBeCloseTo(5 * l.dayWidth);
    expect(a.plan!.x).toBeCloseTo(LABEL_WIDTH + 3 * l.dayWidth);
    expect(a.actual).toBeCloseTo(LABEL_WIDTH + 6.5 * l.dayWidth);
    expect(a.projected).toBeNull();
    // B2 runs from today (24th) to the 30th: behind its plan of the 28th, so a projected bar shows.
    expect(l.rows.find((r) => r.node.node_code === 'B2')!.projected).not.toBeNull();
    expect(l.today).toBeCloseTo(LABEL_WIDTH + 9.5 * l.dayWidth);
    expect(l.delivery).toBeCloseTo(LABEL_WIDTH + 17 * l.dayWidth);
  });
});

describe('the summary drawn from the record\'s node lines', () => {
  it('counts what trackOrder counts: done, late, at risk and the projected end', () => {
    for (const [nodes, today] of [
      [plan, '2026-12-20'],
      [plan, '2026-12-24'],
      [plan.map((n) => (n.node_code === 'A' ? { ...n, actual_date: '2026-12-23' } : n)), '2026-12-24'],
      [plan.map((n) => ({ ...n, actual_date: n.plan_date })), '2027-01-05'],
    ] as const) {
      const t = trackOrder([...nodes], today);
      expect(nodeSummary(t.nodes)).toEqual({ done: t.done, late: t.late, at_risk: t.at_risk, projected_end: t.projected_end });
    }
    expect(nodeSummary([])).toEqual({ done: 0, late: 0, at_risk: 0, projected_end: null });
  });

  it('reads today in the browser\'s own time zone', () => {
    expect(localToday(new Date(2026, 11, 6, 23, 59))).toBe('2026-12-06');
    expect(localToday(new Date(2026, 0, 1, 0, 1))).toBe('2026-01-01');
  });
});

describe('dragging a planned bar', () => {
  it('lands on whole days (rounded), keeps the date when it moved less than half a day, and needs a planned date', () => {
    expect(draggedPlanDate('2026-12-20', 31, 10)).toBe('2026-12-23');
    expect(draggedPlanDate('2026-12-20', -26, 10)).toBe('2026-12-17');
    expect(draggedPlanDate('2026-12-20', 4, 10)).toBeNull();
    expect(draggedPlanDate(null, 40, 10)).toBeNull();
  });
});
