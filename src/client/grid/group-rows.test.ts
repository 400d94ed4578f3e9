import { describe, expect, it } from 'vitest';
import type { ListGroupsReply } from '../../model/calls/list-groups';
import { groupClickCommand, groupGridRows, groupId, groupKeyCommand, recordOf, totalGridRow, type OpenGroup } from './group-rows';

const reply: ListGroupsReply = {
  field: 'delivery_date',
  bucket: 'week',
  measures: [{ field: 'total_qty', agg: 'sum' }],
  groups: [
    { key: '2026-03-02', label: '2026 第10周', count: 3, values: { total_qty: 60 } },
    { key: null, label: '（空）', count: 1, values: { total_qty: 5 } },
  ],
  total: { count: 4, values: { total_qty: 65 } },
  truncated: false,
};

describe('the rows of a grouped list', () => {
  it('shows closed groups with their subtotals under the measures’ columns', () => {
    const rows = groupGridRows(reply, new Map());
    expect(rows.map((r) => [r.__kind, r.__label, r.__count, r.total_qty, r.__expanded])).toEqual([
      ['group', '2026 第10周', 3, 60, false],
      ['group', '（空）', 1, 5, false],
    ]);
    expect(new Set(rows.map((r) => r.__id)).size).toBe(rows.length);
  });

  it('puts an open group’s records under it, then a reading row or the rows still to read', () => {
    const open = new Map<string, OpenGroup>([[groupId('2026-03-02'), { rows: [{ id: 7, total_qty: 10 }, { id: 8, total_qty: 20 }], total: 3, loading: false }]]);
    const rows = groupGridRows(reply, open);
    expect(rows.map((r) => [r.__kind, r.id ?? null, r.__remaining ?? null])).toEqual([
      ['group', null, null],
      ['record', 7, null],
      ['record', 8, null],
      ['more', null, 1],
      ['group', null, null],
    ]);
    const reading = groupGridRows(reply, new Map([[groupId(null), { rows: [], total: 1, loading: true }]]));
    expect(reading.map((r) => r.__kind)).toEqual(['group', 'group', 'loading']);
    expect(recordOf(rows[1])).toEqual({ id: 7, total_qty: 10 });
  });

  it('keeps the empty group apart from a group whose key reads the same', () => {
    expect(groupId(null)).not.toBe(groupId(''));
    expect(groupId(null)).not.toBe(groupId('∅'));
  });

  it('pins the grand total, and nothing before the groups are known', () => {
    expect(totalGridRow(reply)).toEqual([{ __kind: 'total', __id: 'total', __group: '', __count: 4, total_qty: 65 }]);
    expect(totalGridRow(null)).toEqual([]);
  });
});

describe('keys and clicks on a grouped list', () => {
  it('opens a group with Enter or Right, closes it with Enter or Left, and leaves other keys to the grid', () => {
    const closed = { __kind: 'group' as const, __expanded: false };
    const opened = { __kind: 'group' as const, __expanded: true };
    expect(['Enter', 'ArrowRight', 'ArrowLeft', 'ArrowDown'].map((k) => groupKeyCommand(closed, k))).toEqual(['expand', 'expand', null, null]);
    expect(['Enter', 'ArrowRight', 'ArrowLeft'].map((k) => groupKeyCommand(opened, k))).toEqual(['collapse', null, 'collapse']);
  });

  it('opens a record with Enter, goes up to its group with Left, reads on from a "more" row', () => {
    expect(groupKeyCommand({ __kind: 'record' }, 'Enter')).toBe('open');
    expect(groupKeyCommand({ __kind: 'record' }, 'ArrowLeft')).toBe('toGroup');
    expect(groupKeyCommand({ __kind: 'record' }, 'ArrowRight')).toBeNull();
    expect(groupKeyCommand({ __kind: 'more' }, 'Enter')).toBe('more');
    expect(groupKeyCommand({ __kind: 'total' }, 'Enter')).toBeNull();
    expect(groupKeyCommand(undefined, 'Enter')).toBeNull();
    expect([groupClickCommand({ __kind: 'group' }), groupClickCommand({ __kind: 'more' }), groupClickCommand({ __kind: 'record' })]).toEqual(['toggle', 'more', null]);
  });
});
