import { HeatmapChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { memo, useEffect, useMemo, useRef } from 'react';
import type { HeatCell } from '../../../model/allocation';
import { EChart } from '../../engine/report/EChart';
import { capacityHeatmapOption, VENDOR_WINDOW, type HeatmapVendor } from '../../../../reports/capacity-heatmap/capacity-heatmap.chart';

// Only the heatmap and the components it needs (ARCHITECTURE "Browser": import only the charts used).
echarts.use([HeatmapChart, GridComponent, TooltipComponent, VisualMapComponent, DataZoomComponent, CanvasRenderer]);

const OPTS = { renderer: 'canvas' as const };

/**
 * The capacity heatmap beside the workbench grid (issue 6): vendor by cycle, load as a share of
 * capacity, redrawn from the ledger after every edit. `revision` is written on the container so a
 * test (and a curious planner's devtools) can tell which edit the picture shows.
 */
export const CapacityHeatmap = memo(function CapacityHeatmap(props: { vendors: HeatmapVendor[]; cycles: string[]; cells: HeatCell[]; revision: number; language: 'zh-CN' | 'en' }) {
  const option = useMemo(() => capacityHeatmapOption({ vendors: props.vendors, cycles: props.cycles, cells: props.cells, language: props.language }), [props.vendors, props.cycles, props.cells, props.language]);
  // The scroll window is set once; later updates leave it where the planner scrolled it.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
  }, []);
  const shown = useMemo(() => {
    if (!mounted.current) return option;
    const { dataZoom: _kept, ...rest } = option;
    return rest;
  }, [option]);
  // One readable row per vendor, up to the window; more vendors scroll inside the chart.
  const height = Math.max(260, Math.min(props.vendors.length, VENDOR_WINDOW) * 22 + 100);
  const style = useMemo(() => ({ height, width: '100%' }), [height]);
  return (
    <div data-testid="capacity-heatmap" data-revision={props.revision}>
      {/* Merged, not replaced: an edit changes the data, the axes and the scroll window stay. */}
      <EChart echarts={echarts} option={shown} style={style} opts={OPTS} />
    </div>
  );
});
