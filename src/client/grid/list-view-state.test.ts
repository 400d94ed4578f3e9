import { describe, expect, it } from 'vitest';
import '../../../grids';
import { getPage } from '../../model/page';
import { resolvePage } from '../../model/page-resolve';
import { checkListViewPayload, type ListViewPayload } from '../../model/list-views';
import { columnStateOfView, samePayload, standardPayload, viewOfGrid, type GridColumnState } from './list-view-state';

const orders = resolvePage(getPage('customerorder')!);
const fields = orders.columns.map((c) => c.field);

describe('a saved view applied to the grid and read back', () => {
  const view: ListViewPayload = {
    columns: [{ field: 'delivery_date', width: 130, pinned: 'left' }, { field: 'order_no', width: 170 }, { field: 'reject_reason', hidden: true }, { field: 'gone_since' }],
    sort: [{ field: 'delivery_date', dir: 'asc' }, { field: 'order_no', dir: 'desc' }],
    filters: { brand_name: { filterType: 'text', type: 'contains', filter: '悦衣' } },
    tab: 'in_progress',
  };

  it('puts the view\'s columns first in its order, the others as declared, and its sort with priorities', () => {
    const state = columnStateOfView(view, orders.columns);
    expect(state.map((c) => c.colId)).toEqual(['delivery_date', 'order_no', 'reject_reason', ...fields.filter((f) => !['delivery_date', 'order_no', 'reject_reason'].includes(f))]);
    expect(state[0]).toEqual({ colId: 'delivery_date', width: 130, hide: false, pinned: 'left', sort: 'asc', sortIndex: 0 });
    expect(state[1]).toMatchObject({ colId: 'order_no', width: 170, pinned: null, sort: 'desc', sortIndex: 1 });
    // A column the view hides has the declared width; columns the view does not name keep the declaration.
    expect(state[2]).toMatchObject({ colId: 'reject_reason', width: 200, hide: true, sort: null });
    expect(state.find((c) => c.colId === 'status')).toEqual({ colId: 'status', width: 110, hide: false, pinned: null, sort: null, sortIndex: null });
  });

  it('reads the grid back as the same view (what is saved is what was applied), without the grid\'s own columns', () => {
    const applied = columnStateOfView(view, orders.columns);
    const grid: GridColumnState[] = [{ colId: 'ag-Grid-SelectionColumn', width: 48, pinned: 'left' }, ...applied];
    const back = viewOfGrid(grid, { brand_name: view.filters.brand_name, ghost: { filterType: 'text' } }, 'in_progress', fields);
    expect(back.columns.slice(0, 3)).toEqual([{ field: 'delivery_date', width: 130, pinned: 'left' }, { field: 'order_no', width: 170 }, { field: 'reject_reason', width: 200, hidden: true }]);
    expect(back.sort).toEqual(view.sort);
    expect(back.filters).toEqual(view.filters);
    expect(back.tab).toBe('in_progress');
    // Applying it again changes nothing, and the server takes it as it is.
    expect(samePayload(viewOfGrid(grid, back.filters, back.tab, fields), back)).toBe(true);
    expect(checkListViewPayload(orders, back)).toEqual({ ok: true, payload: { ...back, group: null } });
    // A sort or a tab of its own is a change.
    expect(samePayload(back, { ...back, tab: 'pending' })).toBe(false);
    expect(samePayload(back, { ...back, sort: [] })).toBe(false);
  });

  it('gives the list without a view: the user\'s running layout or the declaration, no sort, no filter, the first tab', () => {
    const declared = standardPayload(orders.columns, null, 'pending');
    expect(declared.columns.map((c) => c.field)).toEqual(fields);
    expect(declared.columns[0]).toEqual({ field: 'order_no', width: 160, pinned: 'left' });
    expect([declared.sort, declared.filters, declared.tab]).toEqual([[], {}, 'pending']);
    const own = standardPayload(orders.columns, { columns: [{ colId: 'status', width: 90, hide: true }, { colId: 'removed_field' }] }, 'pending');
    expect(own.columns).toEqual([{ field: 'status', width: 90, hidden: true }]);
  });
});
