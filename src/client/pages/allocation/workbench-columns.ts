import type { TFunction } from 'i18next';
import { cellKeyOf } from '../../../model/allocation';
import type { MemorySource } from '../../grid/memory-grid';
import { applyEdit, cellOverCapacity, earlyQty, shownQty, vendorCanMake, vendorLabel, vendorLoad, type WorkbenchLine, type WorkbenchState, type WorkbenchVendor } from './workbench-model';

/**
 * What the workbench's declared grid (grids/orders/allocation.grid.ts `workbenchGrid`) reads from
 * the version's ledger: a line's allocated and unallocated pieces, a vendor's cell (its own month
 * plus what was placed early; empty when nothing and untouched), the vendor's allocated pieces,
 * capacity and load over the tab shown, the cell's marks, and a planner's edit of it (not where
 * the suggestion placed the line early).
 */
export function workbenchSource(st: WorkbenchState, t: TFunction): MemorySource<WorkbenchLine, WorkbenchVendor> {
  const key = (l: WorkbenchLine, v: WorkbenchVendor) => cellKeyOf(l.id, v.id, l.month);
  const load = (v: WorkbenchVendor, tab: string) => vendorLoad(st, tab === 'all' ? st.data.cycles : [tab]).get(v.id) ?? { load: 0, capacity: 0 };
  const marks: Record<string, (l: WorkbenchLine, v: WorkbenchVendor) => boolean> = {
    'wb-over': (l, v) => cellOverCapacity(st, l, v.id),
    'wb-nocap': (l, v) => !vendorCanMake(st, l, v.id),
    'wb-locked': (l, v) => st.locked.has(key(l, v)),
    'wb-dirty': (l, v) => st.edits.has(key(l, v)),
  };
  return {
    computed: { allocated: (l) => st.ledger.allocated(l.id), unallocated: (l) => st.ledger.unallocated(l.id) },
    members: st.data.vendors,
    memberId: (v) => v.id,
    // Code and name: a planner knows vendors by name (issue 21: headers showed the code only).
    header: (v) => ({ name: vendorLabel(v), tooltip: `${vendorLabel(v)} · ${t('alloc.grade')} ${v.grade ?? '-'} · KPI ${v.kpi}` }),
    cell: (l, v) => {
      const q = shownQty(st, l, v.id);
      return q === 0 && !st.edits.has(key(l, v)) && !st.locked.has(key(l, v)) ? null : q;
    },
    footer: (row, v, tab) => {
      const x = load(v, tab);
      if (row !== 'load') return row === 'allocated' ? x.load : x.capacity;
      return x.capacity > 0 ? `${Math.round((x.load / x.capacity) * 100)}%` : x.load > 0 ? t('alloc.noCapacity') : '';
    },
    mark: (name, at, v) => ('row' in at ? marks[name](at.row, v) : name === 'wb-over' && at.footer === 'load' && load(v, at.tab).load > load(v, at.tab).capacity),
    editable: (l, v) => earlyQty(st, l, v.id) === 0,
    write: (l, v, qty) => void applyEdit(st, l, v.id, qty),
    tooltip: (l, v) => {
      const e = earlyQty(st, l, v.id);
      return e > 0 ? t('alloc.early', { qty: e }) : undefined;
    },
  };
}
