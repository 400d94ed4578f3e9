import type { CellClassParams, ColDef, ColGroupDef, ValueGetterParams, ValueSetterParams } from 'ag-grid-community';
import type { useTranslation } from 'react-i18next';
import { workbenchColumns } from '../../../../grids/orders/allocation.grid';
import { cellKeyOf } from '../../../model/allocation';
import { requireEntity } from '../../../model/entity';
import type { ColumnDecl } from '../../../model/page';
import { resolveColumns } from '../../../model/page-resolve';
import { columnDefsOf } from '../../grid/column-defs';
import { validateQty } from '../../grid/matrix';
import { toast } from '../../kernel/toast-bus';
import {
  applyEdit,
  cellOverCapacity,
  earlyQty,
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
 * The line's declared columns (grids/orders/allocation.grid.ts `workbenchColumns`) as the engine
 * draws a list's (headed by the demand fields' labels, a value shown as its field type shows it,
 * filtered by the text shown); the SKU column names the pinned rows.
 */
function declaredColumns(c: ColumnContext, decls: readonly ColumnDecl[]): ColDef<GridRow>[] {
  const defs = columnDefsOf(resolveColumns(requireEntity(workbenchColumns.entity), decls), c.language, { filters: 'shown' }) as ColDef<GridRow>[];
  const pinnedLabel = (p: { data?: GridRow }) => (isPinned(p.data) ? c.t(`alloc.pinned.${p.data.__pinned}`) : lineOf(p)?.plan_sku);
  return defs.map((d) => (d.colId === 'plan_sku' ? { ...d, valueGetter: pinnedLabel, cellClassRules: { 'wb-pinned': (p) => isPinned(p.data) } } : d));
}

/** The line's running totals from the ledger, after its declared columns (English words wider than their Chinese, issue 21). */
function totalColumns(c: ColumnContext): ColDef<GridRow>[] {
  const { t } = c;
  const en = c.language === 'en';
  return [
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
    headerName: vendorLabel(v),
    headerTooltip: `${vendorLabel(v)} · ${t('alloc.grade')} ${v.grade ?? '-'} · KPI ${v.kpi}`,
    wrapHeaderText: true,
    autoHeaderHeight: true,
    width: 104,
    type: 'rightAligned',
    editable: (p) => c.draft && !isPinned(p.data) && earlyQty(live(c), p.data as WorkbenchLine, v.id) === 0,
    valueGetter: (p: ValueGetterParams<GridRow>) => vendorValue(c, v, p),
    valueSetter: (p: ValueSetterParams<GridRow>) => {
      if (isPinned(p.data)) return false;
      const parsed = validateQty(String(p.newValue ?? ''));
      if (parsed.error) {
        toast.warning(t(parsed.error.key));
        return false;
      }
      applyEdit(live(c), p.data as WorkbenchLine, v.id, parsed.value);
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

/** The workbench grid's columns: the line's declared ones, its totals, the vendors (grouped), the trailing declared ones. */
export function workbenchGridColumns(c: ColumnContext): Array<ColDef<GridRow> | ColGroupDef<GridRow>> {
  const vendors: ColGroupDef<GridRow> = { headerName: c.t('alloc.col.vendors'), children: c.state.data.vendors.map((v) => vendorColumn(c, v)) };
  return [...declaredColumns(c, workbenchColumns.lead), ...totalColumns(c), vendors, ...declaredColumns(c, workbenchColumns.trail)];
}
