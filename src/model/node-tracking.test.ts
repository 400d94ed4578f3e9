import { describe, expect, it } from 'vitest';
import { addDaysIso, dayNumber, orderFlagged, planBackFromDelivery, trackOrder, type OrderDays, type TrackedNodeInput } from './node-tracking';

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

/** A small seeded generator (the same orders every run). */
function random(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (x + 0x6d2b79f5) >>> 0;
    let r = Math.imul(x ^ (x >>> 15), 1 | x);
    r ^= r + Math.imul(r ^ (r >>> 7), 61 | r);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/** The open nodes of an order as `orderFlagged` reads them (sorted by seq, day numbers), as the server's read gives them. */
function daysOf(nodes: TrackedNodeInput[]): OrderDays {
  const open = nodes.filter((n) => !n.actual_date).sort((a, b) => a.seq - b.seq);
  const actuals = nodes.filter((n) => n.actual_date).map((n) => dayNumber(n.actual_date!));
  const day = (d: string | null | undefined) => (d ? dayNumber(d) : null);
  return {
    last_actual: actuals.length ? Math.max(...actuals) : null,
    seq: open.map((n) => n.seq),
    plan_days: open.map((n) => n.plan_days),
    plan: open.map((n) => day(n.plan_date)),
    forecast: open.map((n) => day(n.forecast_date)),
  };
}

describe('orderFlagged: trackOrder\'s flag on day numbers (a company\'s check of every order, bench B9c)', () => {
  it('says what trackOrder says on 3,000 generated orders: stages side by side, actual dates, forecasts early and late, planned dates moved by hand or missing', () => {
    const next = random(3131);
    const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
    const today = '2026-12-05';
    let flagged = 0;
    for (let k = 0; k < 3000; k++) {
      const stages = int(1, 12);
      const raw: TrackedNodeInput[] = [];
      for (let s = 1; s <= stages; s++) {
        for (let j = 0, side = int(1, 3); j < side; j++) raw.push({ node_code: `N${s}${'ABC'[j]}`, node_name: `${s}`, seq: s * 10, plan_days: int(0, 9), plan_start: null, plan_date: null, actual_date: null, forecast_date: null });
      }
      const delivery = addDaysIso(today, int(-20, 90));
      const nodes = planBackFromDelivery(raw, delivery).map((n) => {
        const r = next();
        const planned = r < 0.05 ? null : r < 0.15 ? addDaysIso(n.plan_date, int(-5, 5)) : n.plan_date;
        const done = n.plan_date < today && next() < 0.7 ? addDaysIso(n.plan_date, int(-3, 3)) : null;
        const forecast = next() < 0.2 ? addDaysIso(today, int(-10, 60)) : null;
        return { ...n, plan_date: planned, actual_date: done && done <= addDaysIso(today, 2) ? done : null, forecast_date: forecast };
      });
      const expected = trackOrder(nodes, today).flagged;
      if (expected) flagged++;
      expect(orderFlagged(daysOf(nodes), dayNumber(today)), JSON.stringify(nodes)).toBe(expected);
    }
    // Both answers are well represented.
    expect(flagged).toBeGreaterThan(500);
    expect(flagged).toBeLessThan(2500);
  });

  it('an order on plan is not flagged; a forecast past a node\'s plan, a passed planned date or a last actual date after today flags it', () => {
    const today = '2026-12-01';
    expect(orderFlagged(daysOf(plan), dayNumber(today))).toBe(false);
    expect(orderFlagged(daysOf(withForecast('B1', '2026-12-30')), dayNumber(today))).toBe(true);
    expect(orderFlagged(daysOf(plan), dayNumber('2026-12-20'))).toBe(true);
    const lateActual = plan.map((n) => (n.node_code === 'A' ? { ...n, actual_date: '2026-12-24' } : n));
    expect(orderFlagged(daysOf(lateActual), dayNumber(today))).toBe(trackOrder(lateActual, today).flagged);
    expect(trackOrder(lateActual, today).flagged).toBe(true);
  });
});
