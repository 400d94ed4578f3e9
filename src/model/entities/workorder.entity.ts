import { defineDictionary } from '../dictionaries';
import { defineEntity } from '../entity';
import { errorTexts } from '../errors/define';
import { workorderErrors } from '../errors/workorder';

/**
 * Work orders, bundles and scans (issue 12, spec: "work order | draft, then release to line; unlocking
 * the plan deletes drafts and is not possible once activated"; route /zp/prodmgm/index/vfscanvalidate).
 *
 * A work order is one process of the plant's routing for one scheduled plan (process master data:
 * sequence, is vendor, type, estimated rate, force scan in / out). Outsourced (vendor) processes get
 * no work order. A bundle is a cut lot of one colour x size of the plan with a barcode; a scan records
 * a bundle entering or leaving a process. All three are written by the production service
 * (src/server/services/production), never by a form.
 */
export const WORKORDER_MENU = 'scm.workorder';

export const workorderStatus = defineDictionary({
  code: 'workorder_status',
  label: { zh: '工单状态', en: 'Work order status' },
  items: [
    { value: 'draft', label: { zh: '草稿', en: 'Draft' } },
    { value: 'released', label: { zh: '已下达', en: 'Released' } },
    { value: 'finished', label: { zh: '已完工', en: 'Finished' } },
  ],
});

export const scanDirection = defineDictionary({
  code: 'scan_direction',
  label: { zh: '扫描方向', en: 'Scan direction' },
  items: [
    { value: 'in', label: { zh: '进站', en: 'Scan in' } },
    { value: 'out', label: { zh: '出站', en: 'Scan out' } },
  ],
});

export const workorder = defineEntity({
  name: 'workorder',
  table: 'scm_workorder',
  prefix: 'scmapi',
  menuCode: WORKORDER_MENU,
  label: { zh: '工单', en: 'Work order' },
  titleField: 'wo_no',
  codeField: 'wo_no',
  omitFromForm: 'Generated from a scheduled plan by the production service (one per in-house process of the routing); released and reported through its actions.',
  defaultSort: { field: 'wo_no', dir: 'asc' },
  fields: [
    // The plan's number and the process code: unique per company, readable on the shop floor.
    { key: 'wo_no', label: { zh: '工单号', en: 'Work order no.' }, type: 'code', maxLength: 80 },
    { key: 'plan_id', label: { zh: '生产计划', en: 'Production plan' }, type: 'reference', required: true, ref: { entity: 'prodplan', labelField: 'plan_no', codeField: 'plan_no' } },
    { key: 'order_id', label: { zh: '客户订单', en: 'Customer order' }, type: 'reference', ref: { entity: 'customerorder', labelField: 'order_no', codeField: 'order_no' } },
    { key: 'process_id', label: { zh: '工序', en: 'Process' }, type: 'reference', required: true, ref: { entity: 'process', labelField: 'name', codeField: 'code' } },
    { key: 'sequence', label: { zh: '工序顺序', en: 'Sequence' }, type: 'integer' },
    { key: 'process_type', label: { zh: '工序类型', en: 'Process type' }, type: 'dict', dict: 'process_type' },
    { key: 'is_last', label: { zh: '末道工序', en: 'Last process' }, type: 'boolean', default: false },
    { key: 'line_id', label: { zh: '产线', en: 'Line' }, type: 'reference', ref: { entity: 'workline', labelField: 'name', codeField: 'code' } },
    { key: 'plant_id', label: { zh: '工厂', en: 'Plant' }, type: 'reference', ref: { entity: 'plant', labelField: 'name', codeField: 'code' } },
    { key: 'style_no', label: { zh: '款号', en: 'Style no.' }, type: 'text', maxLength: 200 },
    { key: 'qty', label: { zh: '工单数量', en: 'Ordered qty' }, type: 'integer' },
    { key: 'done_qty', label: { zh: '完工数量', en: 'Finished qty' }, type: 'integer', default: 0 },
    { key: 'start_date', label: { zh: '计划开始', en: 'Planned start' }, type: 'date' },
    { key: 'end_date', label: { zh: '计划完成', en: 'Planned end' }, type: 'date' },
    { key: 'estimated_rate', label: { zh: '预估单价', en: 'Estimated rate' }, type: 'money' },
    { key: 'force_in_scan', label: { zh: '强制扫描进站', en: 'Force scan in' }, type: 'boolean', default: false },
    { key: 'force_out_scan', label: { zh: '强制扫描出站', en: 'Force scan out' }, type: 'boolean', default: false },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', dict: 'workorder_status', default: 'draft' },
    { key: 'released_at', label: { zh: '下达时间', en: 'Released at' }, type: 'datetime' },
    { key: 'finished_at', label: { zh: '完工时间', en: 'Finished at' }, type: 'datetime' },
    { key: 'matrix', label: { zh: '颜色尺码矩阵', en: 'Colour x size matrix' }, type: 'json' },
    // Pieces made per colour x size cell ({"<colour>|<size>": pieces}): scans out and partial reports (production.progress.ts).
    { key: 'done_matrix', label: { zh: '颜色尺码完工', en: 'Finished by colour x size' }, type: 'json', readonly: true },
  ],
  states: {
    field: 'status',
    initial: 'draft',
    states: [
      { code: 'draft', label: { zh: '草稿', en: 'Draft' }, color: 'informative' },
      { code: 'released', label: { zh: '已下达', en: 'Released' }, color: 'brand' },
      { code: 'finished', label: { zh: '已完工', en: 'Finished' }, color: 'success' },
    ],
    // Guards and effects: src/server/services/production/production.workorders.ts.
    transitions: [
      { action: 'release', label: { zh: '下达产线', en: 'Release to line' }, from: ['draft'], to: 'released', confirm: { zh: '下达后工单生效，计划不能再撤销排产。确定？', en: 'Once released, the plan can no longer be unscheduled. Continue?' } },
      {
        action: 'report',
        label: { zh: '完工汇报', en: 'Report finished' },
        from: ['released'],
        to: 'finished',
        confirm: { zh: '填写本工单的完工数量（含扫描出站），提交后工单完工。', en: 'Enter the finished quantity of this work order (scans out included); it is finished once submitted.' },
        params: [
          { key: 'report_qty', label: { zh: '完工数量', en: 'Finished qty' }, type: 'integer' },
          { key: 'confirm_short', label: { zh: '确认少于工单数量完工', en: 'Confirm finishing short' }, type: 'boolean' },
        ],
        // Short of the ordered pieces the server asks (409 needsConfirm) and the dialog asks the user.
        ask: 'confirm_short',
      },
      // 部分汇报: pieces finished per colour x size cell ({"<colour>|<size>": pieces}), entered per cell of the
      // work order's matrix beside what each has made and has left (the engine's cells parameter).
      {
        action: 'report_part',
        label: { zh: '部分汇报', en: 'Report part' },
        from: ['released'],
        params: [{ key: 'cells', label: { zh: '本次完工（颜色×尺码）', en: 'Finished now (colour x size)' }, type: 'json' }],
        cells: { param: 'cells', of: 'matrix', done: 'done_matrix' },
      },
      // 分扎: the plan's colour x size matrix cut into bundles (the work order keeps its state); then 扎票 prints them.
      {
        action: 'bundles',
        label: { zh: '分扎', en: 'Cut bundles' },
        from: ['draft', 'released'],
        confirm: { zh: '按计划的颜色尺码数量分扎，每扎不超过下列件数；每扎一个条码。已有扫描记录的计划不能重新分扎。', en: 'The plan\'s colour x size quantities are cut into bundles of at most this many pieces, one barcode each. A plan with scans cannot be cut again.' },
        params: [{ key: 'bundle_size', label: { zh: '每扎件数', en: 'Pieces per bundle' }, type: 'integer' }],
        defaults: { bundle_size: '50' },
      },
    ],
    locked: ['finished'],
  },
  messages: {
    'zh-CN': {
      ...errorTexts(workorderErrors, 'zh-CN'),
      'wo.scan.okIn': '扎 {{barcode}}（{{colour}} / {{size}}，{{qty}} 件）已进站：{{process}}',
      'wo.scan.okOut': '扎 {{barcode}}（{{colour}} / {{size}}，{{qty}} 件）已出站：{{process}}，工单完工 {{done}} / {{ordered}}',
      'wo.undo.ok': '已撤销扎 {{barcode}} 在工序“{{process}}”的{{direction}}扫描（{{qty}} 件），原因：{{reason}}；工单完工 {{done}} / {{ordered}}',
      'wo.undo.in': '进站',
      'wo.undo.out': '出站',
    },
    en: {
      ...errorTexts(workorderErrors, 'en'),
      'wo.scan.okIn': 'Bundle {{barcode}} ({{colour}} / {{size}}, {{qty}} pcs) scanned in: {{process}}',
      'wo.scan.okOut': 'Bundle {{barcode}} ({{colour}} / {{size}}, {{qty}} pcs) scanned out: {{process}}, work order finished {{done}} / {{ordered}}',
      'wo.undo.ok': 'Undone: bundle {{barcode}} scanned {{direction}} at "{{process}}" ({{qty}} pcs), reason: {{reason}}; work order finished {{done}} / {{ordered}}',
      'wo.undo.in': 'in',
      'wo.undo.out': 'out',
    },
  },
});

/** A bundle (扎): pieces of one colour x size of a plan, cut together, carrying one barcode. */
export const woBundle = defineEntity({
  name: 'wo_bundle',
  table: 'scm_wo_bundle',
  prefix: 'scmapi',
  menuCode: WORKORDER_MENU,
  label: { zh: '扎', en: 'Bundle' },
  titleField: 'bundle_no',
  codeField: 'bundle_no',
  omitFromForm: 'Cut from the plan\'s colour x size matrix by the production service; its barcode is printed on the bundle ticket.',
  defaultSort: { field: 'bundle_no', dir: 'asc' },
  fields: [
    { key: 'bundle_no', label: { zh: '扎号（条码）', en: 'Bundle no. (barcode)' }, type: 'code', maxLength: 80 },
    { key: 'plan_id', label: { zh: '生产计划', en: 'Production plan' }, type: 'reference', required: true, ref: { entity: 'prodplan', labelField: 'plan_no', codeField: 'plan_no' } },
    { key: 'seq', label: { zh: '扎序', en: 'Bundle seq.' }, type: 'integer' },
    { key: 'style_no', label: { zh: '款号', en: 'Style no.' }, type: 'text', maxLength: 200 },
    { key: 'colour', label: { zh: '颜色', en: 'Colour' }, type: 'text', maxLength: 60 },
    { key: 'size', label: { zh: '尺码', en: 'Size' }, type: 'text', maxLength: 30 },
    { key: 'qty', label: { zh: '件数', en: 'Pieces' }, type: 'integer' },
    { key: 'last_process_id', label: { zh: '当前工序', en: 'Current process' }, type: 'reference', ref: { entity: 'process', labelField: 'name', codeField: 'code' } },
    { key: 'last_direction', label: { zh: '最近扫描', en: 'Last scan' }, type: 'dict', dict: 'scan_direction' },
  ],
});

/** One accepted scan of a bundle in or out of a process (refused scans are answered, not stored). */
export const woScan = defineEntity({
  name: 'wo_scan',
  table: 'scm_wo_scan',
  prefix: 'scmapi',
  menuCode: WORKORDER_MENU,
  label: { zh: '扫描记录', en: 'Scan record' },
  titleField: 'scanned_at',
  omitFromForm: 'Written by the scan validation page only (/zp/prodmgm/index/vfscanvalidate).',
  defaultSort: { field: 'scanned_at', dir: 'desc' },
  // A scan is a line of its work order: 撤销 (issue 31) takes it back with its reason while the work
  // order is released (once finished it may have completed a node); the handler gives the pieces back
  // (production.actions.ts), the writer removes the scan audited as `undo` with its values and the reason.
  lineOf: {
    master: 'workorder',
    foreignKey: 'workorder_id',
    transitions: [
      {
        action: 'undo',
        label: { zh: '撤销', en: 'Undo' },
        from: ['released'],
        removes: true,
        params: [{ key: 'reason', label: { zh: '撤销原因', en: 'Reason' }, type: 'text', required: true, maxLength: 200 }],
      },
    ],
  },
  fields: [
    { key: 'bundle_id', label: { zh: '扎', en: 'Bundle' }, type: 'reference', required: true, ref: { entity: 'wo_bundle', labelField: 'bundle_no', codeField: 'bundle_no' } },
    { key: 'workorder_id', label: { zh: '工单', en: 'Work order' }, type: 'reference', required: true, ref: { entity: 'workorder', labelField: 'wo_no', codeField: 'wo_no' } },
    { key: 'process_id', label: { zh: '工序', en: 'Process' }, type: 'reference', ref: { entity: 'process', labelField: 'name', codeField: 'code' } },
    { key: 'plan_id', label: { zh: '生产计划', en: 'Production plan' }, type: 'reference', ref: { entity: 'prodplan', labelField: 'plan_no', codeField: 'plan_no' } },
    // Where and what was made, as the work order said when the bundle was scanned (the production
    // output report groups by them and a data permission on the line narrows the scans as the work orders).
    { key: 'line_id', label: { zh: '产线', en: 'Line' }, type: 'reference', ref: { entity: 'workline', labelField: 'name', codeField: 'code' } },
    { key: 'style_no', label: { zh: '款号', en: 'Style no.' }, type: 'text', maxLength: 200 },
    { key: 'direction', label: { zh: '方向', en: 'Direction' }, type: 'dict', dict: 'scan_direction' },
    { key: 'qty', label: { zh: '件数', en: 'Pieces' }, type: 'integer' },
    { key: 'scanned_at', label: { zh: '扫描时间', en: 'Scanned at' }, type: 'datetime' },
    { key: 'scanned_by', label: { zh: '扫描人', en: 'Scanned by' }, type: 'text', maxLength: 100 },
  ],
});
