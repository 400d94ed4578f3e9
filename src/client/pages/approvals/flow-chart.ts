import { nextNodeSeq } from '../../../model/approval-flow';
import type { FlowNodeView, FlowStepView } from './approval-api';

/**
 * The flow diagram of a process definition or a running flow (issue 14), as an ECharts graph
 * option: start, the nodes in sequence order, the end; an edge per step (where the server's flow goes
 * after each node: `nextNodeSeq`, src/model/approval-flow.ts). Nodes already passed are green, the current one
 * orange, the rest grey; a node's label names its approval type. Pure, so a test reads the picture.
 */
export type FlowChartInput = {
  nodes: FlowNodeView[];
  steps: FlowStepView[];
  current?: number | null;
  /** The flow ended approved (every node passed) or rejected. */
  finished?: 'approved' | 'rejected' | null;
  words: { start: string; end: string; and: string; or: string };
};

type GraphNode = { id: string; name: string; x: number; y: number; symbol: string; symbolSize: number[]; itemStyle: { color: string }; label: { show: boolean; formatter: string } };
type GraphLink = { source: string; target: string };
export type FlowChartOption = { animation: boolean; tooltip: Record<string, unknown>; series: Array<{ type: 'graph'; layout: 'none'; roam: boolean; edgeSymbol: string[]; edgeSymbolSize: number[]; data: GraphNode[]; links: GraphLink[]; lineStyle: Record<string, unknown>; label: Record<string, unknown> }> };

const COLOURS = { done: '#2e7d32', current: '#f7630c', todo: '#8a8886', terminal: '#0f6cbd' };

export function flowChartOption(input: FlowChartInput): FlowChartOption {
  const nodes = [...input.nodes].sort((a, b) => a.seq - b.seq);
  const stateOf = (seq: number): keyof typeof COLOURS => {
    if (input.finished === 'approved') return 'done';
    if (input.current === null || input.current === undefined) return 'todo';
    return seq < input.current ? 'done' : seq === input.current ? 'current' : 'todo';
  };
  const data: GraphNode[] = [
    { id: 'start', name: input.words.start, x: 0, y: 0, symbol: 'circle', symbolSize: [56, 56], itemStyle: { color: COLOURS.terminal }, label: { show: true, formatter: input.words.start } },
    ...nodes.map((n, i) => ({
      id: `n${n.seq}`,
      name: n.name,
      x: (i + 1) * 200,
      y: 0,
      symbol: 'roundRect',
      symbolSize: [118, 46],
      itemStyle: { color: COLOURS[stateOf(n.seq)] },
      label: { show: true, formatter: `${n.seq}. ${n.name}\n${n.sign_type === 'and' ? input.words.and : input.words.or}` },
    })),
    { id: 'end', name: input.words.end, x: (nodes.length + 1) * 200, y: 0, symbol: 'circle', symbolSize: [56, 56], itemStyle: { color: input.finished === 'approved' ? COLOURS.done : COLOURS.terminal }, label: { show: true, formatter: input.words.end } },
  ];
  const links: GraphLink[] = [];
  if (nodes.length) links.push({ source: 'start', target: `n${nodes[0].seq}` });
  for (const n of nodes) {
    const next = nextNodeSeq({ nodes, steps: input.steps }, n.seq);
    links.push({ source: `n${n.seq}`, target: next === null ? 'end' : `n${next}` });
  }
  return {
    animation: false,
    tooltip: {},
    series: [{ type: 'graph', layout: 'none', roam: true, edgeSymbol: ['none', 'arrow'], edgeSymbolSize: [0, 10], data, links, lineStyle: { color: '#605e5c', width: 2, curveness: 0 }, label: { color: '#fff', fontSize: 11, lineHeight: 15 } }],
  };
}
