import { defineDictionary } from '../dictionaries';
import { defineEntity } from '../entity';
import { errorTexts } from '../errors/define';
import { prodplanErrors } from '../errors/prodplan';

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
    { value: 'finished', label: { zh: '已完成', en: 'Finished' } },
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

/** States of an order in which it can be planned (accepted and not closed), by the order's entity. */
export const PLANNABLE_ORDER_STATES: Record<'customerorder' | 'prorder', string[]> = { customerorder: ['in_progress'], prorder: ['in_progress', 'manual'] };

/**
 * A plan's colour x size matrix (issue 11): kept as json on the plan, one cell per colour and size with
 * its pieces, copied from the order's entries (a delivery batch gets its share by largest remainder).
 * Its pieces add up to the plan's quantity when it is present.
 */
export type PlanMatrixCell = { style_no?: string; colour: string; size: string; qty: number };

/**
 * A production plan (DOMAIN "Scheduling"): the pieces of one order, or of one delivery batch of it, to
 * be made. Made from an accepted customer order (`order_id`) or a requirement order (`prorder_id`) by
 * the planning service (src/server/services/planning/planning.plans.ts), by the plan form or by an
 * Excel import; whatever the source, the save hook fills the order's style, category and matrix and
 * refuses a quantity above the order's open quantity (ordered minus the other plans not cancelled).
 * States: to schedule (draft) -> pre-scheduled (placed on the board, bars live) -> scheduled; back
 * steps unschedule and back to draft; finish; cancel. Publishing a scenario marks its plans scheduled.
 */
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
  fields: [
    { key: 'plan_no', label: { zh: '计划单号', en: 'Plan no.' }, type: 'code', maxLength: 40 },
    { key: 'order_id', label: { zh: '客户订单', en: 'Customer order' }, type: 'reference', ref: { entity: 'customerorder', labelField: 'order_no', codeField: 'order_no' } },
    { key: 'prorder_id', label: { zh: '大货需求订单', en: 'Requirement order' }, type: 'reference', ref: { entity: 'prorder', labelField: 'pr_no', codeField: 'pr_no' } },
    { key: 'batch_no', label: { zh: '交货批次', en: 'Delivery batch' }, type: 'integer', rules: ['naturalNumber'] },
    // Filled from the order when left empty (save hook); required once the plan is written.
    { key: 'style_no', label: { zh: '款号', en: 'Style no.' }, type: 'text', maxLength: 60 },
    { key: 'style_name', label: { zh: '款式名称', en: 'Style name' }, type: 'text', maxLength: 100 },
    { key: 'category', label: { zh: '品类', en: 'Category' }, type: 'dict', dict: 'product_category' },
    { key: 'qty', label: { zh: '计划数量', en: 'Plan qty' }, type: 'integer', rules: ['naturalNumber'] },
    { key: 'delivery_date', label: { zh: '交货日期', en: 'Delivery date' }, type: 'date' },
    { key: 'material_ready_date', label: { zh: '物料齐套日期', en: 'Material ready date' }, type: 'date' },
    { key: 'priority', label: { zh: '优先级', en: 'Priority' }, type: 'integer', default: 0 },
    { key: 'minutes_per_piece', label: { zh: '单件标准工时(分钟)', en: 'Standard minutes per piece' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', dict: 'prodplan_status', default: 'draft' },
    { key: 'done_qty', label: { zh: '已完成数量', en: 'Done qty' }, type: 'integer', default: 0 },
    // Kept by the database from the live schedule (services/planning/plan-lateness.ts): the last
    // published bar's end, the days it falls after the delivery date (src/model/measures.ts), and the
    // pieces its published bars hold (empty with no bar).
    { key: 'planned_end', label: { zh: '计划完工日期', en: 'Scheduled end' }, type: 'date', readonly: true },
    { key: 'late_days', label: { zh: '延期天数', en: 'Days late' }, type: 'integer', readonly: true },
    { key: 'placed_qty', label: { zh: '已排数量', en: 'Pieces scheduled' }, type: 'integer', readonly: true },
    {
      key: 'matrix',
      label: { zh: '颜色尺码矩阵', en: 'Colour x size matrix' },
      type: 'matrix',
      omitFromForm: "Filled by the server from the order's colour x size entries, in proportion to the plan quantity (planning.plans.ts); the plan form shows it read-only as a matrix, never posted.",
    },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 1000 },
  ],
  states: {
    field: 'status',
    initial: 'draft',
    states: [
      { code: 'draft', label: { zh: '待排产', en: 'To schedule' }, color: 'informative' },
      { code: 'pre_scheduled', label: { zh: '预排产', en: 'Pre-scheduled' }, color: 'warning' },
      { code: 'scheduled', label: { zh: '已排产', en: 'Scheduled' }, color: 'brand' },
      { code: 'finished', label: { zh: '已完成', en: 'Finished' }, color: 'success' },
      { code: 'cancelled', label: { zh: '已取消', en: 'Cancelled' }, color: 'subtle' },
    ],
    // Guards and effects: src/server/services/planning/planning.plans.ts (action handlers).
    transitions: [
      { action: 'pre_schedule', label: { zh: '预排产', en: 'Pre-schedule' }, from: ['draft'], to: 'pre_scheduled' },
      { action: 'schedule', label: { zh: '确认排产', en: 'Confirm schedule' }, from: ['pre_scheduled'], to: 'scheduled' },
      { action: 'unschedule', label: { zh: '撤销排产', en: 'Unschedule' }, from: ['scheduled'], to: 'pre_scheduled', confirm: { zh: '撤销后计划回到预排产，排产条保留在看板上。确定？', en: 'The plan goes back to pre-scheduled and keeps its bars on the board. Continue?' } },
      { action: 'to_draft', label: { zh: '退回待排产', en: 'Back to schedule' }, from: ['pre_scheduled'], to: 'draft', confirm: { zh: '退回后将移除该计划在看板上的排产条。确定？', en: 'This removes the plan\'s bars from the board. Continue?' } },
      // Stays scheduled: makes the plan's work orders (services/production, one per in-house process).
      { action: 'work_orders', label: { zh: '生成工单', en: 'Generate work orders' }, from: ['scheduled'], to: 'scheduled' },
      { action: 'outsource', label: { zh: '外发', en: 'Outsource' }, from: ['scheduled'], to: 'scheduled', params: [{ key: 'process_code', label: { zh: '外发工序编码（空=全部外发工序）', en: 'Process code (empty: every outsourced process)' }, type: 'code', maxLength: 40 }, { key: 'vendor_code', label: { zh: '外发供应商编码（空=自动匹配）', en: 'Vendor code (empty: matched)' }, type: 'code', maxLength: 40 }] },
      { action: 'finish', label: { zh: '完成', en: 'Finish' }, from: ['scheduled'], to: 'finished', confirm: { zh: '确定该计划已完成？', en: 'Mark this plan finished?' } },
      { action: 'cancel', label: { zh: '取消计划', en: 'Cancel plan' }, from: ['draft', 'pre_scheduled', 'scheduled'], to: 'cancelled', confirm: { zh: '取消后将移除该计划的排产条并释放订单数量。确定？', en: 'This removes the plan\'s bars and releases its order quantity. Continue?' } },
    ],
    // A finished plan stays editable for its remark and done quantity, and the board's publish may
    // touch it (the save hook keeps it finished); a cancelled one is closed.
    locked: ['cancelled'],
  },
  messages: {
    'zh-CN': {
      ...errorTexts(prodplanErrors, 'zh-CN'),
      'planning.matrixMismatch': '颜色尺码矩阵合计 {{sum}} 与计划数量 {{qty}} 不一致',
    },
    en: {
      ...errorTexts(prodplanErrors, 'en'),
      'planning.matrixMismatch': 'The colour x size matrix adds up to {{sum}}, not the plan quantity {{qty}}',
    },
  },
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
      ...errorTexts(prodplanErrors, 'zh-CN'),
      'planning.noCalendar': '未找到周期日历，请先在周期日历中维护工作时间',
    },
    en: {
      ...errorTexts(prodplanErrors, 'en'),
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
    // A fingerprint of the live bars (ids and versions) when the scenario was made: publish compares it
    // (written by auto-schedule; a forged one only skips the warning the planner may skip anyway).
    { key: 'live_stamp', label: { zh: '生成时正式排产标记', en: 'Live schedule stamp' }, type: 'text', maxLength: 64 },
  ],
});
