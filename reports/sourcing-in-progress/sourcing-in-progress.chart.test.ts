import { describe, expect, it } from 'vitest';
import { drillFilters, ratioOf } from '../../src/model';
import { drillOf, REPORT_THEMES, toChartData } from '../charts';
import { sourcingPipeline, sourcingPipelineOption, sourcingStages } from './sourcing-in-progress.chart';
import { sourcingInProgress } from './sourcing-in-progress.report';

const theme = REPORT_THEMES.wall.theme;
/** Grouped rows as the report returns them by stage, in the server's (alphabetical) order. */
const rows = [
  { status: 'evaluating', projects: 1, on_schedule: 0, overdue: 1, _level: 0 },
  { status: 'not_prepared', projects: 3, on_schedule: 2, overdue: 1, _level: 0 },
  { status: 'publishing', projects: 2, on_schedule: 2, overdue: 0, _level: 0 },
  { status: null, projects: 6, on_schedule: 4, overdue: 2, _level: 1 },
];
const names: Record<string, string> = { not_prepared: '未准备', preparing: '信息准备中', info_delivered: '信息已发布', publishing: '询价发布中', sourcing_ended: '寻源结束', evaluating: '评估中' };
const data = toChartData(rows, ['status'], [{ key: 'on_schedule', name: '按期' }, { key: 'overdue', name: '已超期' }], (_d, v) => names[v ?? ''] ?? '—');

describe('sourcing in progress (pipeline by stage)', () => {
  it('lists the stages before the evaluation ends, in the state machine’s order', () => {
    expect(sourcingStages()).toEqual(['not_prepared', 'preparing', 'info_delivered', 'publishing', 'sourcing_ended', 'evaluating']);
  });

  it('draws every stage in order, an empty stage as zero, the subtotal left out', () => {
    const p = sourcingPipeline(data, sourcingStages(), (s) => names[s]);
    expect(p.categories.map((c) => c.key)).toEqual(['not_prepared', 'preparing', 'info_delivered', 'publishing', 'sourcing_ended', 'evaluating']);
    expect(p.categories.map((c) => c.label)).toEqual(['未准备', '信息准备中', '信息已发布', '询价发布中', '寻源结束', '评估中']);
    expect(p.series[0].values).toEqual([2, 0, 0, 2, 0, 0]);
    expect(p.series[1].values).toEqual([1, 0, 0, 0, 0, 1]);
  });

  it('keeps a value outside the stages (an ended project) after them', () => {
    const withEnded = toChartData([...rows, { status: 'evaluation_ended', projects: 1, on_schedule: 1, overdue: 0, _level: 0 }], ['status'], [{ key: 'on_schedule', name: 'a' }], (_d, v) => v ?? '—');
    const p = sourcingPipeline(withEnded, sourcingStages(), (s) => s);
    expect(p.categories.map((c) => c.key).slice(-1)).toEqual(['evaluation_ended']);
    expect(p.series[0].values.slice(-1)).toEqual([1]);
  });

  it('stacks on schedule under overdue, overdue in the alarm colour, each datum drilling to its stage’s projects', () => {
    const p = sourcingPipeline(data, sourcingStages(), (s) => names[s]);
    const o = sourcingPipelineOption(p, theme);
    expect(o.series.map((s) => s.stack)).toEqual(['total', 'total']);
    expect(o.series[1].itemStyle.color).toBe('#d13438');
    expect(o.series[0].itemStyle.color).toBe(theme.colors[0]);
    const d = o.series[1].data[5];
    expect([d.value, d.ci, d.si]).toEqual([1, 5, 1]);
    expect(drillFilters(sourcingInProgress, drillOf(p, d.ci, d.si), { 'f.eval_state.in': 'not_evaluated,evaluating' })).toEqual({ 'f.eval_state.in': 'not_evaluated,evaluating', 'f.status.eq': 'evaluating' });
  });

  it('computes the overdue share of a group from its own sums', () => {
    const m = sourcingInProgress.measures.find((x) => x.key === 'overdue_rate')!;
    expect(ratioOf({ overdue: 2, projects: 6 }, m)).toBeCloseTo(1 / 3);
    expect(ratioOf({ overdue: 0, projects: 0 }, m)).toBeNull();
  });
});
