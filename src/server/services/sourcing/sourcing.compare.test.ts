import { describe, expect, it } from 'vitest';
import { compareOffers, priceAtQuantity, type CompareItem, type CompareRecord } from './sourcing.compare';
import { weightedScore } from './sourcing.service';

const items: CompareItem[] = [
  { id: 1, name: '全棉汗布', qty: 1000, unit: 'KG', expected_price: 38, currency: 'CNY' },
  { id: 2, name: '金属拉链', qty: null, unit: 'PCS', expected_price: 0.6, currency: 'CNY' },
];
const offer = (unit_price: number, currency = 'CNY', breaks: Array<{ min_qty: number; unit_price: number; lead_time_days: number | null }> = [], status = 'posted') =>
  ({ quote_no: 'BJ1', currency, unit_price, lead_time_days: 20, breaks, status });
const record = (id: number, offers: CompareRecord['offers'], status = 'shortlisted'): CompareRecord => ({ id, supplier_name: `S${id}`, status, awarded: false, weighted_score: null, rank_no: null, offers });

describe('the comparison of quotations', () => {
  it('takes the price break of the largest quantity not above the item quantity', () => {
    const o = offer(40, 'CNY', [{ min_qty: 500, unit_price: 37, lead_time_days: 25 }, { min_qty: 2000, unit_price: 35, lead_time_days: 30 }, { min_qty: 100, unit_price: 39, lead_time_days: null }]);
    expect(priceAtQuantity(o, 1000)).toEqual({ unit_price: 37, lead_time_days: 25 });
    expect(priceAtQuantity(o, 50)).toEqual({ unit_price: 40, lead_time_days: 20 });
    expect(priceAtQuantity(o, 150)).toEqual({ unit_price: 39, lead_time_days: 20 });
    expect(priceAtQuantity(o, null)).toEqual({ unit_price: 40, lead_time_days: 20 });
  });

  it('converts to the project currency, marks the best price per item and totals each supplier', () => {
    const c = compareOffers('CNY', items, [
      record(1, { 1: offer(38.5), 2: offer(0.62) }),
      record(2, { 1: offer(5.2, 'USD', [{ min_qty: 1000, unit_price: 5.1, lead_time_days: 35 }]) }),
      record(3, { 1: offer(10) }, 'eliminated'),
    ], { USD: 7.2 });
    expect(c.suppliers.map((s) => s.record_id)).toEqual([1, 2]);
    const [a, b] = c.suppliers;
    expect(b.cells['1']).toMatchObject({ unit_price: 5.1, converted: 36.72, amount: 36720, best: true, lead_time_days: 35 });
    expect(a.cells['1']).toMatchObject({ converted: 38.5, best: false });
    expect(a.cells['2']).toMatchObject({ converted: 0.62, amount: 0.62, best: true });
    expect(c.items.map((i) => i.best_price)).toEqual([36.72, 0.62]);
    expect(a).toMatchObject({ quoted: 2, complete: true, total: 38500.62 });
    expect(b).toMatchObject({ quoted: 1, complete: false, total: 36720 });
    expect(c.missing_rates).toEqual([]);
  });

  it('leaves a price without a rate unconverted and says which currency lacks one', () => {
    const c = compareOffers('CNY', items, [record(1, { 1: offer(300, 'HKD') }), record(2, { 1: offer(39, 'CNY', [], 'stopped') })], {});
    expect(c.suppliers[0].cells['1']).toMatchObject({ converted: null, best: false });
    expect(c.suppliers[0].total).toBeNull();
    expect(c.suppliers[1].quoted).toBe(0);
    expect(c.items[0].best_price).toBeNull();
    expect(c.missing_rates).toEqual(['HKD']);
  });
});

describe('the weighted evaluation score', () => {
  const cfg = [{ id: 11, weight: 60, max_score: 10 }, { id: 12, weight: 40, max_score: 5 }];
  it('averages the members per item as a share of its maximum, weighted, 0 to 100', () => {
    expect(weightedScore(cfg, { 7: { 11: 8, 12: 5 }, 8: { 11: 6, 12: 3 } })).toBe(74);
    expect(weightedScore(cfg, { 7: { 11: 10 } })).toBe(60);
    expect(weightedScore(cfg, {})).toBe(0);
  });
});
