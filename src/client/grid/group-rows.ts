import type { ListGroup, ListGroupsReply } from '../../model/calls/list-groups';

/**
 * The rows a grouped list shows on AG Grid Community (which has no row grouping of its own): one
 * row per group carrying its name, count and subtotals under the measures' own columns; under an
 * open group its records as they were read, a "reading" row while they are, a "more" row while the
 * group holds more than were read; the grand total as the pinned bottom row. Pure, so the layout
 * and the keys' meaning are unit-tested (group-rows.test.ts).
 */
export type GroupRowKind = 'group' | 'record' | 'loading' | 'more' | 'total';

type Row = Record<string, unknown>;

/** One row of the grouped grid: a record's fields, or a group's subtotals under the measures' field keys. */
export type GroupGridRow = Row & {
  __kind: GroupRowKind;
  /** Unique in the grid: the grid's row id. */
  __id: string;
  /** The group's id (`groupId`). */
  __group: string;
  __label?: string;
  __count?: number;
  __expanded?: boolean;
  /** A "more" row: how many of the group's rows are not read yet. */
  __remaining?: number;
};

/** The rows of one open group: those read so far, how many it holds, whether a read is under way. */
export type OpenGroup = { rows: Row[]; total: number; loading: boolean };

/** A group's id in the grid: its key, with the group of empty values apart from any text. */
export const groupId = (key: string | null): string => (key === null ? '∅' : `=${key}`);

function groupRow(g: ListGroup, open: OpenGroup | undefined): GroupGridRow {
  const id = groupId(g.key);
  return { ...g.values, __kind: 'group', __id: `g${id}`, __group: id, __label: g.label, __count: g.count, __expanded: Boolean(open) };
}

/** The grid's rows: every group, and under each open one its records, a reading row or a "more" row. */
export function groupGridRows(reply: ListGroupsReply | null, open: ReadonlyMap<string, OpenGroup>): GroupGridRow[] {
  const out: GroupGridRow[] = [];
  for (const g of reply?.groups ?? []) {
    const id = groupId(g.key);
    const state = open.get(id);
    out.push(groupRow(g, state));
    if (!state) continue;
    for (const r of state.rows) out.push({ ...r, __kind: 'record', __id: `r${id}:${String(r.id)}`, __group: id });
    const remaining = state.total - state.rows.length;
    if (state.loading) out.push({ __kind: 'loading', __id: `l${id}`, __group: id });
    else if (remaining > 0) out.push({ __kind: 'more', __id: `m${id}`, __group: id, __remaining: remaining });
  }
  return out;
}

/** The pinned grand total: every row's count and measures (empty until the groups are known). */
export function totalGridRow(reply: ListGroupsReply | null): GroupGridRow[] {
  if (!reply) return [];
  return [{ ...reply.total.values, __kind: 'total', __id: 'total', __group: '', __count: reply.total.count }];
}

/** What a click or a key does on a row: open or close a group, read more of it, open a record, go up to its group. */
export type GroupCommand = 'expand' | 'collapse' | 'toggle' | 'more' | 'open' | 'toGroup' | null;

/**
 * The meaning of a key on a row of the grouped grid: on a group Enter and Right open it, Left
 * closes it; on a record Enter opens its form and Left goes to its group; on a "more" row Enter
 * reads on. Every other key is the grid's own.
 */
export function groupKeyCommand(row: Pick<GroupGridRow, '__kind' | '__expanded'> | undefined, key: string): GroupCommand {
  if (!row) return null;
  const table: Record<GroupRowKind, Record<string, GroupCommand>> = {
    group: { Enter: row.__expanded ? 'collapse' : 'expand', ArrowRight: row.__expanded ? null : 'expand', ArrowLeft: row.__expanded ? 'collapse' : null },
    record: { Enter: 'open', ArrowLeft: 'toGroup' },
    more: { Enter: 'more', ArrowLeft: 'toGroup' },
    loading: { ArrowLeft: 'toGroup' },
    total: {},
  };
  return table[row.__kind][key] ?? null;
}

/** What a click on a row does: a group opens or closes, a "more" row reads on; a record is the grid's (selection). */
export function groupClickCommand(row: Pick<GroupGridRow, '__kind'> | undefined): GroupCommand {
  if (row?.__kind === 'group') return 'toggle';
  return row?.__kind === 'more' ? 'more' : null;
}

/** A record row's own fields (what the toolbar's actions and the form receive). */
export function recordOf(row: GroupGridRow): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) if (!k.startsWith('__')) out[k] = v;
  return out;
}
