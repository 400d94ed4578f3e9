import type { ColDef, ColGroupDef } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import { defineMemoryGrid } from '../../model/memory-grid';
import { memoryGridColumns, type MemorySource } from './memory-grid';

// A grid over rows in memory: demand lines (declared fields), a computed column, one column per member.
const decl = defineMemoryGrid({
  entity: 'demand',
  lead: [{ field: 'plan_sku', width: 140 }],
  computed: [{ key: 'left', label: 'k.left', width: [70, 90], marks: { positive: 'pos', negative: 'neg' } }],
  members: { label: 'k.members', idPrefix: 'm', width: 100, marks: ['big'], editable: 'quantity' },
  trail: [{ field: 'series', width: 96 }],
  footer: { rows: ['sum'], labelColumn: 'plan_sku', label: 'k.footer', className: 'foot' },
  tabField: 'month',
});
type Line = { id: number; plan_sku: string; month: string; qty: number };

function setup() {
  const lines: Line[] = [{ id: 1, plan_sku: 'A', month: '2026-03', qty: 10 }];
  const cells = new Map<string, number>([['1|7', 4]]);
  const src: MemorySource<Line, number> = {
    computed: { left: (l) => l.qty - (cells.get(`${l.id}|7`) ?? 0) },
    members: [7],
    memberId: (m) => m,
    header: (m) => ({ name: `M${m}` }),
    cell: (l, m) => cells.get(`${l.id}|${m}`) ?? null,
    footer: (_k, m, tab) => `${tab}:${[...cells.entries()].filter(([k]) => k.endsWith(`|${m}`)).reduce((s, [, q]) => s + q, 0)}`,
    mark: (name, at, m) => name === 'big' && 'row' in at && (cells.get(`${at.row.id}|${m}`) ?? 0) > 5,
    write: (l, m, q) => void cells.set(`${l.id}|${m}`, q ?? 0),
  };
  const cols = memoryGridColumns(decl, src, { language: 'en', t: (k) => `<${k}>`, editable: true, tab: { current: 'all' } });
  return { lines, cells, cols };
}

describe('a declared grid over rows in memory', () => {
  it('draws the declared columns, the computed ones, a column per member under one header, and the footer', () => {
    const { lines, cols } = setup();
    expect(cols.map((c) => (c as ColDef).colId ?? (c as ColGroupDef).headerName)).toEqual(['plan_sku', 'left', '<k.members>', 'series']);
    const [sku, left, group] = cols as [ColDef, ColDef, ColGroupDef];
    const member = group.children[0] as ColDef;
    expect(member.colId).toBe('m7');
    expect(left.width).toBe(90);
    const get = (c: ColDef, data: unknown) => (c.valueGetter as (p: unknown) => unknown)({ data });
    expect(get(sku, { __footer: 'sum' })).toBe('<k.footer.sum>');
    expect(get(sku, lines[0])).toBe('A');
    expect(get(left, lines[0])).toBe(6);
    // A computed quantity reads as the declared type's list cells do (thousands grouped).
    expect((left.valueFormatter as (p: unknown) => string)({ value: 12345 })).toBe('12,345');
    expect(get(member, lines[0])).toBe(4);
    expect(get(member, { __footer: 'sum' })).toBe('all:4');
    const rule = (c: ColDef, name: string, data: unknown, value?: unknown) => (c.cellClassRules as Record<string, (p: unknown) => boolean>)[name]({ data, value });
    expect(rule(left, 'pos', lines[0], 6)).toBe(true);
    expect(rule(left, 'neg', lines[0], 6)).toBe(false);
    expect(rule(member, 'foot', { __footer: 'sum' })).toBe(true);
    expect(rule(member, 'big', lines[0])).toBe(false);
  });

  it('edits a member cell with a quantity read as every quantity grid reads it, never a footer cell', () => {
    const { lines, cells, cols } = setup();
    const member = (cols[2] as ColGroupDef).children[0] as ColDef;
    const set = (data: unknown, newValue: unknown) => (member.valueSetter as (p: unknown) => boolean)({ data, newValue });
    expect((member.editable as (p: unknown) => boolean)({ data: lines[0] })).toBe(true);
    expect((member.editable as (p: unknown) => boolean)({ data: { __footer: 'sum' } })).toBe(false);
    expect(set(lines[0], '1,200')).toBe(true);
    expect(cells.get('1|7')).toBe(1200);
    expect(set(lines[0], '-3')).toBe(false);
    expect(cells.get('1|7')).toBe(1200);
    expect(set({ __footer: 'sum' }, '5')).toBe(false);
  });
});
