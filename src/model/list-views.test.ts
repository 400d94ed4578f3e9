import { describe, expect, it } from 'vitest';
import { getEntity } from './entity';
import './entities';
import { checkListViewPayload, viewNameOf, type ViewablePage } from './list-views';

const page: ViewablePage = {
  columns: [
    { field: 'code', sortable: true, filter: 'text' },
    { field: 'qty', sortable: true, filter: 'number' },
    { field: 'due', sortable: true, filter: 'date' },
    { field: 'status', sortable: true, filter: 'set' },
    { field: 'vendor_id', sortable: false, filter: 'reference' },
    { field: 'photo', sortable: false, filter: null },
  ],
  statusTabs: [{ key: 'open', label: { zh: '未完成', en: 'Open' }, filter: { status: 'open' } }],
};

describe('a list view is checked against its page', () => {
  it('keeps a valid payload, rounding widths and dropping keys it does not know', () => {
    const r = checkListViewPayload(page, {
      columns: [{ field: 'qty', width: 120.4, hidden: false, extra: 1 }, { field: 'code', pinned: 'left' }, { field: 'photo', hidden: true }],
      sort: [{ field: 'due', dir: 'desc' }],
      filters: {
        code: { filterType: 'text', type: 'contains', filter: 'A-1' },
        qty: { filterType: 'number', operator: 'AND', conditions: [{ filterType: 'number', type: 'greaterThan', filter: 5 }, { filterType: 'number', type: 'lessThan', filter: 9 }] },
        due: { filterType: 'date', type: 'inRange', dateFrom: '2026-12-01 00:00:00', dateTo: '2026-12-07' },
        vendor_id: { filterType: 'set', values: ['3', '4'] },
      },
      tab: 'open',
      note: 'dropped',
    });
    expect(r).toEqual({
      ok: true,
      payload: {
        columns: [{ field: 'qty', width: 120 }, { field: 'code', pinned: 'left' }, { field: 'photo', hidden: true }],
        sort: [{ field: 'due', dir: 'desc' }],
        filters: {
          code: { filterType: 'text', type: 'contains', filter: 'A-1' },
          qty: { filterType: 'number', operator: 'AND', conditions: [{ filterType: 'number', type: 'greaterThan', filter: 5 }, { filterType: 'number', type: 'lessThan', filter: 9 }] },
          due: { filterType: 'date', type: 'inRange', dateFrom: '2026-12-01 00:00:00', dateTo: '2026-12-07' },
          vendor_id: { filterType: 'set', values: ['3', '4'] },
        },
        tab: 'open',
        group: null,
      },
    });
  });

  it('refuses unknown columns, repeated ones, sorts on unsortable columns, filters the list does not offer and unknown tabs', () => {
    const r = checkListViewPayload(page, {
      columns: [{ field: 'code' }, { field: 'code' }, { field: 'qty', width: 39 }],
      sort: [{ field: 'vendor_id', dir: 'asc' }],
      filters: {
        photo: { filterType: 'set', values: [] },
        qty: { filterType: 'number', type: 'contains', filter: 1 },
        code: { filterType: 'text', operator: 'OR', conditions: [{ filterType: 'text', type: 'equals', filter: 'a' }] },
        status: { filterType: 'text', type: 'equals', filter: 'open' },
      },
      tab: 'closed',
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual(['columns', 'columns.qty', 'filters', 'filters.code', 'filters.qty', 'filters.status', 'sort', 'tab']);
    expect(r.errors.columns).toEqual({ key: 'listView.unknownColumn', params: { field: 'code' } });
    expect(r.errors.tab).toEqual({ key: 'listView.unknownTab', params: { tab: 'closed' } });
  });

  it('keeps the shapes a cell\'s menu makes: an excluding set filter, a date "not on", text equals (issue 32)', () => {
    const filters = {
      status: { filterType: 'set', values: ['open'], exclude: true },
      due: { filterType: 'date', type: 'notEqual', dateFrom: '2026-12-01 00:00:00' },
      code: { filterType: 'text', type: 'equals', filter: 'A-1' },
      vendor_id: { filterType: 'set', values: ['3'], exclude: false },
    };
    const r = checkListViewPayload(page, { columns: [], filters });
    expect(r).toEqual({ ok: true, payload: { columns: [], sort: [], filters: { ...filters, vendor_id: { filterType: 'set', values: ['3'] } }, tab: null, group: null } });
    expect(checkListViewPayload(page, { columns: [], filters: { status: { filterType: 'set', values: ['open'], exclude: 'yes' } } }).ok).toBe(false);
  });

  it('refuses what is not a payload, and reads names', () => {
    expect(checkListViewPayload(page, [])).toEqual({ ok: false, errors: { payload: { key: 'listView.badShape' } } });
    expect(checkListViewPayload(page, { columns: {} })).toEqual({ ok: false, errors: { columns: { key: 'listView.badShape' } } });
    expect(checkListViewPayload(page, { columns: [], filters: { qty: { filterType: 'number', type: 'equals', filter: 'many' } } }).ok).toBe(false);
    expect(checkListViewPayload(page, { columns: [] })).toEqual({ ok: true, payload: { columns: [], sort: [], filters: {}, tab: null, group: null } });
    expect(viewNameOf('  本周交期 ')).toBe('本周交期');
    expect(viewNameOf('   ')).toBeNull();
    expect(viewNameOf('x'.repeat(61))).toBeNull();
    expect(viewNameOf(3)).toBeNull();
  });

  it('keeps a grouping the page\'s entity takes on one of its columns, a date with its bucket', () => {
    const orders: ViewablePage = {
      columns: [
        { field: 'order_no', sortable: true, filter: 'text' },
        { field: 'category', sortable: true, filter: 'set' },
        { field: 'delivery_date', sortable: true, filter: 'date' },
        { field: 'total_qty', sortable: true, filter: 'number' },
      ],
      statusTabs: [],
      entity: getEntity('customerorder'),
    };
    const grouped = (group: unknown) => checkListViewPayload(orders, { columns: [], group });
    expect(grouped({ field: 'delivery_date', bucket: 'week' })).toMatchObject({ ok: true, payload: { group: { field: 'delivery_date', bucket: 'week' } } });
    expect(grouped({ field: 'category' })).toMatchObject({ ok: true, payload: { group: { field: 'category' } } });
    for (const bad of [{ field: 'delivery_date' }, { field: 'category', bucket: 'week' }, { field: 'total_qty' }, { field: 'brand_name' }, { field: 'delivery_date', bucket: 'year' }, 'category'])
      expect(grouped(bad), JSON.stringify(bad)).toEqual({ ok: false, errors: { group: { key: 'listView.badGroup' } } });
    // A page without its entity at hand takes no grouping.
    expect(checkListViewPayload(page, { columns: [], group: { field: 'status' } }).ok).toBe(false);
  });
});
