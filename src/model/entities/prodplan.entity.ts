import { defineDictionary } from '../dictionaries';
import { defineEntity } from '../entity';

/**
 * Production planning (issue 11; DOMAIN "Scheduling"): a plan is an order, or one delivery batch of it,
 * to be made; a bar is the part of a plan placed on one line over a run of days (live when
 * `scenario_id` is null, else part of a what-if scenario). The board and its commands
 * (src/server/services/planning, contract src/model/schedule-board.ts) write them through the document
 * writer; they share the board's permission code.
 */
export const prodplanStatus = defineDictionary({
  code: 'prodplan_status',
  label: { zh: '计划状态', en: 'Plan status' },
  items: [
    { value: 'draft', label: { zh: '待排产', en: 'To schedule' } },
    { value: 'pre_scheduled', label: { zh: '预排产', en: 'Pre-scheduled' } },
    { value: 'scheduled', label: { zh: '已排产', en: 'Scheduled' } },
    { value: 'cancelled', label: { zh: '已取消', en: 'Cancelled' } },
  ],
});

export const scheduleScenarioStatus = defineDictionary({
  code: 'schedule_scenario_status',
  label: { zh: '方案状态', en: 'Scenario status' },
  items: [
    { value: 'draft', label: { zh: '草稿', en: 'Draft' } },
    { value: 'published', label: { zh: '已发布', en: 'Published' } },
    { value: 'discarded', label: { zh: '已放弃', en: 'Discarded' } },
  ],
});

export const PLANNING_MENU = 'scm.schedule.board';

export const prodplan = defineEntity({
  name: 'prodplan',
  table: 'scm_prodplan',
  prefix: 'scmapi',
  menuCode: PLANNING_MENU,
  label: { zh: '生产计划', en: 'Production plan' },
  titleField: 'plan_no',
  codeField: 'plan_no',
  numbering: { field: 'plan_no', prefix: 'PP', datePrefix: 'YYMMDD', length: 4 },
  defaultSort: { field: 'delivery_date', dir: 'asc' },
  omitFromForm: 'Not built yet: plans come from the demo season and the planning service; the pending and history grids with their form are the next step of issue 11.',
  fields: [
    { key: 'plan_no', label: { zh: '计划单号', en: 'Plan no.' }, type: 'code', maxLength: 40 },
    { key: 'order_id', label: { zh: '客户订单', en: 'Customer order' }, type: 'reference', ref: { entity: 'customerorder', labelField: 'order_no', codeField: 'order_no' } },
    { key: 'style_no', label: { zh: '款号', en: 'Style no.' }, type: 'text', required: true, maxLength: 60 },
    { key: 'category', label: { zh: '品类', en: 'Category' }, type: 'dict', dict: 'product_category', required: true },
    { key: 'qty', label: { zh: '计划数量', en: 'Plan qty' }, type: 'integer', required: true, rules: ['naturalNumber'] },
    { key: 'delivery_date', label: { zh: '交货日期', en: 'Delivery date' }, type: 'date' },
    { key: 'material_ready_date', label: { zh: '物料齐套日期', en: 'Material ready date' }, type: 'date' },
    { key: 'priority', label: { zh: '优先级', en: 'Priority' }, type: 'integer', default: 0 },
    { key: 'minutes_per_piece', label: { zh: '单件标准工时(分钟)', en: 'Standard minutes per piece' }, type: 'decimal', required: true, rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', dict: 'prodplan_status', default: 'draft' },
    { key: 'done_qty', label: { zh: '已完成数量', en: 'Done qty' }, type: 'integer', default: 0 },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 1000 },
  ],
});

export const prodplanBar = defineEntity({
  name: 'prodplan_bar',
  table: 'scm_prodplan_bar',
  prefix: 'scmapi',
  menuCode: PLANNING_MENU,
  label: { zh: '排产条', en: 'Schedule bar' },
  titleField: 'start_date',
  omitFromForm: 'Written by the scheduling board only (commands, auto-schedule, publish), which checks the line category, locks and versions.',
  defaultSort: { field: 'start_date', dir: 'asc' },
  fields: [
    { key: 'plan_id', label: { zh: '生产计划', en: 'Production plan' }, type: 'reference', required: true, ref: { entity: 'prodplan', labelField: 'plan_no', codeField: 'plan_no' } },
    { key: 'scenario_id', label: { zh: '排产方案', en: 'Scenario' }, type: 'reference', ref: { entity: 'schedule_scenario', labelField: 'name' } },
    { key: 'line_id', label: { zh: '产线', en: 'Line' }, type: 'reference', required: true, ref: { entity: 'workline', labelField: 'name', codeField: 'code' } },
    { key: 'start_date', label: { zh: '开始日期', en: 'Start date' }, type: 'date', required: true },
    { key: 'end_date', label: { zh: '结束日期', en: 'End date' }, type: 'date', required: true },
    { key: 'qty', label: { zh: '数量', en: 'Quantity' }, type: 'integer', required: true, rules: ['naturalNumber'] },
    { key: 'minutes', label: { zh: '标准分钟', en: 'Standard minutes' }, type: 'decimal', rules: ['maxDecimals4'] },
    { key: 'locked', label: { zh: '锁定', en: 'Locked' }, type: 'boolean', default: false },
    // Pieces per day from start to end as the auto-scheduler laid them (learning curve, changeover, shared
    // days); empty when the planner moved the bar to other days or resized it (then spread evenly).
    { key: 'daily', label: { zh: '每日数量', en: 'Pieces per day' }, type: 'json' },
  ],
  // The refusals of the board's commands (src/server/services/planning).
  messages: {
    'zh-CN': {
      'planning.lineCannotMake': '产线 {{line}} 不能生产品类 {{category}}，请选择可做该品类的产线',
      'planning.barLocked': '排产条已锁定，请先解锁再调整',
      'planning.badCommand': '排产指令无效：{{reason}}',
      'planning.splitQty': '拆分数量须大于 0 且小于排产条数量 {{qty}}',
      'planning.mergeSamePlan': '只能合并同一生产计划、同一方案中的排产条',
      'planning.scenarioNotDraft': '该排产方案已发布或已放弃，不能再操作',
      'planning.noCalendar': '未找到周期日历，请先在周期日历中维护工作时间',
    },
    en: {
      'planning.lineCannotMake': 'Line {{line}} cannot make category {{category}}: choose a line that makes it',
      'planning.barLocked': 'The bar is locked: unlock it before changing it',
      'planning.badCommand': 'Invalid scheduling command: {{reason}}',
      'planning.splitQty': 'The split quantity must be above 0 and below the bar quantity {{qty}}',
      'planning.mergeSamePlan': 'Only bars of the same plan and the same scenario can be merged',
      'planning.scenarioNotDraft': 'This scenario is already published or discarded',
      'planning.noCalendar': 'No cycle calendar found: set the working hours in the cycle calendar first',
    },
  },
});

export const scheduleScenario = defineEntity({
  name: 'schedule_scenario',
  table: 'scm_schedule_scenario',
  prefix: 'scmapi',
  menuCode: PLANNING_MENU,
  label: { zh: '排产方案', en: 'Schedule scenario' },
  titleField: 'name',
  omitFromForm: 'Written by auto-schedule and publish/discard of the scheduling board only.',
  defaultSort: { field: 'created_at', dir: 'desc' },
  fields: [
    { key: 'name', label: { zh: '方案名称', en: 'Scenario name' }, type: 'text', required: true, maxLength: 100 },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', dict: 'schedule_scenario_status', default: 'draft' },
    { key: 'range_from', label: { zh: '开始日期', en: 'From' }, type: 'date' },
    { key: 'range_to', label: { zh: '结束日期', en: 'To' }, type: 'date' },
    { key: 'metrics', label: { zh: '指标', en: 'Metrics' }, type: 'json' },
  ],
});
