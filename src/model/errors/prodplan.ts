import { defineErrors } from './define';

/** The errors of prodplan (fed into the prodplan catalogue part; see ./index). */
export const prodplanErrors = defineErrors({
  'planning.beforeMaterial': { kind: 'conflict', zh: '计划 {{plan}} 的物料 {{gate}} 才齐套（采购单 {{po}}：{{material}}），{{start}} 开工早于物料齐套日：请选择在齐套日开工或仍按所选日期', en: 'The material of plan {{plan}} is ready only on {{gate}} (purchase order {{po}}: {{material}}): a start on {{start}} is before it. Choose to start on the ready day or to keep the chosen day' },
  'planning.beforeMaterialReady': { kind: 'conflict', zh: '计划 {{plan}} 的物料 {{gate}} 才齐套（计划的物料齐套日期），{{start}} 开工早于物料齐套日：请选择在齐套日开工或仍按所选日期', en: "The material of plan {{plan}} is ready only on {{gate}} (the plan's material ready date): a start on {{start}} is before it. Choose to start on the ready day or to keep the chosen day" },
  'planning.badBatches': { kind: 'badRequest', zh: '交货批次无效：{{reason}}', en: 'Invalid delivery batches: {{reason}}' },
  'planning.badCommand': { kind: 'badRequest', zh: '排产指令无效：{{reason}}', en: 'Invalid scheduling command: {{reason}}' },
  'planning.barLocked': { kind: 'badRequest', zh: '排产条已锁定，请先解锁再调整', en: 'The bar is locked: unlock it before changing it' },
  'planning.barsShort': { kind: 'precheck', zh: '计划 {{plan}} 还有 {{qty}} 件未排上产线，请先补齐排产', en: 'Plan {{plan}} still has {{qty}} pieces not on a line: schedule them first' },
  'planning.lineCannotMake': { kind: 'badRequest', zh: '产线 {{line}} 不能生产品类 {{category}}，请选择可做该品类的产线', en: 'Line {{line}} cannot make category {{category}}: choose a line that makes it' },
  'planning.lockedBars': { kind: 'conflict', zh: '计划 {{plan}} 有已锁定的排产条，请先解锁', en: 'Plan {{plan}} has locked bars: unlock them first' },
  'planning.mergeSamePlan': { kind: 'badRequest', zh: '只能合并同一生产计划、同一方案中的排产条', en: 'Only bars of the same plan and the same scenario can be merged' },
  'planning.noBars': { kind: 'precheck', zh: '计划 {{plan}} 尚未排上产线，请先预排产或在排产看板上排产', en: 'Plan {{plan}} is not on any line yet: pre-schedule it or place it on the scheduling board first' },
  'planning.oneOrderOnly': { kind: 'validation', zh: '生产计划只能关联一个订单：客户订单或大货需求订单', en: 'A plan belongs to one order: a customer order or a requirement order' },
  'planning.orderFullyPlanned': { kind: 'conflict', zh: '订单 {{order}} 已全部生成生产计划，没有可计划数量', en: 'Order {{order}} is fully planned: no open quantity left' },
  'planning.orderNotPlannable': { kind: 'conflict', zh: '订单 {{order}} 当前状态为“{{status_zh}}”，不能生成生产计划（需已接单且未取消、未完成）', en: 'Order {{order}} is "{{status_en}}": only an accepted order that is not cancelled or finished can be planned' },
  'planning.overOpenQty': { kind: 'validation', zh: '计划数量 {{qty}} 超过订单 {{order}} 的可计划数量 {{open}}（订单数量 {{total}}，其他计划已占 {{used}}）', en: 'Plan quantity {{qty}} exceeds the open quantity {{open}} of order {{order}} (ordered {{total}}, other plans hold {{used}})' },
  'planning.placeNoCapacity': { kind: 'precheck', zh: '计划 {{plan}} 无法预排产：未来一年内产线产能不足', en: 'Plan {{plan}} cannot be pre-scheduled: not enough line capacity within a year' },
  'planning.placeNoLine': { kind: 'precheck', zh: '计划 {{plan}} 无法预排产：没有可生产品类 {{category}} 的产线', en: 'Plan {{plan}} cannot be pre-scheduled: no line makes category {{category}}' },
  'planning.pushNoCapacity': { kind: 'badRequest', zh: '产线 {{line}} 在可排期内没有足够的产能，无法顺延后续计划', en: 'Line {{line}} has not enough capacity ahead to push the following plans later' },
  'planning.removeHasBars': { kind: 'inUse', zh: '计划 {{plan}} 已排上产线，不能删除：请先退回待排产或取消计划', en: 'Plan {{plan}} is on a line and cannot be deleted: send it back to schedule or cancel it first' },
  'planning.scenarioNotDraft': { kind: 'badRequest', zh: '该排产方案已发布或已放弃，不能再操作', en: 'This scenario is already published or discarded' },
  'planning.scenarioStale': { kind: 'conflict', zh: '方案“{{name}}”生成后，正式排产已被修改（{{changes}} 处，最近一次由{{by}}修改），发布将覆盖这些修改。请重新自动排产，或确认后仍然发布', en: 'The live schedule changed after scenario "{{name}}" was made ({{changes}} change(s), the latest by {{by}}): publishing overwrites them. Auto-schedule again, or confirm to publish anyway' },
  'planning.scenarioStaleRemoved': { kind: 'conflict', zh: '方案“{{name}}”生成后，正式排产已被修改（有排产条被合并或删除），发布将覆盖这些修改。请重新自动排产，或确认后仍然发布', en: 'The live schedule changed after scenario "{{name}}" was made (bars were merged or removed): publishing overwrites that. Auto-schedule again, or confirm to publish anyway' },
  'planning.splitQty': { kind: 'badRequest', zh: '拆分数量须大于 0 且小于排产条数量 {{qty}}', en: 'The split quantity must be above 0 and below the bar quantity {{qty}}' },
});
