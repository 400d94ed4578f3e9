import { defineErrors } from './define';

/** The errors of inspection (fed into the inspection catalogue part; see ./index). */
export const inspectionErrors = defineErrors({
  'qm.dispatchBlocked': { kind: 'precheck', zh: '外发加工单 {{task}} 的检验 {{no}} 不合格，不能发货；请待客户复检合格后再发货', en: 'The inspection {{no}} of outsourced task {{task}} failed: it cannot be dispatched until the customer\'s re-inspection passes' },
  'qm.finishBlocked': { kind: 'precheck', zh: '订单 {{order}} 的出货检验 {{no}} 不合格，不能完成出货；请复检合格后再完成', en: 'The final inspection {{no}} of order {{order}} failed: the order cannot be finished for shipment until a re-inspection passes' },
  'qm.plan.finishNeedsPass': { kind: 'precheck', zh: '订单 {{order}} 按检验方案 {{plan}} 须先通过出货检验，才能完成出货', en: 'Order {{order}} must pass a final inspection first (inspection plan {{plan}}) before it is finished for shipment' },
  'qm.reinspectPassed': { kind: 'conflict', zh: '检验单 {{no}} 已合格，无需复检', en: 'Inspection {{no}} passed: no re-inspection needed' },
});
