import { defineDictionary } from '../dictionaries';
import { defineEntity, type FieldDef, type FieldErrors } from '../entity';
import { errorTexts } from '../errors/define';
import { outsourceorderErrors } from '../errors/outsourceorder';

/**
 * Outsourced orders (spec 2 "outsourced orders", spec 3 "outsourced order: status, vendor, currency,
 * tax rate, discount, exchange rate", spec 4, spec 8 "Outsourcing"; issue 12). A maker sends a vendor
 * process (process master data `is_vendor`) of a scheduled production plan to a processing vendor;
 * the lines are the plan's colour x size quantities (the work order of that process carries the same
 * matrix). Submitted to a vendor on the platform it becomes an outsourced task in the vendor's company
 * (through an order share, as purchase orders become supplier orders), where the supplier accepts or
 * rejects it with a reason, reports progress and dispatches per line; the maker receives per line.
 * Server logic: src/server/services/outsource.
 */
export const OUTSOURCE_MENU = 'scm.outsource';
export const OUTSOURCE_TASK_MENU = 'scm.outsourcetask';

/** Spec 4: "the plan lock toggles between pending receipt and received". */
export const outsourceLock = defineDictionary({
  code: 'outsource_lock',
  label: { zh: '计划锁定', en: 'Plan lock' },
  items: [
    { value: 'pending_receipt', label: { zh: '待收货', en: 'Pending receipt' } },
    { value: 'received', label: { zh: '已收货', en: 'Received' } },
  ],
});

/** How the order is followed: on the platform (the vendor's company answers) or by hand (spec 8). */
export const outsourceTracking = defineDictionary({
  code: 'outsource_tracking',
  label: { zh: '跟踪方式', en: 'Tracking' },
  items: [
    { value: 'platform', label: { zh: '平台协同', en: 'On the platform' } },
    { value: 'manual', label: { zh: '手工跟踪', en: 'Tracked by hand' } },
  ],
});

const lineFields: FieldDef[] = [
  { key: 'style_no', label: { zh: '款号', en: 'Style no.' }, type: 'text', maxLength: 60 },
  { key: 'colour', label: { zh: '颜色', en: 'Colour' }, type: 'text', maxLength: 40 },
  { key: 'size', label: { zh: '尺码', en: 'Size' }, type: 'text', maxLength: 20 },
  { key: 'qty', label: { zh: '数量', en: 'Quantity' }, type: 'integer', required: true, rules: ['naturalNumber'] },
  { key: 'unit_price', label: { zh: '加工单价', en: 'Unit price' }, type: 'money', rules: ['positiveNumber', 'maxDecimals4'] },
  { key: 'amount', label: { zh: '金额', en: 'Amount' }, type: 'money', readonly: true },
  { key: 'dispatched_qty', label: { zh: '已发货数量', en: 'Dispatched' }, type: 'integer', readonly: true },
  { key: 'seq', label: { zh: '序号', en: 'Seq' }, type: 'integer' },
];

export const outsourceOrderLine = defineEntity({
  name: 'outsourceorder_line',
  table: 'scm_outsource_order_line',
  prefix: 'scmapi',
  menuCode: OUTSOURCE_MENU,
  label: { zh: '外发明细', en: 'Outsourced line' },
  titleField: 'colour',
  childOnly: true,
  defaultSort: { field: 'seq', dir: 'asc' },
  fields: [...lineFields, { key: 'received_qty', label: { zh: '已收货数量', en: 'Received' }, type: 'integer', readonly: true }],
});

/** Spec 3: tax rate and discount are percentages, the exchange rate is above 0. */
const rateChecks = (doc: Record<string, unknown>): FieldErrors => {
  const errors: FieldErrors = {};
  const pct = (k: string) => {
    const v = doc[k];
    if (v !== null && v !== undefined && v !== '' && Number(v) > 100) errors[k] = 'os.order.percent';
  };
  pct('tax_rate');
  pct('discount');
  const x = doc.exchange_rate;
  if (x !== null && x !== undefined && x !== '' && !(Number(x) > 0)) errors.exchange_rate = 'os.order.exchangeRate';
  return errors;
};

/** The maker's outsourced order. */
export const outsourceOrder = defineEntity({
  name: 'outsourceorder',
  table: 'scm_outsource_order',
  prefix: 'scmapi',
  menuCode: OUTSOURCE_MENU,
  label: { zh: '外发单', en: 'Outsourced order' },
  titleField: 'os_no',
  codeField: 'os_no',
  // Issue 35: process instructions and patterns for the vendor (spec 2 "attachments").
  attachments: true,
  numbering: { field: 'os_no', prefix: 'WF', datePrefix: 'YYMMDD', length: 4 },
  defaultSort: { field: 'created_at', dir: 'desc' },
  children: [{ key: 'lines', label: { zh: '外发明细', en: 'Lines' }, entity: 'outsourceorder_line', foreignKey: 'order_id' }],
  checks: [rateChecks],
  fields: [
    { key: 'os_no', label: { zh: '外发单号', en: 'Outsourced order no.' }, type: 'code', rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'plan_id', label: { zh: '生产计划', en: 'Production plan' }, type: 'reference', ref: { entity: 'prodplan', labelField: 'plan_no', codeField: 'plan_no' } },
    { key: 'process_id', label: { zh: '外发工序', en: 'Process' }, type: 'reference', required: true, ref: { entity: 'process', labelField: 'name', codeField: 'code' } },
    { key: 'vendor_id', label: { zh: '外发供应商', en: 'Vendor' }, type: 'reference', required: true, ref: { entity: 'vendor', labelField: 'name', codeField: 'code' } },
    { key: 'style_no', label: { zh: '款号', en: 'Style no.' }, type: 'text', maxLength: 60 },
    { key: 'style_name', label: { zh: '款式名称', en: 'Style name' }, type: 'text', maxLength: 100 },
    { key: 'order_date', label: { zh: '外发日期', en: 'Order date' }, type: 'date', default: '$$NOW$$' },
    { key: 'delivery_date', label: { zh: '交货日期', en: 'Delivery date' }, type: 'date' },
    { key: 'currency', label: { zh: '币种', en: 'Currency' }, type: 'dict', dict: 'currency', required: true, default: 'CNY' },
    { key: 'tax_rate', label: { zh: '税率(%)', en: 'Tax rate (%)' }, type: 'decimal', default: 13, rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'discount', label: { zh: '折扣(%)', en: 'Discount (%)' }, type: 'decimal', default: 0, rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'exchange_rate', label: { zh: '汇率', en: 'Exchange rate' }, type: 'decimal', default: 1, rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'total_qty', label: { zh: '总数量', en: 'Total qty' }, type: 'integer', readonly: true },
    { key: 'total_amount', label: { zh: '金额(折后未税)', en: 'Amount (net of discount, before tax)' }, type: 'money', readonly: true },
    { key: 'total_with_tax', label: { zh: '含税金额', en: 'Amount with tax' }, type: 'money', readonly: true },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
    { key: 'plan_lock', label: { zh: '计划锁定', en: 'Plan lock' }, type: 'dict', dict: 'outsource_lock', readonly: true, default: 'pending_receipt' },
    { key: 'tracking', label: { zh: '跟踪方式', en: 'Tracking' }, type: 'dict', dict: 'outsource_tracking', readonly: true },
    { key: 'done_qty', label: { zh: '供应商完成数量', en: 'Done by vendor' }, type: 'integer', readonly: true },
    { key: 'received_qty', label: { zh: '已收货数量', en: 'Received' }, type: 'integer', readonly: true },
    { key: 'reject_reason', label: { zh: '拒绝原因', en: 'Reject reason' }, type: 'text', readonly: true },
    { key: 'submitted_at', label: { zh: '提交时间', en: 'Submitted at' }, type: 'datetime', readonly: true },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 1000 },
  ],
  messages: {
    'zh-CN': {
      ...errorTexts(outsourceorderErrors, 'zh-CN'),
      'os.order.percent': '百分比不能大于100',
      'os.order.exchangeRate': '汇率须大于0',
      'os.order.noVendorCompany': '供应商未加入平台，外协单数据无法发送，请手工跟踪',
      'os.order.submitted': '外发单已发送给供应商',
      'os.order.planCancelled': '计划 {{plan}} 已取消，不能外发',
      'notify.osReceived.title': '收到外发加工单 {{no}}',
      'notify.osReceived.body': '{{maker}} 发来外发加工单 {{no}}（工序 {{process}}，{{qty}} 件，外发单号 {{source}}），请接单或拒绝。',
    },
    en: {
      ...errorTexts(outsourceorderErrors, 'en'),
      'os.order.percent': 'A percentage cannot be above 100',
      'os.order.exchangeRate': 'The exchange rate must be above 0',
      'os.order.noVendorCompany': 'The supplier has not joined the platform; the outsourced order cannot be sent and must be tracked by hand',
      'os.order.submitted': 'The outsourced order was sent to the vendor',
      'os.order.planCancelled': 'Plan {{plan}} is cancelled and cannot be outsourced',
      'notify.osReceived.title': 'Outsourced task {{no}} received',
      'notify.osReceived.body': '{{maker}} sent outsourced task {{no}} (process {{process}}, {{qty}} pieces, their order {{source}}); please accept or reject it.',
    },
  },
  states: {
    field: 'status',
    initial: 'draft',
    states: [
      { code: 'draft', label: { zh: '草稿', en: 'Draft' }, color: 'informative' },
      {
        code: 'submitted',
        label: { zh: '已提交', en: 'Submitted' },
        color: 'warning',
        notice: { intent: 'warning', text: 'os.order.noVendorCompany', when: "tracking == 'manual'" },
      },
      { code: 'accepted', label: { zh: '供应商已接单', en: 'Accepted by vendor' }, color: 'brand' },
      { code: 'rejected', label: { zh: '供应商已拒绝', en: 'Rejected by vendor' }, color: 'danger', notice: { intent: 'error', textField: 'reject_reason' } },
      { code: 'dispatched', label: { zh: '供应商已发货', en: 'Dispatched' }, color: 'brand' },
      { code: 'part_received', label: { zh: '部分收货', en: 'Partly received' }, color: 'brand' },
      { code: 'received', label: { zh: '已收货', en: 'Received' }, color: 'success' },
      { code: 'cancelled', label: { zh: '已取消', en: 'Cancelled' }, color: 'subtle' },
    ],
    transitions: [
      // Handler (services/outsource): a vendor on the platform gets its copy; one that has not joined
      // leaves the order submitted and tracked by hand, with spec 8's message.
      { action: 'submit', label: { zh: '提交', en: 'Submit' }, from: ['draft', 'rejected'], to: 'submitted', confirm: { zh: '确定提交外发单并发送给供应商？提交后不可修改。', en: 'Submit this outsourced order and send it to the vendor? It cannot be edited afterwards.' } },
      // Spec 4: lock and unlock only before submission. Declared from every state so that a submitted
      // order is refused with the spec's own message by the handler rather than a generic one.
      { action: 'lock', label: { zh: '锁定', en: 'Lock' }, from: ['draft', 'submitted', 'accepted', 'rejected', 'dispatched', 'part_received', 'received'], to: 'draft' },
      { action: 'unlock', label: { zh: '解锁', en: 'Unlock' }, from: ['draft', 'submitted', 'accepted', 'rejected', 'dispatched', 'part_received', 'received'], to: 'draft' },
      {
        action: 'receive',
        label: { zh: '收货', en: 'Receive' },
        from: ['dispatched', 'part_received', 'submitted'],
        to: 'received',
        confirm: { zh: '按全部待收数量收货？', en: 'Receive everything still to come?' },
      },
      {
        action: 'receive_part',
        label: { zh: '部分收货', en: 'Receive part' },
        from: ['dispatched', 'part_received', 'submitted'],
        to: 'part_received',
        params: [{ key: 'receipt', label: { zh: '收货数量（按行号，如 {"1":100}）', en: 'Receipt per line seq, e.g. {"1":100}' }, type: 'text', required: true, maxLength: 20000 }],
      },
      { action: 'cancel', label: { zh: '取消', en: 'Cancel' }, from: ['draft', 'submitted', 'accepted', 'rejected'], to: 'cancelled', confirm: { zh: '确定取消该外发单？', en: 'Cancel this outsourced order?' } },
    ],
    locked: ['submitted', 'accepted', 'dispatched', 'part_received', 'received', 'cancelled'],
  },
});

export const outsourceTaskLine = defineEntity({
  name: 'outsourcetask_line',
  table: 'scm_outsource_task_line',
  prefix: 'scmapi',
  menuCode: OUTSOURCE_TASK_MENU,
  label: { zh: '加工明细', en: 'Task line' },
  titleField: 'colour',
  childOnly: true,
  defaultSort: { field: 'seq', dir: 'asc' },
  fields: [...lineFields, { key: 'source_line_id', label: { zh: '客户明细', en: 'Customer line' }, type: 'integer', readonly: true }],
});

/**
 * The vendor's copy of an outsourced order (its outsourced processing task), in the vendor's company,
 * linked to the maker's order only through an order share (scm_order_share).
 */
export const outsourceTask = defineEntity({
  name: 'outsourcetask',
  table: 'scm_outsource_task',
  prefix: 'scmapi',
  menuCode: OUTSOURCE_TASK_MENU,
  label: { zh: '外发加工单', en: 'Outsourced task' },
  titleField: 'task_no',
  codeField: 'task_no',
  numbering: { field: 'task_no', prefix: 'JG', datePrefix: 'YYMMDD', length: 4 },
  defaultSort: { field: 'created_at', dir: 'desc' },
  children: [{ key: 'lines', label: { zh: '加工明细', en: 'Lines' }, entity: 'outsourcetask_line', foreignKey: 'task_id' }],
  fields: [
    { key: 'task_no', label: { zh: '加工单号', en: 'Task no.' }, type: 'code', maxLength: 40 },
    { key: 'maker_name', label: { zh: '客户', en: 'Customer' }, type: 'text', maxLength: 200 },
    { key: 'source_no', label: { zh: '客户外发单号', en: 'Customer order no.' }, type: 'code', maxLength: 40, readonly: true },
    { key: 'process_name', label: { zh: '加工工序', en: 'Process' }, type: 'text', maxLength: 200 },
    { key: 'style_no', label: { zh: '款号', en: 'Style no.' }, type: 'text', maxLength: 60 },
    { key: 'style_name', label: { zh: '款式名称', en: 'Style name' }, type: 'text', maxLength: 100 },
    { key: 'delivery_date', label: { zh: '交货日期', en: 'Delivery date' }, type: 'date' },
    { key: 'currency', label: { zh: '币种', en: 'Currency' }, type: 'dict', dict: 'currency' },
    { key: 'tax_rate', label: { zh: '税率(%)', en: 'Tax rate (%)' }, type: 'decimal' },
    { key: 'discount', label: { zh: '折扣(%)', en: 'Discount (%)' }, type: 'decimal' },
    { key: 'exchange_rate', label: { zh: '汇率', en: 'Exchange rate' }, type: 'decimal' },
    { key: 'total_qty', label: { zh: '总数量', en: 'Total qty' }, type: 'integer', readonly: true },
    { key: 'total_amount', label: { zh: '金额(折后未税)', en: 'Amount (net of discount, before tax)' }, type: 'money', readonly: true },
    { key: 'done_qty', label: { zh: '完成数量', en: 'Done qty' }, type: 'integer', readonly: true },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
    { key: 'reject_reason', label: { zh: '拒绝原因', en: 'Reject reason' }, type: 'text', readonly: true },
    { key: 'dispatched_at', label: { zh: '发货时间', en: 'Dispatched at' }, type: 'datetime', readonly: true },
    { key: 'share_id', label: { zh: '共享记录', en: 'Share record' }, type: 'integer', readonly: true },
    { key: 'source_client_id', label: { zh: '来源企业', en: 'Source company' }, type: 'integer', readonly: true },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 1000 },
  ],
  states: {
    field: 'status',
    initial: 'pending',
    states: [
      { code: 'pending', label: { zh: '待接单', en: 'To accept' }, color: 'warning' },
      { code: 'accepted', label: { zh: '已接单', en: 'Accepted' }, color: 'brand' },
      { code: 'rejected', label: { zh: '已拒绝', en: 'Rejected' }, color: 'danger', notice: { intent: 'error', textField: 'reject_reason' } },
      { code: 'dispatched', label: { zh: '已发货', en: 'Dispatched' }, color: 'brand' },
      { code: 'received', label: { zh: '客户已收货', en: 'Received by customer' }, color: 'success' },
      { code: 'cancelled', label: { zh: '客户已取消', en: 'Cancelled by customer' }, color: 'subtle' },
    ],
    transitions: [
      { action: 'accept', label: { zh: '接单', en: 'Accept' }, from: ['pending'], to: 'accepted', confirm: { zh: '确认接受该外发加工单？', en: 'Accept this outsourced task?' } },
      {
        action: 'reject',
        label: { zh: '拒绝', en: 'Reject' },
        from: ['pending'],
        to: 'rejected',
        params: [{ key: 'reject_reason', label: { zh: '拒绝原因', en: 'Reject reason' }, type: 'text', required: true, maxLength: 500 }],
      },
      {
        action: 'progress',
        label: { zh: '报告进度', en: 'Report progress' },
        from: ['accepted'],
        to: 'accepted',
        params: [{ key: 'done_qty', label: { zh: '完成数量', en: 'Done qty' }, type: 'integer', required: true, rules: ['naturalNumber'] }],
      },
      {
        action: 'dispatch',
        label: { zh: '发货', en: 'Dispatch' },
        from: ['accepted'],
        to: 'dispatched',
        confirm: { zh: '发货数量按行号填写（如 {"1":100}），留空则按订单数量全部发货。', en: 'Quantities per line seq (e.g. {"1":100}); leave empty to ship every line in full.' },
        params: [{ key: 'shipment', label: { zh: '发货数量（按行号）', en: 'Shipment per line seq' }, type: 'text', maxLength: 20000 }],
      },
    ],
    locked: ['accepted', 'rejected', 'dispatched', 'received', 'cancelled'],
  },
});
