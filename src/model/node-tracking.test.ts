import { describe, expect, it } from 'vitest';
import { planBackFromDelivery, trackOrder } from './node-tracking';

/** A chain with side-by-side nodes, delivery 31 December: A (5) · B1 (4) | B2 (6) · C (3). */
const plan = planBackFromDelivery(
  [
    { node_code: 'A', node_name: 'A', seq: 10, plan_days: 5, actual_date: null as string | null, forecast_date: null as string | null },
    { node_code: 'B1', node_name: 'B1', seq: 20, plan_days: 4, actual_date: null, forecast_date: null },
    { node_code: 'B2', node_name: 'B2', seq: 20, plan_days: 6, actual_date: null, forecast_date: null },
    { node_code: 'C', node_name: 'C', seq: 30, plan_days: 3, actual_date: null, forecast_date: null },
  ],
  '2026-12-31',
);
const by = <T extends { node_code: string }>(nodes: T[]) => Object.fromEntries(nodes.map((n) => [n.node_code, n]));
const withForecast = (code: string, date: string | null) => plan.map((n) => (n.node_code === code ? { ...n, forecast_date: date } : n));

describe('node forecasts and the critical path (issue 31)', () => {
  it('without forecasts the critical path is each stage\'s longest open node, as before', () => {
    const t = by(trackOrder(plan, '2026-12-01').nodes);
    expect([t.A.critical, t.B1.critical, t.B2.critical, t.C.critical]).toEqual([true, false, true, true]);
    expect(t.B2).toMatchObject({ state: 'on_track', projected_date: '2026-12-12' });
  });

  it('a forecast after a node\'s duration slips it and every stage after it; the slipped node takes the critical path of its stage', () => {
    // B1 (4 days) can only end on 30 December by the board: it now decides its stage, not B2.
    const tracked = trackOrder(withForecast('B1', '2026-12-30'), '2026-12-01');
    const t = by(tracked.nodes);
    expect(t.B1).toMatchObject({ projected_date: '2026-12-30', state: 'at_risk', critical: true, delay_days: 2 });
    expect(t.B2.critical).toBe(false);
    expect(t.C).toMatchObject({ projected_date: '2027-01-02', state: 'at_risk', critical: true });
    expect(tracked.projected_end).toBe('2027-01-02');
  });

  it('a forecast after the nodes before it is the node\'s end, even earlier than its duration (the board scheduled that work)', () => {
    // B2 (6 days) scheduled to end on 8 December, two days after A: it no longer decides its stage, B1 (4 days) does.
    const t = by(trackOrder(withForecast('B2', '2026-12-08'), '2026-12-01').nodes);
    expect(t.A.projected_date).toBe('2026-12-06');
    expect(t.B2).toMatchObject({ projected_date: '2026-12-08', critical: false });
    expect(t.B1).toMatchObject({ projected_date: '2026-12-10', critical: true });
  });

  it('a forecast before the nodes before it end counts the duration from them; a done node ignores its forecast', () => {
    const early = by(trackOrder(withForecast('C', '2026-12-02'), '2026-12-01').nodes);
    expect(early.C.projected_date).toBe(by(trackOrder(plan, '2026-12-01').nodes).C.projected_date);
    const done = by(trackOrder(withForecast('A', '2027-02-01').map((n) => (n.node_code === 'A' ? { ...n, actual_date: '2026-12-01' } : n)), '2026-12-01').nodes);
    expect(done.A).toMatchObject({ state: 'done', projected_date: '2026-12-01' });
  });
});
