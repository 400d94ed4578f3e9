import { describe, expect, it } from 'vitest';
import '../../../grids';
import { getPage } from '../../model/page';
import { resolvePage } from '../../model/page-resolve';
import type { ChildRow } from './ChildGrid';
import { LINE_KEY, lineActionsColumn, lineCellOpen, openTransitions, type ChildLinesRef } from './child-grid-lines';

/**
 * What a child grid over a line entity offers on each row (ChildGridDecl.lineActions, lineCells):
 * the tracked order's nodes, whose `ordernode.lineOf` transitions run from the customer order's
 * state `in_progress`, and the supplier's nodes, saved from their cell.
 */
const maker = resolvePage(getPage('node-tracking')!).children[0];
const supplier = resolvePage(getPage('supplier-nodes')!).children[0];
const brand = resolvePage(getPage('order-node-timeline')!).children[0];

const ctx = (over: Partial<NonNullable<ChildLinesRef['current']>> = {}): ChildLinesRef['current'] => ({ master: { status: 'in_progress' }, onDone: () => undefined, roles: [], busy: false, ...over });
const row = (line: Record<string, unknown>): ChildRow => ({ __key: `id-${String(line.id)}`, [LINE_KEY]: line });
const open = { id: 1, version: 1, party: 'supplier', share_id: null, actual_date: null };
const sent = { ...open, id: 2, share_id: 9 };
const done = { ...open, id: 3, party: 'maker', actual_date: '2026-12-01' };

describe('a child grid over a line entity', () => {
  it("offers a line the grid's transitions it can take now: by the master's state and the line's `when`", () => {
    const names = (line: Record<string, unknown>, c = ctx()) => openTransitions(maker, c, line, maker.lineActions).map((t) => t.action);
    expect(names(open)).toEqual(['plan', 'send']);
    expect(names(sent)).toEqual(['plan', 'recall']);
    expect(names(done)).toEqual([]);
    // The order finished: nothing runs from its lines.
    expect(names(open, ctx({ master: { status: 'finished' } }))).toEqual([]);
    expect(openTransitions(maker, null, open, maker.lineActions)).toEqual([]);
  });

  it("edits a cell that runs a line's transition only while the line may run it and the form is not busy", () => {
    expect(lineCellOpen(maker, 'actual_date', ctx(), row(open))).toBe(true);
    expect(lineCellOpen(maker, 'actual_date', ctx(), row(done))).toBe(true);
    expect(lineCellOpen(maker, 'actual_date', ctx({ master: { status: 'finished' } }), row(open))).toBe(false);
    expect(lineCellOpen(maker, 'actual_date', ctx({ busy: true }), row(open))).toBe(false);
    // Another column is no line's cell.
    expect(lineCellOpen(maker, 'plan_date', ctx(), row(open))).toBe(false);
    // A line saved from its cell (the supplier's node) needs a stored line.
    expect(lineCellOpen(supplier, 'actual_date', ctx({ master: {} }), row({ id: 5, version: 2 }))).toBe(true);
    expect(lineCellOpen(supplier, 'actual_date', ctx({ master: {} }), row({ version: 2 }))).toBe(false);
  });

  it('draws the actions column only where the grid declares transitions, with the buttons of each row', () => {
    expect(lineActionsColumn(brand, { current: ctx() }, '操作')).toBeNull();
    expect(lineActionsColumn(supplier, { current: ctx() }, '操作')).toBeNull();
    const drawn: string[] = [];
    const lines: ChildLinesRef = { current: { ...ctx()!, actions: (line, transitions, testId) => (drawn.push(`${testId}:${transitions.map((t) => t.action).join(',')}`), null) } };
    const col = lineActionsColumn(maker, lines, '操作')!;
    expect(col).toMatchObject({ headerName: '操作', editable: false });
    const render = col.cellRenderer as (c: { data?: ChildRow }) => unknown;
    render({ data: row(sent) });
    render({ data: row(done) });
    expect(drawn).toEqual(['line-2:plan,recall']);
  });
});
