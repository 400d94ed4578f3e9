import type { ChartKind } from '../../src/model';
import { barOption, stackedBarOption } from './bar.chart';
import { funnelOption } from './funnel.chart';
import { heatmapOption } from './heatmap.chart';
import { lineOption } from './line.chart';
import { pieOption } from './pie.chart';
import { rankedBarOption } from './ranked-bar.chart';
import type { ChartData, ChartTheme } from './series';

export * from './series';
export { barOption, stackedBarOption, lineOption, heatmapOption, pieOption, funnelOption, rankedBarOption };

/** The chart option of a kind (the report declaration's `chart`); every builder is pure. */
export function chartOption(kind: ChartKind, data: ChartData, theme: ChartTheme) {
  switch (kind) {
    case 'line':
      return lineOption(data, theme);
    case 'stackedBar':
      return stackedBarOption(data, theme);
    case 'heatmap':
      return heatmapOption(data, theme);
    case 'pie':
      return pieOption(data, theme);
    case 'funnel':
      return funnelOption(data, theme);
    case 'rankedBar':
      return rankedBarOption(data, theme);
    default:
      return barOption(data, theme);
  }
}

/** Report themes a user picks in the report page (kept in the browser per user) or the platform's default. */
export const REPORT_THEMES: Record<string, { label: { zh: string; en: string }; theme: ChartTheme }> = {
  default: {
    label: { zh: '商务蓝', en: 'Business blue' },
    theme: { colors: ['#0f6cbd', '#13a10e', '#ca5010', '#8764b8', '#038387', '#c239b3', '#986f0b', '#4f6bed'], text: '#242424', background: 'transparent', heat: ['#dce6f2', '#9fd89f', '#ffd335', '#e0474c'], grid: '#e0e0e0' },
  },
  earth: {
    label: { zh: '大地色', en: 'Earth' },
    theme: { colors: ['#8c5a2b', '#4a7c59', '#c08a3e', '#5b6f8c', '#a24d4d', '#6e8b3d', '#7a5c99', '#3e7a7a'], text: '#2b2b2b', background: 'transparent', heat: ['#ece6da', '#a8c69f', '#f0c274', '#b5503f'], grid: '#e6dfd3' },
  },
  wall: {
    label: { zh: '大屏深色', en: 'Wall (dark)' },
    theme: { colors: ['#4cc2ff', '#6ccb5f', '#fce100', '#ff8c00', '#c3a6ff', '#ff99a4', '#00b7c3', '#e3008c'], text: '#e6eaf0', background: 'transparent', heat: ['#2e3a4d', '#3fae5a', '#f2c500', '#e81123'], grid: '#2e3a4d' },
  },
};
