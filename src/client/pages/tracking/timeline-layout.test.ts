import { describe, expect, it } from 'vitest';
import { planBackFromDelivery, trackOrder } from '../../../model/node-tracking';
import { nodeSummary } from './timeline-layout';

const plan = planBackFromDelivery(
  [
    { node_code: 'A', node_name: 'A', seq: 10, plan_days: 5, actual_date: null as string | null },
    { node_code: 'B1', node_name: 'B1', seq: 20, plan_days: 4, actual_date: null },
    { node_code: 'B2', node_name: 'B2', seq: 20, plan_days: 6, actual_date: null },
    { node_code: 'C', node_name: 'C', seq: 30, plan_days: 3, actual_date: null },
  ],
  '2026-12-31',
);

describe('node plans', () => {
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
});
