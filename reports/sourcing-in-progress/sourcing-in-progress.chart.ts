import { getEntity } from '../../src/model';
import { stackedBarOption, type ChartData, type ChartTheme } from '../charts';

/** The stages a project passes before its evaluation ends, in the state machine's order (an ended or cancelled project is in none). */
export function sourcingStages(): string[] {
  return (getEntity('srcproject')?.states?.states ?? []).map((s) => s.code).filter((c) => c !== 'evaluation_ended' && c !== 'cancelled');
}

/**
 * The pipeline of sourcing in progress: one bar per stage in the state machine's order, every stage
 * drawn (an empty stage is a gap the manager should see, not a missing bar), other values (an ended
 * project, when the widget's filter lets one through) after them. `label` names a stage.
 */
export function sourcingPipeline(data: ChartData, stages: string[], label: (stage: string) => string): ChartData {
  const at = new Map(data.categories.map((c, i) => [c.key, i]));
  const extra = data.categories.filter((c) => !stages.includes(c.key ?? '')).map((c) => c.key);
  const keys: Array<string | null> = [...stages, ...extra];
  return {
    ...data,
    categories: keys.map((k) => data.categories[at.get(k) ?? -1] ?? { key: k, label: label(k ?? '') }),
    series: data.series.map((s) => ({ ...s, values: keys.map((k) => (at.has(k) ? s.values[at.get(k)!] : 0)) })),
  };
}

/** Stacked bars on schedule / overdue, overdue always in the alarm colour whatever the theme's order. */
export function sourcingPipelineOption(data: ChartData, theme: ChartTheme) {
  const o = stackedBarOption(data, theme);
  const alarm = '#d13438';
  return {
    ...o,
    // Projects are whole numbers.
    yAxis: { ...o.yAxis, minInterval: 1 },
    series: o.series.map((s, si) => (data.series[si]?.key === 'overdue' ? { ...s, itemStyle: { color: alarm } } : { ...s, itemStyle: { color: theme.colors[0] } })),
  };
}
