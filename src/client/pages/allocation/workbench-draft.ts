import { useUnsavedGuard, type UnsavedGuard } from '../../form/use-unsaved-guard';
import { applyEdit, earlyQty, pendingEdits, type CellEdit, type WorkbenchState } from './workbench-model';

/**
 * Puts a kept draft's edits back onto a freshly loaded version (issue 29): each edit of a line's
 * own-month cell that the version still has, on a vendor it still offers and that the grid lets
 * the planner edit, goes through the ledger as if typed again. Returns how many were applied.
 */
export function restoreEdits(s: WorkbenchState, edits: readonly CellEdit[]): number {
  const lines = new Map(s.data.lines.map((l) => [l.id, l]));
  const vendors = new Set(s.data.vendors.map((v) => v.id));
  let applied = 0;
  for (const e of Array.isArray(edits) ? edits : []) {
    const line = lines.get(Number(e?.lineId));
    const qty = e?.qty === null ? null : Number(e?.qty);
    if (!line || line.month !== e.cycle || !vendors.has(e.vendorId) || earlyQty(s, line, e.vendorId) > 0) continue;
    if (qty !== null && !(Number.isInteger(qty) && qty >= 0)) continue;
    applyEdit(s, line, e.vendorId, qty);
    applied++;
  }
  return applied;
}

/**
 * The workbench's pending edits under the unsaved-changes guard: leaving asks, a reload keeps
 * them as a draft of the version (while it is a draft), and they are offered back on return.
 */
export function useWorkbenchDraft(p: { state: WorkbenchState | null; editable: boolean; revision: number; onRestored: () => void }): UnsavedGuard {
  const st = p.state;
  const pending = st?.edits.size ?? 0;
  return useUnsavedGuard<CellEdit[]>(pending > 0, {
    draft: st && p.editable ? { page: 'allocation-workbench', doc: String(st.data.version.id) } : null,
    revision: p.revision,
    snapshot: () => (st ? pendingEdits(st) : []),
    count: () => pending,
    onRestore: (edits) => {
      if (st && restoreEdits(st, edits)) p.onRestored();
    },
  });
}
