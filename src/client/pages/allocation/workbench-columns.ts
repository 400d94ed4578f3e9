import type { CellClassParams, ColDef, ColGroupDef, ValueGetterParams, ValueSetterParams } from 'ag-grid-community';
import type { useTranslation } from 'react-i18next';
import { cellKeyOf } from '../../../model/allocation';
import { toast } from '../../kernel/toast-bus';
import {
  applyEdit,
  cellOverCapacity,
  earlyQty,
  parseCellInput,
  shownQty,
  vendorCanMake,
  vendorLabel,
  vendorLoad,
  type WorkbenchLine,
  type WorkbenchState,
  type WorkbenchVendor,
} from './workbench-model';

/** A pinned row at the bottom of the grid: per vendor, allocated pieces or load against capacity. */
export type PinnedRow = { __pinned: 'allocated' | 'capacity' | 'load' };
export type GridRow = WorkbenchLine | PinnedRow;
export const isPinned = (r: GridRow | undefined): r is PinnedRow => Boolean(r && '__pinned' in r);

/** What the columns read: the version shown, the live state (through refs: the grid reads totals as they change) and the words. */
export type ColumnContext = {
  state: WorkbenchState;
  draft: boolean;
  t: ReturnType<typeof useTranslation>['t'];
  categories: Map<string, string>;
  language: 'zh-CN' | 'en';
  stateRef: { readonly current: WorkbenchState | null };
  cycleRef: { readonly current: string };
};

const lineOf = (p: { data?: GridRow }) => (isPinned(p.data) ? null : (p.data as WorkbenchLine | undefined) ?? null);
const live = (c: ColumnContext) => c.stateRef.current!;
const cycleLoad = (c: ColumnContext, vendorId: number) => {
  const st = live(c);
  const cyc = c.cycleRef.current === 'all' ? st.data.cycles : [c.cycleRef.current];
  return vendorLoad(st, cyc).get(vendorId);
};
const keyOf = (p: { data?: GridRow }, vendorId: number) => cellKeyOf((p.data as WorkbenchLine).id, vendorId, (p.data as WorkbenchLine).month);

/**
 * Pinned: what identifies a line and its totals; category and series scroll with the vendors
 * (pinned, they left the vendors no room at 1366 px in English, and AG Grid unpins what overflows).
 * English words are longer than their Chinese labels and values ("Unallocated", "Knit dresses"):
 * the columns widen rather than cut them to "Unal…" (issue 21).
 */
function fixedColumns(c: ColumnContext): ColDef<GridRow>[] {
  const { t, categories } = c;
  const en = c.language === 'en';
  const pinnedLabel = (p: { data?: GridRow }) => (isPinned(p.data) ? t(`alloc.pinned.${p.data.__pinned}`) : undefined);
  return [
    { colId: 'month', headerName: t('alloc.col.month'), width: 84, pinned: 'left', valueGetter: (p) => lineOf(p)?.month ?? '', sortable: true },
    { colId: 'plan_sku', headerName: t('alloc.col.sku'), width: 140, pinned: 'left', valueGetter: (p) => pinnedLabel(p) ?? lineOf(p)?.plan_sku ?? '', filter: 'agTextColumnFilter', cellClassRules: { 'wb-pinned': (p) => isPinned(p.data) } },
    { colId: 'category', headerName: t('alloc.col.category'), width: en ? 118 : 90, valueGetter: (p) => { const l = lineOf(p); return l ? (categories.get(l.category) ?? l.category) : ''; }, filter: 'agTextColumnFilter' },
    { colId: 'plan_qty', headerName: t('alloc.col.demand'), width: 86, pinned: 'left', type: 'rightAligned', valueGetter: (p) => lineOf(p)?.plan_qty ?? null },
    {
      colId: 'allocated',
      headerName: t('alloc.col.allocated'),
      width: en ? 96 : 78,
      pinned: 'left',
      type: 'rightAligned',
      valueGetter: (p) => { const l = lineOf(p); return l ? live(c).ledger.allocated(l.id) : null; },
    },
    {
      colId: 'unallocated',
      headerName: t('alloc.col.unallocated'),
      width: en ? 110 : 78,
      pinned: 'left',
      type: 'rightAligned',
      valueGetter: (p) => { const l = lineOf(p); return l ? live(c).ledger.unallocated(l.id) : null; },
      cellClassRules: { 'wb-unalloc': (p) => typeof p.value === 'number' && p.value > 0, 'wb-overalloc': (p) => typeof p.value === 'number' && p.value < 0 },
    },
  ];
}

/** A vendor's cell: the line's quantity (empty when nothing and untouched); on the pinned rows its total, capacity or load. */
function vendorValue(c: ColumnContext, v: WorkbenchVendor, p: ValueGetterParams<GridRow>): unknown {
  const st = live(c);
  if (isPinned(p.data)) {
    const l = cycleLoad(c, v.id) ?? { load: 0, capacity: 0 };
    if (p.data.__pinned === 'allocated') return l.load;
    if (p.data.__pinned === 'capacity') return l.capacity;
    return l.capacity > 0 ? `${Math.round((l.load / l.capacity) * 100)}%` : l.load > 0 ? c.t('alloc.noCapacity') : '';
  }
  const q = shownQty(st, p.data as WorkbenchLine, v.id);
  return q === 0 && !st.edits.has(keyOf(p, v.id)) && !st.locked.has(keyOf(p, v.id)) ? null : q;
}

/** A vendor's cell highlights: over capacity, no capacity, the planner's own cells, the pending edits. */
function vendorCellClasses(c: ColumnContext, v: WorkbenchVendor): ColDef<GridRow>['cellClassRules'] {
  return {
    'wb-pinned': (p: CellClassParams<GridRow>) => isPinned(p.data),
    'wb-over': (p: CellClassParams<GridRow>) => {
      if (isPinned(p.data)) {
        if (p.data.__pinned !== 'load') return false;
        const l = cycleLoad(c, v.id);
        return Boolean(l && l.load > l.capacity);
      }
      return cellOverCapacity(live(c), p.data as WorkbenchLine, v.id);
    },
    'wb-nocap': (p: CellClassParams<GridRow>) => !isPinned(p.data) && !vendorCanMake(live(c), p.data as WorkbenchLine, v.id),
    'wb-locked': (p: CellClassParams<GridRow>) => !isPinned(p.data) && live(c).locked.has(keyOf(p, v.id)),
    'wb-dirty': (p: CellClassParams<GridRow>) => !isPinned(p.data) && live(c).edits.has(keyOf(p, v.id)),
  };
}

/** One vendor's column, editable while the version is a draft (not where the suggestion placed the line early). */
function vendorColumn(c: ColumnContext, v: WorkbenchVendor): ColDef<GridRow> {
  const { t } = c;
  return {
    colId: `v${v.id}`,
    // Code and name: a planner knows vendors by name (issue 21: headers showed the code only).
    headerName: v.code ? `${v.code} ${v.name}` : v.name,
    headerTooltip: `${vendorLabel(v)} · ${t('alloc.grade')} ${v.grade ?? '-'} · KPI ${v.kpi}`,
    wrapHeaderText: true,
    autoHeaderHeight: true,
    width: 104,
    type: 'rightAligned',
    editable: (p) => c.draft && !isPinned(p.data) && earlyQty(live(c), p.data as WorkbenchLine, v.id) === 0,
    valueGetter: (p: ValueGetterParams<GridRow>) => vendorValue(c, v, p),
    valueSetter: (p: ValueSetterParams<GridRow>) => {
      if (isPinned(p.data)) return false;
      const parsed = parseCellInput(p.newValue);
      if (!parsed.ok) {
        toast.warning(t('alloc.badQty'));
        return false;
      }
      applyEdit(live(c), p.data as WorkbenchLine, v.id, parsed.qty);
      return true;
    },
    valueParser: (p) => p.newValue,
    valueFormatter: (p) => (typeof p.value === 'number' ? p.value.toLocaleString() : String(p.value ?? '')),
    cellEditor: 'agTextCellEditor',
    cellClassRules: vendorCellClasses(c, v),
    tooltipValueGetter: (p) => {
      if (isPinned(p.data) || !p.data) return undefined;
      const e = earlyQty(live(c), p.data as WorkbenchLine, v.id);
      return e > 0 ? t('alloc.early', { qty: e }) : undefined;
    },
  };
}

/** The workbench grid's columns: the line, the vendors (grouped), the series. */
export function workbenchColumns(c: ColumnContext): Array<ColDef<GridRow> | ColGroupDef<GridRow>> {
  const trailing: ColDef<GridRow>[] = [
    { colId: 'series', headerName: c.t('alloc.col.series'), width: 96, valueGetter: (p) => lineOf(p)?.series ?? '', filter: 'agTextColumnFilter' },
  ];
  return [...fixedColumns(c), { headerName: c.t('alloc.col.vendors'), children: c.state.data.vendors.map((v) => vendorColumn(c, v)) }, ...trailing];
}
