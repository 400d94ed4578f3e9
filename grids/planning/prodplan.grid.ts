import { definePage, ROLES, type ColumnDecl, type FormSection } from '../../src/model';
import { prodplan } from '../../src/model/entities/prodplan.entity';

/**
 * Production plans (spec: "production plans (pending, history)", "order plan: to schedule (draft),
 * pre-scheduled, scheduled"). The pending list holds what the planner still has to put on lines;
 * history what is scheduled, finished or cancelled. A plan is made from an accepted order: pick the
 * customer order (or requirement order) in the form and leave the rest empty, the server fills the
 * style, category, colour x size matrix, the open quantity and the category's standard minutes
 * (src/server/services/planning/planning.plans.ts), and refuses more than the order's open quantity,
 * as it does for an imported sheet and the order's "create plans" action.
 */
const states = prodplan.states!;
// Who plans: the planner, the line manager and the company's administrators (as the board).
const PLANNERS = [ROLES.planner, ROLES.lineManager, ROLES.clientAdmin, ROLES.admin];
const tab = (code: string) => {
  const st = states.states.find((s) => s.code === code)!;
  return { key: code, label: st.label, filter: { status: code } };
};

const columns: ColumnDecl[] = [
  { field: 'plan_no', width: 150, pinned: 'left' },
  { field: 'status', width: 100 },
  { field: 'order_id', width: 150 },
  { field: 'prorder_id', width: 150 },
  { field: 'batch_no', width: 90 },
  { field: 'style_no', width: 130 },
  { field: 'style_name', width: 150 },
  'category',
  { field: 'qty', aggregate: 'sum', width: 110 },
  // The pieces the live schedule holds for the plan (kept with its end by the database).
  { field: 'placed_qty', aggregate: 'sum', width: 110 },
  { field: 'done_qty', aggregate: 'sum', width: 110 },
  'delivery_date',
  'planned_end',
  { field: 'late_days', width: 100 },
  'material_ready_date',
  { field: 'priority', width: 80 },
  { field: 'minutes_per_piece', width: 130 },
  { field: 'updated_at', width: 170 },
];

const form: FormSection[] = [
  {
    modelName: 'order',
    title: { zh: '来源订单', en: 'Order' },
    form: [
      // Only accepted orders can be planned; the server checks it again.
      { field: 'order_id', spanClass: 'half', source: { entity: 'customerorder', filter: { status: 'in_progress' } } },
      { field: 'prorder_id', spanClass: 'half' },
      { field: 'batch_no', spanClass: 'third' },
      { field: 'qty', spanClass: 'third' },
      { field: 'delivery_date', spanClass: 'third' },
    ],
  },
  {
    modelName: 'base',
    title: { zh: '计划', en: 'Plan' },
    form: [
      { field: 'plan_no', spanClass: 'third' },
      { field: 'status', spanClass: 'third', visible: { routeactionin: ['view'] } },
      { field: 'style_no', spanClass: 'third' },
      { field: 'style_name', spanClass: 'third' },
      { field: 'category', spanClass: 'third' },
      { field: 'minutes_per_piece', spanClass: 'third' },
      { field: 'material_ready_date', spanClass: 'third' },
      { field: 'priority', spanClass: 'third' },
      { field: 'done_qty', spanClass: 'third', visible: { routeactionin: ['edit', 'view'] } },
      { field: 'remark', spanClass: 'full' },
    ],
  },
  {
    // The plan's pieces by colour and size, kept by the server from the order's entries (read-only here,
    // never posted back: the save hook recomputes it when the quantity changes).
    modelName: 'matrix',
    title: { zh: '颜色尺码矩阵', en: 'Colour x size matrix' },
    form: [
      {
        field: 'matrix',
        spanClass: 'full',
        type: 'matrixinputtable',
        readonly: true,
        isNotPost: true,
        visible: { routeactionin: ['edit', 'view'] },
        matinTableConfig: { tableConfig: { valueField: 'qty', labelField: 'colour', rowField: 'colour', colField: 'size', cellField: 'qty' } },
      },
    ],
  },
];

/** Plans still to schedule: to schedule (draft) and pre-scheduled (on the board, not confirmed). */
export const prodplanPendingPage = definePage({
  opt: 'prodplan',
  cata: 'scm',
  kind: 'index',
  entity: 'prodplan',
  menu: { group: 'planning', order: 20, code: 'scm.prodplan.pending', roles: PLANNERS, companies: ['maker'] },
  title: { zh: '待排产计划', en: 'Plans to schedule' },
  columns,
  statusTabs: [tab('draft'), tab('pre_scheduled')],
  actions: [
    { kind: 'create' },
    { kind: 'edit' },
    { kind: 'transition', action: 'pre_schedule' },
    { kind: 'transition', action: 'schedule' },
    { kind: 'transition', action: 'to_draft' },
    { kind: 'transition', action: 'cancel' },
    { kind: 'import' },
    { kind: 'export' },
    { kind: 'history' },
    { kind: 'view' },
  ],
  quickSearch: ['plan_no', 'style_no'],
  form,
});

/** Plan history: scheduled, finished and cancelled plans. */
export const prodplanHistoryPage = definePage({
  opt: 'prodplanhistory',
  cata: 'scm',
  kind: 'index',
  entity: 'prodplan',
  menu: { group: 'planning', order: 30, code: 'scm.prodplan.history', roles: PLANNERS, companies: ['maker'] },
  title: { zh: '计划历史', en: 'Plan history' },
  columns,
  statusTabs: [tab('scheduled'), tab('finished'), tab('cancelled')],
  actions: [
    { kind: 'edit' },
    // Work orders of the plant's routing (services/production); unscheduling deletes them while draft.
    { kind: 'transition', action: 'work_orders' },
    { kind: 'transition', action: 'unschedule' },
    { kind: 'transition', action: 'outsource' },
    { kind: 'transition', action: 'finish' },
    { kind: 'transition', action: 'cancel' },
    { kind: 'export' },
    { kind: 'history' },
    { kind: 'view' },
  ],
  quickSearch: ['plan_no', 'style_no'],
  form,
});
