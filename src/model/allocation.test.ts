import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AllocationLedger,
  capacityHeatmap,
  largestRemainder,
  monthsBetween,
  orderAllocationStatus,
} from './allocation';

describe('largestRemainder and prepack', () => {
  it('spreads a total by ratio so the parts add up exactly', () => {
    expect(largestRemainder(100, [1, 2, 2, 1])).toEqual([17, 33, 33, 17]);
    expect(largestRemainder(12, [1, 2, 2, 1])).toEqual([2, 4, 4, 2]);
    expect(largestRemainder(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(largestRemainder(5, [0, 0])).toEqual([0, 0]);
  });

  it('always sums to the total and no part is more than one away from its exact share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 12 }), (total, ratio) => {
        const parts = largestRemainder(total, ratio);
        const sum = ratio.reduce((s, r) => s + r, 0);
        if (sum === 0) {
          expect(parts.every((p) => p === 0)).toBe(true);
          return;
        }
        expect(parts.reduce((s, p) => s + p, 0)).toBe(total);
        parts.forEach((p, i) => expect(Math.abs(p - (total * ratio[i]) / sum)).toBeLessThan(1));
      }),
    );
  });
});

describe('monthsBetween', () => {
  it('lists the months of a range across a year end', () => {
    expect(monthsBetween('2026-11', '2027-02')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthsBetween('2026-03', '2026-02')).toEqual([]);
  });
});

describe('AllocationLedger', () => {
  const make = () =>
    new AllocationLedger({
      lines: [
        { id: 1, category: 'knit', cycle: '2026-03', qty: 500 },
        { id: 2, category: 'denim', cycle: '2026-03', qty: 300 },
      ],
      groups: [
        { id: 10, categories: ['knit'] },
        { id: 20, categories: ['denim'] },
      ],
      capacity: [
        { vendorId: 7, groupId: 10, cycle: '2026-03', capacity: 400 },
        { vendorId: 7, groupId: 20, cycle: '2026-03', capacity: 100 },
      ],
      cells: [{ lineId: 1, vendorId: 7, cycle: '2026-03', qty: 300 }],
    });

  it('keeps line totals, loads and the heatmap in step with every edit', () => {
    const l = make();
    expect(l.unallocated(1)).toBe(200);
    expect(l.isOverCapacity(1, 7, '2026-03')).toBe(false);
    l.setCell(2, 7, '2026-03', 150);
    expect(l.isOverCapacity(2, 7, '2026-03')).toBe(true);
    expect(l.overCapacityKeys()).toEqual(['7|20|2026-03']);
    const heat = capacityHeatmap(l, [7], ['2026-03']);
    expect(heat).toEqual([{ vendorId: 7, cycle: '2026-03', load: 450, capacity: 500, ratio: 0.9 }]);
    l.setCell(1, 7, '2026-03', 0);
    expect(l.allocated(1)).toBe(0);
    expect(l.total).toEqual({ demand: 800, allocated: 150 });
  });
});

describe('orderAllocationStatus', () => {
  it('follows the order from not received to submitted', () => {
    expect(orderAllocationStatus({ status: 'draft' })).toBe('not_received');
    expect(orderAllocationStatus({ status: 'draft', receive_date: '2026-03-01' })).toBe('to_allocate');
    expect(orderAllocationStatus({ status: 'draft', receive_date: '2026-03-01', maker_vendor_id: 4 })).toBe('allocated');
    expect(orderAllocationStatus({ status: 'sent', receive_date: '2026-03-01', maker_vendor_id: 4 })).toBe('submitted');
    expect(orderAllocationStatus({ status: 'in_progress', alloc_status: 'day_scheduled' })).toBe('day_scheduled');
  });
});
