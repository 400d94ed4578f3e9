import { definePage, ROLES, type ColumnDecl, type FormSection } from '../../src/model';
import { workorder } from '../../src/model/entities/workorder.entity';

/**
 * Work orders (spec: "work order | draft, then release to line"): generated from a scheduled plan
 * (the plan history's "生成工单"), one per in-house process of the plant's routing; released to the
 * line, then reported finished (完工汇报: the browser asks before finishing short of the ordered
 * quantity: the transition's `ask`) or finished by the scans of its bundles; 分扎 cuts the plan's
 * bundles (a transition that keeps the state); 部分汇报 takes pieces per colour x size cell beside each
 * cell's progress (the transition's cells parameter); a work order's drawer links to its plan's ticket sheet.
 */
const states = workorder.states!;
// Who runs production: as the planning menus (planner, line manager, administrators).
const PLANNERS = [ROLES.planner, ROLES.lineManager, ROLES.clientAdmin, ROLES.admin];
const tab = (code: string) => {
  const st = states.states.find((s) => s.code === code)!;
  return { key: code, label: st.label, filter: { status: code } };
};

const columns: ColumnDecl[] = [
  { field: 'wo_no', width: 190, pinned: 'left' },
  { field: 'status', width: 100 },
  { field: 'plan_id', width: 150 },
  { field: 'order_id', width: 150 },
  { field: 'process_id', width: 120 },
  { field: 'sequence', width: 90 },
  'process_type',
  { field: 'line_id', width: 140 },
  { field: 'style_no', width: 130 },
  { field: 'qty', aggregate: 'sum', width: 110 },
  { field: 'done_qty', aggregate: 'sum', width: 110 },
  { field: 'is_last', width: 100 },
  'start_date',
  'end_date',
  { field: 'force_in_scan', width: 120 },
  { field: 'force_out_scan', width: 120 },
  { field: 'released_at', width: 170 },
  { field: 'finished_at', width: 170 },
];

// Written by the production service only (entity omitFromForm): the form shows, never posts.
const VIEW_ONLY = { readonly: true, isNotPost: true } as const;

const form: FormSection[] = [
  {
    modelName: 'base',
    title: { zh: '工单', en: 'Work order' },
    form: [
      { field: 'wo_no', spanClass: 'third', ...VIEW_ONLY },
      { field: 'status', spanClass: 'third', ...VIEW_ONLY },
      { field: 'plan_id', spanClass: 'third', ...VIEW_ONLY },
      { field: 'order_id', spanClass: 'third', ...VIEW_ONLY },
      { field: 'process_id', spanClass: 'third', ...VIEW_ONLY },
      { field: 'sequence', spanClass: 'third', ...VIEW_ONLY },
      { field: 'process_type', spanClass: 'third', ...VIEW_ONLY },
      { field: 'is_last', spanClass: 'third', ...VIEW_ONLY },
      { field: 'line_id', spanClass: 'third', ...VIEW_ONLY },
      { field: 'plant_id', spanClass: 'third', ...VIEW_ONLY },
      { field: 'style_no', spanClass: 'third', ...VIEW_ONLY },
      { field: 'qty', spanClass: 'third', ...VIEW_ONLY },
      { field: 'done_qty', spanClass: 'third', ...VIEW_ONLY },
      { field: 'start_date', spanClass: 'third', ...VIEW_ONLY },
      { field: 'end_date', spanClass: 'third', ...VIEW_ONLY },
      { field: 'estimated_rate', spanClass: 'third', ...VIEW_ONLY },
      { field: 'force_in_scan', spanClass: 'third', ...VIEW_ONLY },
      { field: 'force_out_scan', spanClass: 'third', ...VIEW_ONLY },
      { field: 'released_at', spanClass: 'third', ...VIEW_ONLY },
      { field: 'finished_at', spanClass: 'third', ...VIEW_ONLY },
      { field: 'done_matrix', spanClass: 'full', ...VIEW_ONLY },
    ],
  },
];

export const workorderPage = definePage({
  opt: 'workorder',
  cata: 'scm',
  kind: 'index',
  entity: 'workorder',
  menu: { group: 'production', order: 10, code: 'scm.workorder', roles: PLANNERS, companies: ['maker'] },
  title: { zh: '工单', en: 'Work orders' },
  purpose: { zh: '已排产计划生成的工单：下达产线、完工汇报、分扎打印扎票。', en: 'Work orders of scheduled plans: release to the line, report finished pieces, cut bundles and print their tickets.' },
  columns,
  statusTabs: [{ key: 'all', label: { zh: '全部', en: 'All' }, filter: {} }, tab('draft'), tab('released'), tab('finished')],
  actions: [
    { kind: 'transition', action: 'release' },
    { kind: 'transition', action: 'report' },
    { kind: 'transition', action: 'report_part' },
    { kind: 'transition', action: 'bundles' },
    { kind: 'export' },
    { kind: 'history' },
    { kind: 'view' },
  ],
  quickSearch: ['wo_no', 'style_no'],
  // 扎票: the plan's bundles printed as the bundle page's labels (one ticket per bundle, its barcode).
  links: [{ key: 'tickets', label: { zh: '扎票', en: 'Bundle tickets' }, to: '/page/labels/wobundle?f.plan_id.eq={plan_id}' }],
  form,
});

/** The bundles (扎) cut for work order sets, with their barcodes; printed as tickets (`labels`). */
export const woBundlePage = definePage({
  opt: 'wobundle',
  cata: 'scm',
  kind: 'index',
  entity: 'wo_bundle',
  menu: { group: 'production', order: 30, code: 'scm.workorder.bundle', roles: PLANNERS, companies: ['maker'] },
  menuCode: 'scm.workorder',
  title: { zh: '扎号', en: 'Bundles' },
  columns: [{ field: 'bundle_no', width: 190, pinned: 'left' }, { field: 'plan_id', width: 150 }, { field: 'seq', width: 80 }, { field: 'style_no', width: 130 }, 'colour', 'size', { field: 'qty', aggregate: 'sum' }, { field: 'last_process_id', width: 130 }, 'last_direction', { field: 'updated_at', width: 170 }],
  actions: [{ kind: 'export' }, { kind: 'history' }, { kind: 'view' }],
  quickSearch: ['bundle_no', 'style_no'],
  // The bundle ticket: the barcode a scanner reads at each station, what the bundle holds.
  labels: { barcode: 'bundle_no', fields: ['plan_id', 'style_no', 'colour', 'size', 'qty', 'seq'] },
  form: [{ modelName: 'base', title: { zh: '扎', en: 'Bundle' }, form: ['bundle_no', 'plan_id', 'seq', 'style_no', 'colour', 'size', 'qty', 'last_process_id', 'last_direction'].map((field) => ({ field, spanClass: 'third' as const, ...VIEW_ONLY })) }],
});

/** Every accepted scan (in / out of a process) of the company's bundles. */
export const woScanPage = definePage({
  opt: 'woscan',
  cata: 'scm',
  kind: 'index',
  entity: 'wo_scan',
  menu: { group: 'production', order: 40, code: 'scm.workorder.scans', roles: PLANNERS, companies: ['maker'] },
  menuCode: 'scm.workorder',
  title: { zh: '扫描记录', en: 'Scan records' },
  // Direction and pieces before the line and style: a drill-down's figure reads at 1366 without scrolling.
  // Quick search by the style (the code the floor sees) or the scanner's name.
  quickSearch: ['style_no', 'scanned_by'],
  columns: [{ field: 'scanned_at', width: 170 }, { field: 'bundle_id', width: 190 }, { field: 'workorder_id', width: 190 }, { field: 'process_id', width: 120 }, 'direction', { field: 'qty', aggregate: 'sum' }, { field: 'line_id', width: 140 }, { field: 'style_no', width: 130 }, { field: 'scanned_by', width: 120 }],
  actions: [{ kind: 'export' }, { kind: 'view' }],
  form: [{ modelName: 'base', title: { zh: '扫描', en: 'Scan' }, form: ['scanned_at', 'bundle_id', 'workorder_id', 'process_id', 'plan_id', 'line_id', 'style_no', 'direction', 'qty', 'scanned_by'].map((field) => ({ field, spanClass: 'third' as const, ...VIEW_ONLY })) }],
});
