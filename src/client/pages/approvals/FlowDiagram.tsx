import { GraphChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowNodeView, FlowStepView } from './approval-api';
import { flowChartOption } from './flow-chart';
import { useDictWord } from './use-process-bus';
import { EChart } from '../../engine/report/EChart';

// Only the graph and what it needs (ARCHITECTURE "Browser": import only the charts used).
echarts.use([GraphChart, TooltipComponent, CanvasRenderer]);

/** The flow diagram of a definition or of a running flow (the current node highlighted). */
export function FlowDiagram(props: { nodes: FlowNodeView[]; steps: FlowStepView[]; current?: number | null; finished?: 'approved' | 'rejected' | null; height?: number }) {
  const { t } = useTranslation();
  // A node's approval type in the words its declared dictionary gives it (the node's form says the same).
  const word = useDictWord();
  const [and, or] = [word('wf_sign_type', 'and'), word('wf_sign_type', 'or')];
  const { nodes, steps, current, finished } = props;
  const option = useMemo(
    () => flowChartOption({ nodes, steps, current, finished, words: { start: t('wf.chart.start'), end: t('wf.chart.end'), and, or } }),
    [nodes, steps, current, finished, t, and, or],
  );
  return (
    <div data-testid="wf-diagram" data-current={props.current ?? ''} data-nodes={props.nodes.length}>
      <EChart echarts={echarts} option={option} style={{ height: props.height ?? 160, width: '100%' }} notMerge />
    </div>
  );
}
