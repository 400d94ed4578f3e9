import { describe, expect, it } from 'vitest';
import { pendingEdits, summary, workbenchState, type Workbench } from './workbench-model';
import { restoreEdits } from './workbench-draft';

const data = (): Workbench => ({
  version: { id: 7, status: 'draft' },
  cycles: ['2026-05', '2026-06'],
  lines: [
    { id: 1, year: 2026, season: null, month: '2026-05', series: null, category: 'knit', plan_sku: 'A', plan_qty: 100, plan_amount: null },
    { id: 2, year: 2026, season: null, month: '2026-06', series: null, category: 'knit', plan_sku: 'B', plan_qty: 50, plan_amount: null },
  ],
  vendors: [
    { id: 10, code: 'V1', name: 'one', grade: 'A', kpi: 90, shareMax: null, shareTarget: null },
    { id: 11, code: 'V2', name: 'two', grade: 'B', kpi: 80, shareMax: null, shareTarget: null },
  ],
  groups: [{ id: 1, code: 'G', name: 'knit', categories: ['knit'] }],
  capacity: [{ vendorId: 10, groupId: 1, cycle: '2026-05', capacity: 1000 }],
  // Line 2 has 5 pieces on V2 placed a month early: that cell is not the planner's to type.
  cells: [{ lineId: 2, vendorId: 11, cycle: '2026-05', qty: 5, locked: false, source: 'suggest' }],
});

describe('restoring a kept workbench draft (issue 29)', () => {
  it('applies the edits the version still has, through the ledger, and skips the rest', () => {
    const s = workbenchState(data());
    const applied = restoreEdits(s, [
      { lineId: 1, vendorId: 10, cycle: '2026-05', qty: 60 },
      { lineId: 1, vendorId: 11, cycle: '2026-05', qty: null },
      { lineId: 2, vendorId: 10, cycle: '2026-06', qty: 20 },
      { lineId: 2, vendorId: 11, cycle: '2026-06', qty: 9 }, // placed early: not editable
      { lineId: 3, vendorId: 10, cycle: '2026-05', qty: 1 }, // line gone
      { lineId: 1, vendorId: 12, cycle: '2026-05', qty: 1 }, // vendor gone
      { lineId: 1, vendorId: 10, cycle: '2026-06', qty: 1 }, // not the line's month
      { lineId: 1, vendorId: 11, cycle: '2026-05', qty: -3 }, // not a quantity
    ]);
    expect(applied).toBe(3);
    expect(summary(s).pending).toBe(3);
    expect(s.ledger.allocated(1)).toBe(60);
    expect(s.ledger.allocated(2)).toBe(25);
    expect(pendingEdits(s)).toHaveLength(3);
  });

  it('survives a draft that is not a list', () => {
    const s = workbenchState(data());
    expect(restoreEdits(s, null as never)).toBe(0);
    expect(restoreEdits(s, [null as never])).toBe(0);
  });
});
