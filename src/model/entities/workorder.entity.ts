import { defineDictionary } from '../dictionaries';
import { defineEntity } from '../entity';

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
        params: [
          { key: 'report_qty', label: { zh: '完工数量', en: 'Finished qty' }, type: 'integer' },
          { key: 'confirm_short', label: { zh: '确认少于工单数量完工', en: 'Confirm finishing short' }, type: 'boolean' },
        ],
      },
    ],
    locked: ['finished'],
  },
  messages: {
    'zh-CN': {
      'wo.noPlannedLine': '计划 {{plan}} 未设置计划产线，请先排产',
      'wo.noProcess': '工厂 {{plant}} 未维护工序，请先在工序资料中维护工艺路线',
      'wo.allOutsourced': '工艺路线全部为外发工序，无需生成工单',
      'wo.planNotScheduled': '计划 {{plan}} 未确认排产，不能生成工单',
      'wo.alreadyGenerated': '计划 {{plan}} 已生成工单',
      'wo.activated': '计划 {{plan}} 的工单已下达产线，不能撤销排产',
      'wo.qtyRequired': '请填写完工数量',
      'wo.qtyNegative': '完工数量不能小于 0',
      'wo.qtyOver': '完工数量 {{qty}} 超过工单数量 {{ordered}}',
      'wo.confirmShort': '完工数量 {{qty}} 少于工单数量 {{ordered}}，确认按此数量完工？',
      'wo.noWorkOrders': '计划 {{plan}} 还没有工单，请先生成工单',
      'wo.bundlesScanned': '计划 {{plan}} 的扎已有扫描记录，不能重新生成',
      'wo.noMatrix': '计划 {{plan}} 没有颜色尺码数量，不能分扎',
      'wo.bundleSize': '每扎件数须为 1 到 10000 的整数',
      'wo.scan.unknown': '条码 {{barcode}} 不存在',
      'wo.scan.noWorkOrder': '扎 {{barcode}} 所属计划没有工序“{{process}}”的工单',
      'wo.scan.notReleased': '工序“{{process}}”的工单 {{wo}} 未下达产线',
      'wo.scan.finished': '工序“{{process}}”的工单 {{wo}} 已完工',
      'wo.scan.alreadyIn': '扎 {{barcode}} 已在工序“{{process}}”扫描进站',
      'wo.scan.alreadyOut': '扎 {{barcode}} 已在工序“{{process}}”扫描出站',
      'wo.scan.skippedIn': '扎 {{barcode}} 未在工序“{{process}}”扫描进站（该工序强制扫描进站）',
      'wo.scan.skippedOut': '扎 {{barcode}} 未在工序“{{process}}”扫描出站（该工序强制扫描出站）',
      'wo.scan.okIn': '扎 {{barcode}}（{{colour}} / {{size}}，{{qty}} 件）已进站：{{process}}',
      'wo.scan.okOut': '扎 {{barcode}}（{{colour}} / {{size}}，{{qty}} 件）已出站：{{process}}，工单完工 {{done}} / {{ordered}}',
      'wo.scan.badProcess': '请选择本工位的工序',
      'wo.scan.emptyBarcode': '请扫描或输入条码',
    },
    en: {
      'wo.noPlannedLine': 'No planned line set for plan {{plan}}: schedule it first',
      'wo.noProcess': 'No process maintained for the plant {{plant}}: maintain the routing in process information first',
      'wo.allOutsourced': 'All processes are outsourced, no work order needed',
      'wo.planNotScheduled': 'Plan {{plan}} is not scheduled: confirm its schedule before generating work orders',
      'wo.alreadyGenerated': 'Plan {{plan}} already has work orders',
      'wo.activated': 'The work orders of plan {{plan}} are released to the line: the plan can no longer be unscheduled',
      'wo.qtyRequired': 'Enter the finished quantity',
      'wo.qtyNegative': 'The finished quantity cannot be below 0',
      'wo.qtyOver': 'The finished quantity {{qty}} exceeds the ordered quantity {{ordered}}',
      'wo.confirmShort': 'The finished quantity {{qty}} is below the ordered quantity {{ordered}}: finish the work order with it?',
      'wo.noWorkOrders': 'Plan {{plan}} has no work orders yet: generate them first',
      'wo.bundlesScanned': 'The bundles of plan {{plan}} have scans already and cannot be generated again',
      'wo.noMatrix': 'Plan {{plan}} has no colour x size quantities to bundle',
      'wo.bundleSize': 'Pieces per bundle must be a whole number from 1 to 10000',
      'wo.scan.unknown': 'Barcode {{barcode}} does not exist',
      'wo.scan.noWorkOrder': 'The plan of bundle {{barcode}} has no work order for process "{{process}}"',
      'wo.scan.notReleased': 'Work order {{wo}} of process "{{process}}" is not released to the line',
      'wo.scan.finished': 'Work order {{wo}} of process "{{process}}" is finished',
      'wo.scan.alreadyIn': 'Bundle {{barcode}} is already scanned in at "{{process}}"',
      'wo.scan.alreadyOut': 'Bundle {{barcode}} is already scanned out at "{{process}}"',
      'wo.scan.skippedIn': 'Bundle {{barcode}} was not scanned in at "{{process}}" (that process forces scan in)',
      'wo.scan.skippedOut': 'Bundle {{barcode}} was not scanned out at "{{process}}" (that process forces scan out)',
      'wo.scan.okIn': 'Bundle {{barcode}} ({{colour}} / {{size}}, {{qty}} pcs) scanned in: {{process}}',
      'wo.scan.okOut': 'Bundle {{barcode}} ({{colour}} / {{size}}, {{qty}} pcs) scanned out: {{process}}, work order finished {{done}} / {{ordered}}',
      'wo.scan.badProcess': 'Choose this station\'s process',
      'wo.scan.emptyBarcode': 'Scan or type a barcode',
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
  fields: [
    { key: 'bundle_id', label: { zh: '扎', en: 'Bundle' }, type: 'reference', required: true, ref: { entity: 'wo_bundle', labelField: 'bundle_no', codeField: 'bundle_no' } },
    { key: 'workorder_id', label: { zh: '工单', en: 'Work order' }, type: 'reference', required: true, ref: { entity: 'workorder', labelField: 'wo_no', codeField: 'wo_no' } },
    { key: 'process_id', label: { zh: '工序', en: 'Process' }, type: 'reference', ref: { entity: 'process', labelField: 'name', codeField: 'code' } },
    { key: 'plan_id', label: { zh: '生产计划', en: 'Production plan' }, type: 'reference', ref: { entity: 'prodplan', labelField: 'plan_no', codeField: 'plan_no' } },
    { key: 'direction', label: { zh: '方向', en: 'Direction' }, type: 'dict', dict: 'scan_direction' },
    { key: 'qty', label: { zh: '件数', en: 'Pieces' }, type: 'integer' },
    { key: 'scanned_at', label: { zh: '扫描时间', en: 'Scanned at' }, type: 'datetime' },
    { key: 'scanned_by', label: { zh: '扫描人', en: 'Scanned by' }, type: 'text', maxLength: 100 },
  ],
});
