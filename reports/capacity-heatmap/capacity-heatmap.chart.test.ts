import { describe, expect, it } from 'vitest';
import { AllocationLedger, capacityHeatmap } from '../../src/model/allocation';
import { capacityHeatmapOption, loadBand, loadPercent, NO_CAPACITY_PCT } from './capacity-heatmap.chart';

const vendors = [
  { id: 7, label: 'VHF01 华纺' },
  { id: 9, label: 'VJX02 锦秀' },
];
const cycles = ['2026-03', '2026-04'];

function ledger() {
  return new AllocationLedger({
    lines: [
      { id: 1, category: 'knit-top', cycle: '2026-03', qty: 1500 },
      { id: 2, category: 'knit-top', cycle: '2026-04', qty: 800 },
    ],
    groups: [{ id: 1, categories: ['knit-top'] }],
    capacity: [
      { vendorId: 7, groupId: 1, cycle: '2026-03', capacity: 1000 },
      { vendorId: 7, groupId: 1, cycle: '2026-04', capacity: 1000 },
      { vendorId: 9, groupId: 1, cycle: '2026-03', capacity: 500 },
    ],
    cells: [
      { lineId: 1, vendorId: 7, cycle: '2026-03', qty: 900 },
      { lineId: 1, vendorId: 9, cycle: '2026-03', qty: 600 },
      { lineId: 2, vendorId: 9, cycle: '2026-04', qty: 100 },
    ],
  });
}

describe('capacity heatmap option', () => {
  it('puts each vendor x cycle load share at [cycle, vendor, %] and leaves empty cells out', () => {
    const option = capacityHeatmapOption({ vendors, cycles, cells: capacityHeatmap(ledger(), [7, 9], cycles) });
    const data = option.series[0].data.map((d) => d.value);
    expect(option.xAxis.data).toEqual(cycles);
    expect(option.yAxis.data).toEqual(['VHF01 华纺', 'VJX02 锦秀']);
    // 900/1000, 0/1000, 600/500, 100 with no capacity.
    expect(data).toEqual([
      [0, 0, 90],
      [1, 0, 0],
      [0, 1, 120],
      [1, 1, NO_CAPACITY_PCT],
    ]);
  });

  it('follows an edit: the ledger changes one cell, the option shows the new share', () => {
    const l = ledger();
    l.setCell(1, 9, '2026-03', 400);
    const option = capacityHeatmapOption({ vendors, cycles, cells: capacityHeatmap(l, [7, 9], cycles) });
    expect(option.series[0].data.find((d) => d.value[0] === 0 && d.value[1] === 1)?.value[2]).toBe(80);
  });

  it('colours by band: up to 80 % ok, to 100 % tight, above over; the pieces say the same', () => {
    expect([0, 80, 81, 100, 101, NO_CAPACITY_PCT].map(loadBand)).toEqual(['ok', 'ok', 'tight', 'tight', 'over', 'over']);
    const pieces = capacityHeatmapOption({ vendors, cycles, cells: [] }).visualMap.pieces;
    expect(pieces.map((p) => p.color)).toEqual(['#9fd3a8', '#f6c35b', '#d9534f']);
    expect(loadPercent({ load: 0, capacity: 0 })).toBeNull();
    expect(loadPercent({ load: 5, capacity: 0 })).toBe(NO_CAPACITY_PCT);
  });

  it('explains a cell in the tooltip in the interface language, and hides labels on a big grid', () => {
    const cells = capacityHeatmap(ledger(), [7, 9], cycles);
    const zh = capacityHeatmapOption({ vendors, cycles, cells });
    const en = capacityHeatmapOption({ vendors, cycles, cells, language: 'en' });
    expect(zh.tooltip.formatter({ data: zh.series[0].data[2] })).toBe('VJX02 锦秀 · 2026-03<br/>负荷 600 / 产能 500 (120%)');
    expect(en.tooltip.formatter({ data: en.series[0].data[3] })).toContain('no capacity');
    expect(zh.series[0].label.formatter({ data: zh.series[0].data[0] })).toBe('90%');
    expect(zh.series[0].label.show).toBe(true);
    const many = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, label: `V${i + 1}` }));
    const months = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);
    const big = capacityHeatmapOption({ vendors: many, cycles: months, cells: [] });
    expect(big.series[0].label.show).toBe(false);
    // 200 vendors: a scroll window of 30 on the vendor axis, so each redraw stays small.
    expect(big.dataZoom?.map((z) => [z.type, z.startValue, z.endValue])).toEqual([
      ['slider', 0, 29],
      ['inside', 0, 29],
    ]);
    expect(capacityHeatmapOption({ vendors, cycles, cells: [] }).dataZoom).toBeUndefined();
  });
});
