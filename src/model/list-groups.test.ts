import { describe, expect, it } from 'vitest';
import { requireEntity } from './entity';
import { bucketKey, bucketLabel, bucketRange, checkGrouping, groupableFields, groupFilter, groupingParams, groupKindOf, groupMeasures, isoWeek, withGroupFilter } from './list-groups';
import './entities';

const order = () => requireEntity('customerorder');

describe('what a list can be grouped by', () => {
  it('takes dictionaries, references and dates from the field-type table, not text, numbers or lists', () => {
    expect([groupKindOf('dict'), groupKindOf('reference'), groupKindOf('tree'), groupKindOf('date'), groupKindOf('datetime')]).toEqual(['dict', 'reference', 'reference', 'date', 'date']);
    expect([groupKindOf('text'), groupKindOf('integer'), groupKindOf('multidict'), groupKindOf('boolean'), groupKindOf('json')]).toEqual([null, null, null, null, null]);
    expect(groupableFields(order(), ['order_no', 'status', 'category', 'delivery_date', 'total_qty', 'updated_at'])).toEqual([
      { field: 'status', kind: 'dict' },
      { field: 'category', kind: 'dict' },
      { field: 'delivery_date', kind: 'date' },
      { field: 'updated_at', kind: 'date' },
    ]);
  });

  it('asks a bucket of a date and of nothing else', () => {
    expect(checkGrouping(order(), { field: 'delivery_date', bucket: 'week' })?.grouping).toEqual({ field: 'delivery_date', bucket: 'week' });
    expect(checkGrouping(order(), { field: 'delivery_date' })).toBeNull();
    expect(checkGrouping(order(), { field: 'category', bucket: 'month' })).toBeNull();
    expect(checkGrouping(order(), { field: 'order_no' })).toBeNull();
    expect(checkGrouping(order(), { field: 'nope' })).toBeNull();
  });

  it('sums the columns a page declares, else the numbers it shows', () => {
    expect(groupMeasures(order(), ['order_no', { field: 'total_qty', aggregate: 'sum' }, 'total_amount'])).toEqual([{ field: 'total_qty', agg: 'sum' }]);
    expect(groupMeasures(order(), ['order_no', 'total_qty', 'share_id', 'category'])).toEqual([
      { field: 'total_qty', agg: 'sum' },
      { field: 'share_id', agg: 'sum' },
    ]);
  });
});

describe('date buckets', () => {
  it('cuts weeks on Mondays and months on the first, across a year’s end', () => {
    expect(['2026-03-01', '2026-03-02', '2026-03-08', '2026-03-09'].map((d) => bucketKey('week', d))).toEqual(['2026-02-23', '2026-03-02', '2026-03-02', '2026-03-09']);
    expect(bucketKey('week', '2027-01-01')).toBe('2026-12-28');
    expect(bucketKey('month', '2026-03-31 23:59:59')).toBe('2026-03');
    expect(bucketKey('day', '2026-03-31 23:59:59')).toBe('2026-03-31');
    expect(bucketRange('month', '2026-12')).toEqual({ from: '2026-12-01', until: '2027-01-01' });
    expect(bucketRange('week', '2026-12-28')).toEqual({ from: '2026-12-28', until: '2027-01-04' });
    expect(bucketRange('day', '2028-02-28')).toEqual({ from: '2028-02-28', until: '2028-02-29' });
  });

  it('numbers ISO weeks by the year of their Thursday', () => {
    expect(isoWeek('2026-12-28')).toEqual({ year: 2026, week: 53 });
    expect(isoWeek('2027-01-04')).toEqual({ year: 2027, week: 1 });
    expect(isoWeek('2024-12-30')).toEqual({ year: 2025, week: 1 });
    expect(bucketLabel('week', '2026-03-02')).toEqual({ zh: '2026 第10周（03-02～03-08）', en: '2026 W10 (03-02 – 03-08)' });
  });
});

describe('a group’s rows as list filters', () => {
  it('filters a value, the empty group and a date bucket', () => {
    expect(groupFilter(order(), { field: 'category' }, 'knit-top')).toEqual({ 'f.category.eq': 'knit-top' });
    expect(groupFilter(order(), { field: 'category' }, null)).toEqual({ 'f.category.null': '1' });
    expect(groupFilter(order(), { field: 'delivery_date', bucket: 'week' }, '2026-03-02')).toEqual({ 'f.delivery_date.gte': '2026-03-02', 'f.delivery_date.lt': '2026-03-09' });
    expect(groupFilter(order(), { field: 'updated_at', bucket: 'month' }, '2026-03')).toEqual({ 'f.updated_at.gte': '2026-03-01 00:00:00', 'f.updated_at.lt': '2026-04-01 00:00:00' });
  });

  it('never widens the list’s own condition on the same field', () => {
    const list = { 'f.delivery_date.lt': '2026-03-05', 'f.delivery_date.gte': '2026-01-01', tab: 'pending' };
    expect(withGroupFilter(list, { 'f.delivery_date.gte': '2026-03-02', 'f.delivery_date.lt': '2026-03-09' })).toEqual({ 'f.delivery_date.lt': '2026-03-05', 'f.delivery_date.gte': '2026-03-02', tab: 'pending' });
    expect(withGroupFilter({ 'f.category.in': 'a,b' }, { 'f.category.eq': 'a' })).toEqual({ 'f.category.in': 'a,b', 'f.category.eq': 'a' });
  });

  it('travels as group and bucket', () => {
    expect(groupingParams({ field: 'delivery_date', bucket: 'week' })).toEqual({ group: 'delivery_date', bucket: 'week' });
    expect(groupingParams({ field: 'category' })).toEqual({ group: 'category' });
    expect(groupingParams(null)).toEqual({});
  });
});
