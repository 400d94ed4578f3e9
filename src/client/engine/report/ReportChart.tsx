import { BarChart, FunnelChart, HeatmapChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TitleComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { forwardRef, useMemo } from 'react';
import { chartOption, type ChartData, type ChartTheme } from '../../../../reports/charts';
import { useDrawWhenSeen } from './use-draw-when-seen';
import { EChart, type EChartHandle } from './EChart';
import type { ChartKind } from '../../../model';

// Only the charts the report declarations use (architecture "Browser": import only the charts used).
// MarkLine: a designed tile's thresholds (reports/charts/tile.chart.ts).
echarts.use([BarChart, LineChart, PieChart, FunnelChart, HeatmapChart, GridComponent, TooltipComponent, TitleComponent, LegendComponent, VisualMapComponent, MarkLineComponent, CanvasRenderer]);

export type ChartPoint = { ci: number; si: number };

/**
 * One report chart: the declaration's kind drawn by its pure builder (reports/charts) in the
 * session's theme; a click on an element reports its category and series index. `lazy`: drawn once
 * in or near the window, or when the page is idle (use-draw-when-seen.ts), its box kept meanwhile
 * (`data-drawn="0"`).
 */
export const ReportChart = forwardRef<
  EChartHandle,
  { kind: ChartKind; data: ChartData; theme: ChartTheme; height: number | string; onPoint?: (p: ChartPoint) => void; testId?: string; build?: (data: ChartData, theme: ChartTheme) => object; lazy?: boolean }
>(
  // `build`: a report's own pure builder (its .chart.ts) instead of the kind's.
  function ReportChart({ kind, data, theme, height, onPoint, testId, build, lazy = false }, ref) {
    const seen = useDrawWhenSeen<HTMLDivElement>(lazy);
    const { draw } = seen;
    // Built only once drawn: a chart below the window costs nothing in the page's first commit.
    const option = useMemo(() => (!draw ? null : build ? build(data, theme) : chartOption(kind, data, theme)), [draw, kind, data, theme, build]);
    const events = useMemo(
      () => ({
        click: (p: { data?: { ci?: number; si?: number } }) => {
          if (onPoint && p.data && typeof p.data.ci === 'number') onPoint({ ci: p.data.ci, si: p.data.si ?? 0 });
        },
      }),
      [onPoint],
    );
    return (
      <div ref={seen.ref} data-testid={testId} data-chart-kind={kind} data-drawn={seen.draw ? '1' : '0'} style={{ height, width: '100%' }}>
        {option ? (
          <EChart ref={ref} echarts={echarts} option={option} notMerge style={{ height: '100%', width: '100%', cursor: onPoint ? 'pointer' : 'default' }} onEvents={events} />
        ) : null}
      </div>
    );
  },
);
