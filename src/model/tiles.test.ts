import { describe, expect, it } from 'vitest';
import '../../reports';
import { getReport } from './report';
import { checkTileSpec, thresholdColor, tileAggregations, tileDrillFilters, tileDrillUrl, tilePeriodRange, tileQuery, type TileSpec } from './tiles';

const orderBook = getReport('order-book')!;
const onTime = getReport('on-time-delivery')!;
const base: TileSpec = { report: 'order-book', measure: 'qty', aggregation: 'sum', group_by: ['status'], filters: { 'f.category.eq': 'knit-top' }, period: 'all', period_field: null, chart: 'bar', thresholds: [], color: null };

describe('tiles', () => {
  it('takes only what the dataset declares, field by field', () => {
    expect(checkTileSpec(orderBook, base).errors).toEqual({});
    expect(Object.keys(checkTileSpec(orderBook, { ...base, measure: 'profit' }).errors)).toEqual(['measure']);
    expect(Object.keys(checkTileSpec(orderBook, { ...base, group_by: ['colour'] }).errors)).toEqual(['group_by']);
    expect(Object.keys(checkTileSpec(orderBook, { ...base, filters: { 'f.currency.eq': 'CNY' } }).errors)).toEqual(['filters']);
    expect(Object.keys(checkTileSpec(orderBook, { ...base, filters: { 'status = 1 or 1=1': 'x' } }).errors)).toEqual(['filters']);
    expect(Object.keys(checkTileSpec(orderBook, { ...base, measure: 'orders', aggregation: 'avg' }).errors)).toEqual(['aggregation']);
    expect(Object.keys(checkTileSpec(orderBook, { ...base, chart: 'heatmap' }).errors)).toEqual(['group_by']);
    expect(Object.keys(checkTileSpec(orderBook, { ...base, chart: 'radar' }).errors)).toEqual(['chart']);
    expect(Object.keys(checkTileSpec(orderBook, { ...base, period: 'month', period_field: 'brand_name' }).errors)).toEqual(['period_field']);
    expect(Object.keys(checkTileSpec(orderBook, { ...base, thresholds: [{ value: 'x', color: '#ff0000' }] }).errors)).toEqual(['thresholds']);
    expect(Object.keys(checkTileSpec(orderBook, { ...base, color: 'red' }).errors)).toEqual(['color']);
  });

  it('offers averages and extremes only over the entity\'s own rows', () => {
    expect(tileAggregations(orderBook, orderBook.measures.find((m) => m.key === 'qty'))).toEqual(['sum', 'avg', 'min', 'max']);
    expect(tileAggregations(orderBook, orderBook.measures.find((m) => m.key === 'orders'))).toEqual(['count']);
    expect(tileAggregations(onTime, onTime.measures.find((m) => m.agg === 'sum'))).toEqual(['sum']);
  });

  it('runs and drills down with exactly its filters and period', () => {
    const spec: TileSpec = { ...base, period: 'month', period_field: 'delivery_date', aggregation: 'avg', filters: { ...base.filters, 'f.delivery_date.between': '2020-01-01,2020-12-31' } };
    const q = tileQuery(orderBook, spec, '2026-12-04');
    expect(q).toEqual({ group: 'status', subtotals: '1', 'f.category.eq': 'knit-top', 'f.delivery_date.between': '2026-12-01,2026-12-31', 'agg.qty': 'avg' });
    expect(tileQuery(orderBook, spec, '2026-12-04', true)['f.delivery_date.between']).toBe('2026-11-01,2026-11-30');
    const url = new URL(tileDrillUrl(orderBook, spec, '2026-12-04', { status: 'pending' }), 'http://x');
    expect(url.pathname).toBe('/page/subindex/customerorder');
    expect(Object.fromEntries(url.searchParams)).toEqual({ 'f.category.eq': 'knit-top', 'f.delivery_date.between': '2026-12-01,2026-12-31', 'f.status.eq': 'pending' });
    expect(tileDrillFilters(orderBook, { ...spec, group_by: [] }, '2026-12-04')).toEqual({ 'f.category.eq': 'knit-top', 'f.delivery_date.between': '2026-12-01,2026-12-31' });
    // A number without a grouping totals over the first dimension.
    expect(tileQuery(orderBook, { ...base, chart: 'number', group_by: [] }, '2026-12-04').group).toBe('month');
  });

  it('knows its periods and the period before', () => {
    expect(tilePeriodRange('quarter', '2026-12-04')).toEqual({ from: '2026-10-01', to: '2026-12-31', previous: { from: '2026-07-01', to: '2026-09-30' } });
    expect(tilePeriodRange('last_month', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31', previous: { from: '2025-11-01', to: '2025-11-30' } });
    expect(tilePeriodRange('last_30_days', '2026-03-01')?.from).toBe('2026-01-31');
    expect(tilePeriodRange('all', '2026-03-01')).toBeNull();
  });

  it('colours a value by the highest threshold it reaches', () => {
    const t = [{ value: 100, color: '#ff0000' }, { value: 10, color: '#ffaa00' }];
    expect(thresholdColor(t, 5, '#000000')).toBe('#000000');
    expect(thresholdColor(t, 10, '#000000')).toBe('#ffaa00');
    expect(thresholdColor(t, 250, '#000000')).toBe('#ff0000');
    expect(thresholdColor(t, null, '#000000')).toBe('#000000');
  });
});
