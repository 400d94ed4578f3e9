import ReactEChartsCore from 'echarts-for-react/esm/core';
import { HeatmapChart } from 'echarts/charts';
import { GridComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { memo, useMemo } from 'react';
import type { HeatCell } from '../../../model/allocation';
import { capacityHeatmapOption, type HeatmapVendor } from '../../../../reports/capacity-heatmap/capacity-heatmap.chart';

// Only the heatmap and the components it needs (ARCHITECTURE "Browser": import only the charts used).
echarts.use([HeatmapChart, GridComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

const OPTS = { renderer: 'canvas' as const };

/**
 * The capacity heatmap beside the workbench grid (issue 6): vendor by cycle, load as a share of
 * capacity, redrawn from the ledger after every edit. `revision` is written on the container so a
 * test (and a curious planner's devtools) can tell which edit the picture shows.
 */
export const CapacityHeatmap = memo(function CapacityHeatmap(props: { vendors: HeatmapVendor[]; cycles: string[]; cells: HeatCell[]; revision: number; language: 'zh-CN' | 'en' }) {
  const option = useMemo(() => capacityHeatmapOption({ vendors: props.vendors, cycles: props.cycles, cells: props.cells, language: props.language }), [props.vendors, props.cycles, props.cells, props.language]);
  // Tall enough for every vendor row to stay readable; the panel scrolls.
  const height = Math.max(260, props.vendors.length * 22 + 90);
  const style = useMemo(() => ({ height, width: '100%' }), [height]);
  return (
    <div data-testid="capacity-heatmap" data-revision={props.revision}>
      <ReactEChartsCore echarts={echarts} option={option} notMerge lazyUpdate={false} style={style} opts={OPTS} />
    </div>
  );
});
