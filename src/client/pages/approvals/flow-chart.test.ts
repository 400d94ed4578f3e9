import { describe, expect, it } from 'vitest';
import { nextNodeSeq } from '../../../model/approval-flow';
import { flowChartOption } from './flow-chart';

const node = (seq: number, extra = {}) => ({ seq, name: `N${seq}`, sign_type: 'or' as const, access_type: 'initiator', launch_text: null, is_end: false, ...extra });
const words = { start: '开始', end: '结束', and: '会签', or: '或签' };

describe('flow diagram of a process', () => {
  it('draws start, the nodes in sequence and the end, the current node orange and the passed ones green', () => {
    const o = flowChartOption({ nodes: [node(2, { is_end: true, sign_type: 'and' }), node(1)], steps: [], current: 2, words });
    const s = o.series[0];
    expect(s.data.map((d) => d.id)).toEqual(['start', 'n1', 'n2', 'end']);
    expect(s.links).toEqual([{ source: 'start', target: 'n1' }, { source: 'n1', target: 'n2' }, { source: 'n2', target: 'end' }]);
    expect(s.data[1].itemStyle.color).toBe('#2e7d32');
    expect(s.data[2].itemStyle.color).toBe('#f7630c');
    expect(s.data[2].label.formatter).toBe('2. N2\n会签');
  });

  it('follows steps: a step leaving a node names the next one, a step without a target ends the flow', () => {
    const nodes = [node(1), node(2), node(3, { is_end: true })];
    const steps = [{ step_code: 'A', from_seq: 1, to_seq: 3 }, { step_code: 'B', from_seq: 2, to_seq: null }];
    expect([1, 2, 3].map((seq) => nextNodeSeq({ nodes, steps }, seq))).toEqual([3, null, null]);
    expect(flowChartOption({ nodes, steps, words }).series[0].links).toContainEqual({ source: 'n1', target: 'n3' });
  });
});
