import { defineDashboard } from '../../src/model';
// The reports its widgets read (a dashboard is declared over registered reports).
import '../material-price-trend/material-price-trend.report';
import '../purchase-spend/purchase-spend.report';
import '../vendor-capacity-vs-allocated/vendor-capacity-vs-allocated.report';
import '../vendor-scorecard/vendor-scorecard.report';
import { sourcingPipeline, sourcingPipelineOption, sourcingStages } from '../sourcing-in-progress/sourcing-in-progress.chart';
import { sourcingInProgress } from '../sourcing-in-progress/sourcing-in-progress.report';
import { getEntity } from '../../src/model';

/** A stage's name from the project's state machine. */
const stageLabel = (tr: (l: { zh: string; en: string }) => string) => (code: string) => {
  const s = getEntity(sourcingInProgress.entity!)?.states?.states.find((x) => x.code === code);
  return s ? tr(s.label) : code;
};

/**
 * The buyer's sourcing and purchasing dashboard (`/visual/sourcing`, brands and makers): sourcing in
 * progress by stage and type, purchase spend by supplier and month, vendors' on-time delivery and
 * capacity against allocation.
 */
export const sourcingDashboard = defineDashboard({
  name: 'sourcing',
  title: { zh: '寻源与采购看板', en: 'Sourcing and purchasing dashboard' },
  purpose: { zh: '进行中的寻源、采购金额与供应商表现；点击任一图形查看对应单据。', en: 'Sourcing in progress, purchase spend and vendor performance; click any chart element to open its records.' },
  companies: ['brand', 'maker'],
  widgets: [
    {
      key: 'pipeline',
      title: { zh: '进行中的寻源（按阶段）', en: 'Sourcing in progress by stage' },
      report: 'sourcing-in-progress',
      group: ['status'],
      measures: ['on_schedule', 'overdue'],
      kind: 'stackedBar',
      span: 2,
      // The present state: every project whose evaluation has not ended, whenever it was raised.
      query: { 'f.eval_state.in': 'not_evaluated,evaluating' },
      shape: (data, tr) => sourcingPipeline(data, sourcingStages(), stageLabel(tr)),
      option: sourcingPipelineOption,
    },
    { key: 'srctype', title: { zh: '寻源项目（按类型）', en: 'Sourcing projects by type' }, report: 'sourcing-in-progress', group: ['type'], measures: ['projects'], kind: 'pie', dateField: 'created_at', dateTime: true },
    { key: 'spend', title: { zh: '采购金额（下单月份×供应商）', en: 'Purchase spend by month and supplier' }, report: 'purchase-spend', group: ['month', 'vendor'], measures: ['amount'], kind: 'stackedBar', span: 2, dateField: 'order_date' },
    { key: 'vendorontime', title: { zh: '供应商准时交货率', en: 'Vendor on-time delivery' }, report: 'vendor-scorecard', group: ['vendor'], measures: ['on_time_rate'], kind: 'bar', dateField: 'delivery_date' },
    { key: 'vendorcap', title: { zh: '供应商产能与分配', en: 'Vendor capacity vs allocated' }, report: 'vendor-capacity-vs-allocated', group: ['vendor'], measures: ['capacity', 'allocated'], kind: 'bar', span: 2 },
    { key: 'price', title: { zh: '物料平均单价（按月）', en: 'Average material price by month' }, report: 'material-price-trend', group: ['month'], measures: ['price'], kind: 'line', dateField: 'order_date' },
  ],
});
