import type { CellClassParams, ColDef, ColGroupDef } from 'ag-grid-community';
import { requireEntity } from '../../model/entity';
import { gridRendererOf } from '../../model/field-types';
import type { MemoryGridDecl } from '../../model/memory-grid';
import type { ColumnDecl } from '../../model/page';
import { resolveColumns } from '../../model/page-resolve';
import { toast } from '../kernel/toast-bus';
import { cellText } from './cell-text';
import { columnDefsOf } from './column-defs';
import { validateQty } from './matrix';

/** A row pinned at the bottom (one of the declaration's `footer.rows`). */
export type FooterRow = { __footer: string };
export type MemoryRow<R> = R | FooterRow;
export const isFooter = (r: unknown): r is FooterRow => Boolean(r && typeof r === 'object' && '__footer' in r);

/**
 * What the page computes for a memory grid (MemoryGridDecl): each computed column's value, the
 * members and their headers, a member's cell on a row and on a footer row (for the rows of the tab
 * shown), its marks, and the edit of a cell. The grid reads it as the cells draw, so a source over
 * state changed in place shows the change once the cells are refreshed.
 */
export type MemorySource<R, M> = {
  computed: Record<string, (row: R) => number>;
  members: readonly M[];
  memberId: (m: M) => number | string;
  header: (m: M) => { name: string; tooltip?: string };
  /** A row's cell (null: shown empty). */
  cell: (row: R, m: M) => number | null;
  footer: (key: string, m: M, tab: string) => unknown;
  /** Whether a cell carries one of the declared marks: a row's cell, or a footer row's. */
  mark: (name: string, at: { row: R } | { footer: string; tab: string }, m: M) => boolean;
  editable?: (row: R, m: M) => boolean;
  write?: (row: R, m: M, value: number | null) => void;
  tooltip?: (row: R, m: M) => string | undefined;
};

export type MemoryGridContext = {
  language: 'zh-CN' | 'en';
  t: (key: string, options?: Record<string, unknown>) => string;
  /** Whether the member cells may be edited at all (a draft). */
  editable: boolean;
  /** The tab shown, read as the cells draw. */
  tab: { readonly current: string };
};

type Col<R> = ColDef<MemoryRow<R>>;
const rowOf = <R>(p: { data?: MemoryRow<R> }): R | null => (p.data && !isFooter(p.data) ? p.data : null);

/** The declared row columns as a list draws them; the footer's label column names the footer rows. */
function declaredColumns<R>(decl: MemoryGridDecl, decls: readonly ColumnDecl[], c: MemoryGridContext): Col<R>[] {
  const defs = columnDefsOf(resolveColumns(requireEntity(decl.entity), decls), c.language, { filters: 'shown' }) as Col<R>[];
  const f = decl.footer;
  if (!f) return defs;
  const label = (p: { data?: MemoryRow<R> }) => (isFooter(p.data) ? c.t(`${f.label}.${p.data.__footer}`) : (rowOf(p) as Record<string, unknown> | null)?.[f.labelColumn]);
  return defs.map((d) => (d.colId === f.labelColumn ? { ...d, valueGetter: label, cellClassRules: { [f.className]: (p: CellClassParams<MemoryRow<R>>) => isFooter(p.data) } } : d));
}

/** The computed columns: right-aligned numbers read as their declared type's cells, marked by their sign where declared. */
function computedColumns<R, M>(decl: MemoryGridDecl, src: MemorySource<R, M>, c: MemoryGridContext): Col<R>[] {
  return decl.computed.map((k) => ({
    valueFormatter: (p: { value: unknown }) => cellText(gridRendererOf({ type: k.type ?? 'integer' }), p.value, { column: {}, row: undefined, language: c.language }),
    colId: k.key,
    headerName: c.t(k.label),
    width: k.width[c.language === 'en' ? 1 : 0],
    pinned: k.pinned,
    type: 'rightAligned',
    valueGetter: (p) => {
      const r = rowOf(p);
      return r ? src.computed[k.key](r) : null;
    },
    ...(k.marks && {
      cellClassRules: {
        ...(k.marks.positive && { [k.marks.positive]: (p: CellClassParams<MemoryRow<R>>) => typeof p.value === 'number' && p.value > 0 }),
        ...(k.marks.negative && { [k.marks.negative]: (p: CellClassParams<MemoryRow<R>>) => typeof p.value === 'number' && p.value < 0 }),
      },
    }),
  }));
}

/** One member's column: its cells on the rows and the footer, its marks, its edit. */
function memberColumn<R, M>(decl: MemoryGridDecl, src: MemorySource<R, M>, c: MemoryGridContext, m: M): Col<R> {
  const d = decl.members;
  const h = src.header(m);
  const markRule = (name: string) => (p: CellClassParams<MemoryRow<R>>) => {
    const r = rowOf(p);
    if (r) return src.mark(name, { row: r }, m);
    return isFooter(p.data) && src.mark(name, { footer: p.data.__footer, tab: c.tab.current }, m);
  };
  const footerClass = decl.footer ? { [decl.footer.className]: (p: CellClassParams<MemoryRow<R>>) => isFooter(p.data) } : {};
  return {
    colId: `${d.idPrefix}${src.memberId(m)}`,
    headerName: h.name,
    headerTooltip: h.tooltip,
    wrapHeaderText: true,
    autoHeaderHeight: true,
    width: d.width,
    type: 'rightAligned',
    editable: (p) => {
      const r = rowOf(p);
      return c.editable && d.editable === 'quantity' && r !== null && (src.editable?.(r, m) ?? true);
    },
    valueGetter: (p) => {
      const r = rowOf(p);
      if (r) return src.cell(r, m);
      return isFooter(p.data) ? src.footer(p.data.__footer, m, c.tab.current) : null;
    },
    valueSetter: (p) => {
      const r = rowOf(p);
      if (!r || !src.write) return false;
      const parsed = validateQty(String(p.newValue ?? ''));
      if (parsed.error) {
        toast.warning(c.t(parsed.error.key));
        return false;
      }
      src.write(r, m, parsed.value);
      return true;
    },
    valueParser: (p) => p.newValue,
    valueFormatter: (p) => (typeof p.value === 'number' ? p.value.toLocaleString() : String(p.value ?? '')),
    cellEditor: 'agTextCellEditor',
    cellClassRules: { ...footerClass, ...Object.fromEntries(d.marks.map((name) => [name, markRule(name)])) },
    tooltipValueGetter: (p) => {
      const r = rowOf(p);
      return r ? src.tooltip?.(r, m) : undefined;
    },
  };
}

/** A memory grid's columns: the declared lead, the computed ones, the members (grouped), the declared trail. */
export function memoryGridColumns<R, M>(decl: MemoryGridDecl, src: MemorySource<R, M>, c: MemoryGridContext): Array<Col<R> | ColGroupDef<MemoryRow<R>>> {
  const members: ColGroupDef<MemoryRow<R>> = { headerName: c.t(decl.members.label), children: src.members.map((m) => memberColumn(decl, src, c, m)) };
  return [...declaredColumns<R>(decl, decl.lead, c), ...computedColumns(decl, src, c), members, ...declaredColumns<R>(decl, decl.trail, c)];
}
