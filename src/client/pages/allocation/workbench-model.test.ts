import { describe, expect, it } from 'vitest';
import { validateQty } from '../../grid/matrix';
import { applyEdit, cellOverCapacity, earlyQty, heatCells, pendingEdits, shownQty, summary, vendorCanMake, vendorLoad, workbenchState, type Workbench } from './workbench-model';

const data = (): Workbench => ({
  version: { id: 1, status: 'draft' },
  cycles: ['2026-03', '2026-04'],
  lines: [
    { id: 10, year: 2026, season: 'SS', month: '2026-03', series: null, category: 'knit-top', plan_sku: 'A', plan_qty: 1000, plan_amount: null },
    { id: 11, year: 2026, season: 'SS', month: '2026-04', series: null, category: 'knit-top', plan_sku: 'B', plan_qty: 500, plan_amount: null },
    { id: 12, year: 2026, season: 'SS', month: '2026-04', series: null, category: 'denim', plan_sku: 'C', plan_qty: 300, plan_amount: null },
  ],
  vendors: [
    { id: 1, code: 'V1', name: 'One', grade: 'A', kpi: 90, shareMax: null, shareTarget: null },
    { id: 2, code: 'V2', name: 'Two', grade: 'B', kpi: 80, shareMax: null, shareTarget: null },
  ],
  groups: [
    { id: 100, code: 'KNIT', name: 'Knit', categories: ['knit-top'] },
    { id: 200, code: 'DENIM', name: 'Denim', categories: ['denim'] },
  ],
  capacity: [
    { vendorId: 1, groupId: 100, cycle: '2026-03', capacity: 800 },
    { vendorId: 1, groupId: 100, cycle: '2026-04', capacity: 800 },
    { vendorId: 2, groupId: 200, cycle: '2026-04', capacity: 400 },
  ],
  cells: [
    { lineId: 10, vendorId: 1, cycle: '2026-03', qty: 800, locked: false, source: 'suggest' },
    // A planner's cell (kept by the next suggestion).
    { lineId: 11, vendorId: 1, cycle: '2026-04', qty: 300, locked: true, source: 'manual' },
    { lineId: 12, vendorId: 2, cycle: '2026-04', qty: 300, locked: false, source: 'suggest' },
  ],
});

describe('workbench model', () => {
  it('builds totals from the stored cells', () => {
    const s = workbenchState(data());
    expect(summary(s)).toEqual({ demand: 1800, allocated: 1400, unallocated: 400, overAllocated: 0, overCapacity: 0, pending: 0 });
    expect(s.locked.size).toBe(1);
    expect(vendorCanMake(s, s.data.lines[2], 1)).toBe(false);
    expect(vendorCanMake(s, s.data.lines[2], 2)).toBe(true);
  });

  it('an edit moves the line total, the vendor load, the heatmap and the over-capacity flag at once', () => {
    const s = workbenchState(data());
    const line = s.data.lines[0];
    applyEdit(s, line, 1, 900);
    expect(s.ledger.unallocated(line.id)).toBe(100);
    expect(cellOverCapacity(s, line, 1)).toBe(true);
    expect(heatCells(s).find((c) => c.vendorId === 1 && c.cycle === '2026-03')).toMatchObject({ load: 900, capacity: 800 });
    expect(vendorLoad(s, ['2026-03']).get(1)).toEqual({ load: 900, capacity: 800 });
    expect(vendorLoad(s, s.data.cycles).get(1)).toEqual({ load: 1200, capacity: 1600 });
    expect(summary(s)).toMatchObject({ allocated: 1500, overCapacity: 1, pending: 1 });
    applyEdit(s, line, 1, null);
    expect(pendingEdits(s)).toEqual([{ lineId: 10, vendorId: 1, cycle: '2026-03', qty: null }]);
    expect(shownQty(s, line, 1)).toBe(0);
  });

  it('shows what was placed early beside the own month', () => {
    const d = data();
    d.cells.push({ lineId: 11, vendorId: 1, cycle: '2026-03', qty: 50, locked: false, source: 'suggest' });
    const s = workbenchState(d);
    expect(shownQty(s, d.lines[1], 1)).toBe(350);
    expect(earlyQty(s, d.lines[1], 1)).toBe(50);
  });

  // The workbench reads a typed or pasted cell as every quantity grid does (the engine's validateQty).
  it('reads typed cells: empty clears, whole numbers set, the rest is refused', () => {
    expect(validateQty('')).toEqual({ value: null, error: null });
    expect(validateQty('1,200')).toEqual({ value: 1200, error: null });
    expect(validateQty(String(0))).toEqual({ value: 0, error: null });
    expect(validateQty('-3').error).not.toBeNull();
    expect(validateQty('1.5').error).not.toBeNull();
  });
});
