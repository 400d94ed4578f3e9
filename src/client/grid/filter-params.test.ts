import { describe, expect, it } from 'vitest';
import '../../../grids';
import { getPage } from '../../model/page';
import { resolvePage } from '../../model/page-resolve';
import { filterParams, pageQuery, sortParam, tabParams, tabsCountedByServer, UnsupportedFilter } from './filter-params';

const vendor = resolvePage(getPage('vendor')!);
const material = resolvePage(getPage('material')!);

describe('grid state to page query', () => {
  it('maps text filters to like / eq / ne / null / notnull', () => {
    expect(filterParams(vendor.columns, { name: { filterType: 'text', type: 'contains', filter: ' 锦绣 ' } })).toEqual({ 'f.name.like': '锦绣' });
    expect(filterParams(vendor.columns, { code: { filterType: 'text', type: 'equals', filter: 'V1' } })).toEqual({ 'f.code.eq': 'V1' });
    expect(filterParams(vendor.columns, { code: { filterType: 'text', type: 'notEqual', filter: 'V1' } })).toEqual({ 'f.code.ne': 'V1' });
    expect(filterParams(vendor.columns, { owner: { filterType: 'text', type: 'blank' } })).toEqual({ 'f.owner.null': '1' });
    expect(filterParams(vendor.columns, { owner: { filterType: 'text', type: 'notBlank' } })).toEqual({ 'f.owner.notnull': '1' });
    expect(filterParams(vendor.columns, { owner: { filterType: 'text', type: 'contains', filter: '' } })).toEqual({});
  });

  it('maps number filters including ranges', () => {
    const n = (type: string, filter: number, filterTo?: number) => filterParams(material.columns, { price: { filterType: 'number', type, filter, filterTo } });
    expect(n('equals', 2)).toEqual({ 'f.price.eq': '2' });
    expect(n('lessThan', 2)).toEqual({ 'f.price.lt': '2' });
    expect(n('lessThanOrEqual', 2)).toEqual({ 'f.price.lte': '2' });
    expect(n('greaterThan', 2)).toEqual({ 'f.price.gt': '2' });
    expect(n('greaterThanOrEqual', 0)).toEqual({ 'f.price.gte': '0' });
    expect(n('inRange', 1, 5)).toEqual({ 'f.price.between': '1,5' });
  });

  it('maps date filters to days, and whole days for datetime columns', () => {
    expect(filterParams(vendor.columns, { valid_from: { filterType: 'date', type: 'equals', dateFrom: '2026-01-05 00:00:00' } })).toEqual({ 'f.valid_from.eq': '2026-01-05' });
    expect(filterParams(vendor.columns, { valid_from: { filterType: 'date', type: 'inRange', dateFrom: '2026-01-05 00:00:00', dateTo: '2026-02-01 00:00:00' } })).toEqual({ 'f.valid_from.between': '2026-01-05,2026-02-01' });
    expect(filterParams(vendor.columns, { updated_at: { filterType: 'date', type: 'equals', dateFrom: '2026-01-05 00:00:00' } })).toEqual({ 'f.updated_at.between': '2026-01-05 00:00:00,2026-01-05 23:59:59' });
    expect(filterParams(vendor.columns, { updated_at: { filterType: 'date', type: 'greaterThan', dateFrom: '2026-01-05 00:00:00' } })).toEqual({ 'f.updated_at.gt': '2026-01-05 23:59:59' });
    expect(filterParams(vendor.columns, { updated_at: { filterType: 'date', type: 'lessThan', dateFrom: '2026-01-05 00:00:00' } })).toEqual({ 'f.updated_at.lt': '2026-01-05 00:00:00' });
  });

  it('maps set filters (dict, boolean, reference) to in', () => {
    expect(filterParams(vendor.columns, { vendor_type: { filterType: 'set', values: ['fabric', 'trim'] } })).toEqual({ 'f.vendor_type.in': 'fabric,trim' });
    expect(filterParams(material.columns, { vendor_id: { filterType: 'set', values: ['3'] } })).toEqual({ 'f.vendor_id.in': '3' });
    expect(filterParams(vendor.columns, { vendor_type: { filterType: 'set', values: [] } })).toEqual({});
  });

  it('maps an excluding set filter to nin, a date "not on" to ne, and refuses it on a datetime', () => {
    expect(filterParams(vendor.columns, { vendor_type: { filterType: 'set', values: ['fabric'], exclude: true } })).toEqual({ 'f.vendor_type.nin': 'fabric' });
    expect(filterParams(vendor.columns, { valid_from: { filterType: 'date', type: 'notEqual', dateFrom: '2026-01-05 00:00:00' } })).toEqual({ 'f.valid_from.ne': '2026-01-05' });
    expect(() => filterParams(vendor.columns, { updated_at: { filterType: 'date', type: 'notEqual', dateFrom: '2026-01-05 00:00:00' } })).toThrow(UnsupportedFilter);
  });

  it('combines AND conditions and refuses OR (the server cannot express it)', () => {
    expect(
      filterParams(material.columns, { price: { filterType: 'number', operator: 'AND', conditions: [{ filterType: 'number', type: 'greaterThan', filter: 1 }, { filterType: 'number', type: 'lessThan', filter: 9 }] } }),
    ).toEqual({ 'f.price.gt': '1', 'f.price.lt': '9' });
    expect(() => filterParams(material.columns, { price: { filterType: 'number', operator: 'OR', conditions: [] } })).toThrow(UnsupportedFilter);
    expect(() => filterParams(vendor.columns, { name: { filterType: 'text', type: 'startsWith', filter: 'x' } })).toThrow(UnsupportedFilter);
  });

  it('ignores columns it does not know', () => {
    expect(filterParams(vendor.columns, { ghost: { filterType: 'text', type: 'contains', filter: 'x' } })).toEqual({});
  });

  it('maps the sort model', () => {
    expect(sortParam([{ colId: 'code', sort: 'asc' }, { colId: 'updated_at', sort: 'desc' }])).toBe('code,-updated_at');
    expect(sortParam([])).toBeUndefined();
  });

  it('maps status tabs: state tabs to tab=, other tabs to equality filters', () => {
    expect(tabParams(vendor, vendor.statusTabs[1])).toEqual({ tab: 'active' });
    expect(tabParams(vendor, vendor.statusTabs[0])).toEqual({});
    expect(tabParams(material, material.statusTabs[2])).toEqual({ 'f.validity.eq': '0' });
    expect(tabsCountedByServer(vendor)).toBe(true);
    expect(tabsCountedByServer(material)).toBe(false);
  });

  it('builds the query of a block of the infinite row model', () => {
    expect(
      pageQuery(vendor, {
        startRow: 200,
        endRow: 300,
        sortModel: [{ colId: 'name', sort: 'desc' }],
        filterModel: { name: { filterType: 'text', type: 'contains', filter: 'a' } },
        quick: ' V25 ',
        tab: vendor.statusTabs[2],
        fixed: { 'f.grade.eq': 'A' },
      }),
    ).toEqual({ page: '3', size: '100', sort: '-name', 'f.name.like': 'a', q: 'V25', opt: 'vendor', tab: 'frozen', 'f.grade.eq': 'A' });
    // No quick search, no page named.
    expect(pageQuery(vendor, { startRow: 0, endRow: 100, quick: '  ' })).toEqual({ page: '1', size: '100' });
  });
});
