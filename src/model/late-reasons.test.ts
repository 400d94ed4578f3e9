import { describe, expect, it } from 'vitest';
import { lateReasons, type LateBarFacts } from './late-reasons';

/** A bar of 5 days (06-10 .. 06-14) due on 06-12 (2 days late, latest on-time start 06-08) on an idle line. */
function facts(over: Partial<LateBarFacts> = {}): LateBarFacts {
  const days = Array.from({ length: 20 }, (_, i) => ({ date: `2027-06-${String(i + 1).padStart(2, '0')}`, capacity: 1000, load: 0, own: 0 }));
  return {
    bar: { id: 1, plan_id: 10, plan_no: 'PP-1', line_id: 7, start: '2027-06-10', end: '2027-06-14', delivery_date: '2027-06-12' },
    line: { id: 7, code: 'SK01', name: '针织1线' },
    days,
    before: [],
    material: [],
    nodes: [],
    projected_end: null,
    ...over,
  };
}
const withLoad = (f: LateBarFacts, dates: string[], load: number, own = 0) => ({ ...f, days: f.days.map((d) => (dates.includes(d.date) ? { ...d, load, own } : d)) });

describe('late reasons of a bar', () => {
  it('none for a bar on time; a bar placed late on an idle line with nothing holding it was started too late', () => {
    expect(lateReasons(facts({ bar: { ...facts().bar, delivery_date: '2027-06-14' } }))).toBeNull();
    const r = lateReasons(facts())!;
    expect(r.late_days).toBe(2);
    expect(r.need_start).toBe('2027-06-08');
    expect(r.reasons).toEqual([{ kind: 'start', days: 2, line_id: 7 }]);
  });

  it('names the purchase order whose material arrives after the latest on-time start, not one arriving in time', () => {
    const po = { source: 'purchase' as const, purchase_id: 5, po_no: 'PO1', material: '棉布', received: false };
    expect(lateReasons(facts({ material: [{ ...po, ready_date: '2027-06-08' }] }))!.reasons[0].kind).toBe('start');
    const r = lateReasons(facts({ material: [{ ...po, ready_date: '2027-06-07', purchase_id: 4 }, { ...po, ready_date: '2027-06-10' }, { ready_date: '2027-06-09', source: 'plan', purchase_id: null, po_no: null, material: null, received: false }] }))!;
    expect(r.reasons).toEqual([{ kind: 'material', days: 2, ready_date: '2027-06-10', ...po }]);
  });

  it('counts material only past the day the line would be free otherwise', () => {
    const busy = { id: 2, plan_no: 'PP-2', start: '2027-06-01', end: '2027-06-09', locked: false };
    const r = lateReasons(facts({ before: [busy], material: [{ ready_date: '2027-06-10', source: 'plan', purchase_id: null, po_no: null, material: null, received: false }] }))!;
    // The line is free from 06-10: material ready on 06-10 holds nothing.
    expect(r.reasons.map((x) => x.kind)).toEqual(['start']);
    // A bar running beside it (ending after its start) does not hold the line: material ready after the start counts.
    const beside = { ...busy, end: '2027-06-20' };
    const m = lateReasons(facts({ before: [beside], material: [{ ready_date: '2027-06-11', source: 'plan', purchase_id: null, po_no: null, material: null, received: false }] }))!;
    expect(m.reasons[0]).toMatchObject({ kind: 'material', days: 2 });
  });

  it('names an open node before production that ends after the latest on-time start, the latest first', () => {
    const node = { order_id: 3, order_no: 'CO1', node_code: 'FABRIC', node_name: '面料到位', end: '2027-06-09', critical: true, before_production: true };
    const r = lateReasons(facts({ nodes: [node, { ...node, node_code: 'TRIMS', node_name: '辅料到位', end: '2027-06-11', critical: false }, { ...node, node_code: 'SEWING', before_production: false, end: '2027-06-20' }] }))!;
    expect(r.reasons).toEqual([{ kind: 'node', days: 2, order_id: 3, order_no: 'CO1', node_code: 'TRIMS', node_name: '辅料到位', node_end: '2027-06-11', critical: false, pushes_delivery: false }]);
  });

  it('names the critical path when the order’s projected end passes the delivery and no node holds the start', () => {
    const sewing = { order_id: 3, order_no: 'CO1', node_code: 'SEWING', node_name: '缝制', end: '2027-06-20', critical: true, before_production: false };
    const r = lateReasons(facts({ nodes: [sewing], projected_end: '2027-06-25' }))!;
    expect(r.reasons[0]).toMatchObject({ kind: 'node', node_code: 'SEWING', pushes_delivery: true, days: 2 });
  });

  it('names the locked bar ending last before it on the line, holding the line past the latest on-time start', () => {
    const lockA = { id: 4, plan_no: 'PP-4', start: '2027-06-01', end: '2027-06-08', locked: true };
    const lockB = { id: 5, plan_no: 'PP-5', start: '2027-06-02', end: '2027-06-07', locked: true };
    const early = { id: 6, plan_no: 'PP-6', start: '2027-06-01', end: '2027-06-05', locked: true };
    const r = lateReasons(facts({ before: [early, lockB, lockA] }))!;
    expect(r.reasons).toEqual([{ kind: 'lock', days: 1, bar_id: 4, plan_no: 'PP-4', lock_start: '2027-06-01', lock_end: '2027-06-08', line_id: 7 }]);
    expect(lateReasons(facts({ before: [early] }))!.reasons[0].kind).toBe('start');
  });

  it('names the line and its full days with other plans’ work, over capacity apart; days the bar fills alone hold nothing', () => {
    let f = withLoad(facts(), ['2027-06-08', '2027-06-09'], 1000);
    f = withLoad(f, ['2027-06-10'], 1200, 300);
    f = withLoad(f, ['2027-06-11'], 1000, 1000);
    const r = lateReasons(f)!;
    expect(r.reasons).toEqual([{ kind: 'capacity', days: 2, line_id: 7, line_code: 'SK01', line_name: '针织1线', full_days: ['2027-06-08', '2027-06-09', '2027-06-10'], over_days: ['2027-06-10'] }]);
  });

  it('counts a day full from 95 % of its capacity (whole pieces leave the last minutes free), not below', () => {
    expect(lateReasons(withLoad(facts(), ['2027-06-09'], 950))!.reasons[0]).toMatchObject({ kind: 'capacity', full_days: ['2027-06-09'] });
    expect(lateReasons(withLoad(facts(), ['2027-06-09'], 940))!.reasons[0].kind).toBe('start');
  });

  it('orders several reasons by the days each holds the bar, the decisive first, and never beyond its days late', () => {
    const node = { order_id: 3, order_no: 'CO1', node_code: 'FABRIC', node_name: '面料到位', end: '2027-06-09', critical: true, before_production: true };
    const lock = { id: 4, plan_no: 'PP-4', start: '2027-06-01', end: '2027-06-08', locked: true };
    const material = { ready_date: '2027-06-30', source: 'purchase' as const, purchase_id: 5, po_no: 'PO1', material: '棉布', received: false };
    const r = lateReasons(withLoad(facts({ nodes: [node], before: [lock], material: [material] }), ['2027-06-09'], 1000))!;
    expect(r.reasons.map((x) => [x.kind, x.days])).toEqual([['material', 2], ['node', 1], ['lock', 1], ['capacity', 1]]);
  });
});
