import type { HeatCell } from '../../src/model/allocation';
import { groupedNumber } from '../../src/model/number-text';

/**
 * The capacity heatmap of the allocation workbench (issue 6): vendors as rows, cycles as columns, each
 * cell the vendor's load in that cycle as a share of its capacity (all capacity groups together).
 * A pure function from the workbench's heat cells to an ECharts option, so the picture is tested
 * without a browser and the workbench only hands the option to ECharts after every edit.
 *
 * Colours: up to 80 % comfortable, 80-100 % tight, above 100 % over capacity; a vendor with load but
 * no capacity in a cycle counts as over capacity; a cell with neither is left blank.
 *
 * Example: `capacityHeatmapOption({ vendors: [{ id: 1, label: 'VHF01' }], cycles: ['2026-03'], cells: [{ vendorId: 1, cycle: '2026-03', load: 900, capacity: 1000, ratio: 0.9 }] })`
 * gives one cell `[0, 0, 90]` coloured as tight.
 */
export type HeatmapVendor = { id: number; label: string };

export type HeatmapInput = {
  vendors: HeatmapVendor[];
  cycles: string[];
  cells: HeatCell[];
  language?: 'zh-CN' | 'en';
};

/** One data item: [cycle index, vendor index, load %], plus what the tooltip tells. */
export type HeatmapDatum = { value: [number, number, number]; load: number; capacity: number };

export type HeatmapOption = {
  animation: false;
  grid: { left: number; right: number; top: number; bottom: number; containLabel: true };
  tooltip: { position: 'top'; formatter: (p: { data?: HeatmapDatum | null }) => string };
  xAxis: { type: 'category'; data: string[]; splitArea: { show: true }; axisLabel: { fontSize: number; interval: 0; rotate: number } };
  yAxis: { type: 'category'; data: string[]; inverse: true; splitArea: { show: true }; axisLabel: { fontSize: number; width: number; overflow: 'truncate' } };
  visualMap: {
    type: 'piecewise';
    dimension: 2;
    orient: 'horizontal';
    left: 'center';
    bottom: number;
    itemWidth: number;
    itemHeight: number;
    textStyle: { fontSize: number };
    pieces: Array<{ min?: number; max?: number; lte?: number; gt?: number; label: string; color: string }>;
  };
  /** With many vendors, a window of them on the vendor axis (scrolled with the slider or the wheel). */
  dataZoom?: Array<{ type: 'slider' | 'inside'; yAxisIndex: 0; startValue: number; endValue: number; width?: number; right?: number; filterMode: 'filter'; zoomLock?: boolean }>;
  series: Array<{
    name: string;
    type: 'heatmap';
    data: HeatmapDatum[];
    label: { show: boolean; fontSize: number; formatter: (p: { data?: HeatmapDatum | null }) => string };
    emphasis: { itemStyle: { borderColor: string; borderWidth: number } };
    itemStyle: { borderColor: string; borderWidth: number };
  }>;
};

/** Where a load share falls: the heatmap's three bands (and the workbench's highlight). */
export type LoadBand = 'ok' | 'tight' | 'over';

/** Shares above this are "tight" (amber); above 100 % over capacity (red). */
export const TIGHT_FROM = 80;
/** Vendors shown at once before the vendor axis gets a scroll window (keeps every redraw small). */
export const VENDOR_WINDOW = 30;

/** A load without any capacity is drawn at this share: clearly over, without stretching the scale. */
export const NO_CAPACITY_PCT = 999;

export function loadBand(pct: number): LoadBand {
  return pct > 100 ? 'over' : pct > TIGHT_FROM ? 'tight' : 'ok';
}

/** Load as a whole percentage of capacity; null when the vendor has neither load nor capacity. */
export function loadPercent(cell: Pick<HeatCell, 'load' | 'capacity'>): number | null {
  if (cell.capacity > 0) return Math.round((cell.load / cell.capacity) * 100);
  return cell.load > 0 ? NO_CAPACITY_PCT : null;
}

const WORDS = {
  'zh-CN': { series: '产能负荷', ok: '≤80%', tight: '80%–100%', over: '>100% 超产能', load: '负荷', capacity: '产能', noCapacity: '无产能' },
  en: { series: 'Capacity load', ok: '≤80%', tight: '80%–100%', over: '>100% over capacity', load: 'Load', capacity: 'Capacity', noCapacity: 'no capacity' },
} as const;

export function capacityHeatmapOption(input: HeatmapInput): HeatmapOption {
  const w = WORDS[input.language ?? 'zh-CN'];
  const vendorIndex = new Map(input.vendors.map((v, i) => [v.id, i]));
  const cycleIndex = new Map(input.cycles.map((c, i) => [c, i]));
  const data: HeatmapDatum[] = [];
  for (const cell of input.cells) {
    const vi = vendorIndex.get(cell.vendorId);
    const ci = cycleIndex.get(cell.cycle);
    const pct = loadPercent(cell);
    if (vi === undefined || ci === undefined || pct === null) continue;
    data.push({ value: [ci, vi, pct], load: cell.load, capacity: cell.capacity });
  }
  // Labels inside cells only while they stay readable.
  const showLabels = input.vendors.length * input.cycles.length <= 400;
  const percentText = (d: HeatmapDatum | null | undefined) => (!d ? '' : d.capacity > 0 ? `${d.value[2]}%` : '!');
  const windowed = input.vendors.length > VENDOR_WINDOW;
  return {
    animation: false,
    grid: { left: 8, right: windowed ? 34 : 12, top: 8, bottom: 44, containLabel: true },
    ...(windowed
      ? {
          dataZoom: [
            { type: 'slider' as const, yAxisIndex: 0 as const, startValue: 0, endValue: VENDOR_WINDOW - 1, width: 14, right: 6, filterMode: 'filter' as const, zoomLock: true },
            { type: 'inside' as const, yAxisIndex: 0 as const, startValue: 0, endValue: VENDOR_WINDOW - 1, filterMode: 'filter' as const, zoomLock: true },
          ],
        }
      : {}),
    tooltip: {
      position: 'top',
      formatter: (p) => {
        const d = p.data;
        if (!d) return '';
        const vendor = input.vendors[d.value[1]]?.label ?? '';
        const cycle = input.cycles[d.value[0]] ?? '';
        const share = d.capacity > 0 ? `${d.value[2]}%` : w.noCapacity;
        return `${vendor} · ${cycle}<br/>${w.load} ${groupedNumber(d.load, 3)} / ${w.capacity} ${groupedNumber(d.capacity, 3)} (${share})`;
      },
    },
    // Every cycle is labelled; a long range is tilted so the labels do not collide.
    xAxis: { type: 'category', data: [...input.cycles], splitArea: { show: true }, axisLabel: { fontSize: 11, interval: 0, rotate: input.cycles.length > 4 ? 40 : 0 } },
    yAxis: { type: 'category', data: input.vendors.map((v) => v.label), inverse: true, splitArea: { show: true }, axisLabel: { fontSize: 11, width: 110, overflow: 'truncate' } },
    visualMap: {
      type: 'piecewise',
      dimension: 2,
      orient: 'horizontal',
      left: 'center',
      bottom: 4,
      itemWidth: 14,
      itemHeight: 10,
      textStyle: { fontSize: 11 },
      pieces: [
        { min: 0, lte: TIGHT_FROM, label: w.ok, color: '#9fd3a8' },
        { gt: TIGHT_FROM, lte: 100, label: w.tight, color: '#f6c35b' },
        { gt: 100, label: w.over, color: '#d9534f' },
      ],
    },
    series: [
      {
        name: w.series,
        type: 'heatmap',
        data,
        label: { show: showLabels, fontSize: 10, formatter: (p) => percentText(p.data) },
        emphasis: { itemStyle: { borderColor: '#1f3b6e', borderWidth: 1 } },
        itemStyle: { borderColor: '#ffffff', borderWidth: 1 },
      },
    ],
  };
}
