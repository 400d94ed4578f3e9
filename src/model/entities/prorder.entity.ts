import { defineDictionary } from '../dictionaries';
import { defineEntity, type FieldDef } from '../entity';

export const prOrderType = defineDictionary({
  code: 'pr_order_type',
  label: { zh: '订单类型', en: 'Order type' },
  items: [
    { value: 'bulk', label: { zh: '大货', en: 'Bulk' } },
    { value: 'sample', label: { zh: '样衣', en: 'Sample' } },
    { value: 'repeat', label: { zh: '返单', en: 'Repeat' } },
  ],
});

/** Spec 4 order allocation: not received, to allocate, allocated, submitted, day-scheduled. */
export const orderAllocationStatus = defineDictionary({
  code: 'order_alloc_status',
  label: { zh: '分配状态', en: 'Allocation status' },
  items: [
    { value: 'not_received', label: { zh: '未接收', en: 'Not received' } },
    { value: 'to_allocate', label: { zh: '待分配', en: 'To allocate' } },
    { value: 'allocated', label: { zh: '已分配', en: 'Allocated' } },
    { value: 'submitted', label: { zh: '已提交', en: 'Submitted' } },
    { value: 'day_scheduled', label: { zh: '已日排程', en: 'Day-scheduled' } },
  ],
});

/**
 * The colour x size entry fields, shared by the brand's pr order and the maker's customer order:
 * spec 3 "entries with colour and size, unit price". Stored one row per colour and size, shown as a
 * matrix (colours as rows, sizes as columns) everywhere (issue 6).
 */
export const orderEntryFields: FieldDef[] = [
  { key: 'style_no', label: { zh: '款号', en: 'Style no.' }, type: 'code', required: true, maxLength: 40 },
  { key: 'style_name', label: { zh: '款式名称', en: 'Style name' }, type: 'text', maxLength: 100 },
  { key: 'colour', label: { zh: '颜色', en: 'Colour' }, type: 'text', required: true, maxLength: 40 },
  { key: 'size', label: { zh: '尺码', en: 'Size' }, type: 'text', required: true, maxLength: 20 },
  { key: 'qty', label: { zh: '数量', en: 'Quantity' }, type: 'integer', required: true, rules: ['naturalNumber'] },
  { key: 'unit_price', label: { zh: '单价', en: 'Unit price' }, type: 'money', rules: ['positiveNumber', 'maxDecimals4'] },
  { key: 'amount', label: { zh: '金额', en: 'Amount' }, type: 'money', readonly: true },
  { key: 'seq', label: { zh: '序号', en: 'Seq' }, type: 'integer' },
];

export const prOrderEntry = defineEntity({
  name: 'prorder_entry',
  table: 'scm_pr_order_entry',
  prefix: 'scmapi',
  menuCode: 'scm.prorder',
  label: { zh: '订单明细', en: 'Order entry' },
  titleField: 'style_no',
  childOnly: true,
  defaultSort: { field: 'seq', dir: 'asc' },
  fields: orderEntryFields,
});

/** BOM item of an order (spec 3): the materials a piece uses. */
export const prOrderBom = defineEntity({
  name: 'prorder_bom',
  table: 'scm_pr_order_bom',
  prefix: 'scmapi',
  menuCode: 'scm.prorder',
  label: { zh: 'BOM物料', en: 'BOM item' },
  titleField: 'material_name',
  childOnly: true,
  fields: [
    { key: 'material_id', label: { zh: '物料', en: 'Material' }, type: 'reference', ref: { entity: 'material', labelField: 'name', codeField: 'code' } },
    { key: 'material_name', label: { zh: '物料名称', en: 'Material name' }, type: 'text', required: true, maxLength: 200 },
    { key: 'unit', label: { zh: '单位', en: 'Unit' }, type: 'dict', dict: 'unit' },
    { key: 'usage', label: { zh: '单耗', en: 'Usage per piece' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'qty', label: { zh: '需求数量', en: 'Required qty' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'text', maxLength: 200 },
  ],
});

/** Outsourced process item of an order (spec 3): printing, embroidery, washing... and who does it. */
export const prOrderProcess = defineEntity({
  name: 'prorder_process',
  table: 'scm_pr_order_process',
  prefix: 'scmapi',
  menuCode: 'scm.prorder',
  label: { zh: '外协工序', en: 'Outsourced process' },
  titleField: 'process_name',
  childOnly: true,
  fields: [
    { key: 'process_id', label: { zh: '工序', en: 'Process' }, type: 'reference', ref: { entity: 'process', labelField: 'name', codeField: 'code' } },
    { key: 'process_name', label: { zh: '工序名称', en: 'Process name' }, type: 'text', required: true, maxLength: 100 },
    { key: 'vendor_id', label: { zh: '外协供应商', en: 'Outsourcing vendor' }, type: 'reference', ref: { entity: 'vendor', labelField: 'name', codeField: 'code' } },
    { key: 'unit_price', label: { zh: '加工单价', en: 'Unit price' }, type: 'money', rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'text', maxLength: 200 },
  ],
});

/**
 * Requirement order (spec 3 "pr order": PR number, type, customer PO number, receive date, amounts,
 * quantity, entries with colour and size, unit price, BOM items, outsourced process items), the brand's
 * order on a garment maker. Spec 5: an order number that already exists cannot be created. Quantity
 * and amount are the sums of the entries, computed by the server.
 */
export const prOrder = defineEntity({
  name: 'prorder',
  table: 'scm_pr_order',
  prefix: 'scmapi',
  menuCode: 'scm.prorder',
  label: { zh: '大货需求订单', en: 'Requirement order' },
  titleField: 'pr_no',
  codeField: 'pr_no',
  // Issue 35: tech packs and size charts sent with the requirement (spec 2 "attachments").
  attachments: true,
  numbering: { field: 'pr_no', prefix: 'PR', datePrefix: 'YYMMDD', length: 4 },
  defaultSort: { field: 'created_at', dir: 'desc' },
  children: [
    { key: 'entries', label: { zh: '颜色尺码明细', en: 'Colour and size entries' }, entity: 'prorder_entry', foreignKey: 'order_id' },
    { key: 'bom_items', label: { zh: 'BOM物料', en: 'BOM items' }, entity: 'prorder_bom', foreignKey: 'order_id' },
    { key: 'process_items', label: { zh: '外协工序', en: 'Outsourced processes' }, entity: 'prorder_process', foreignKey: 'order_id' },
  ],
  fields: [
    { key: 'pr_no', label: { zh: 'PR单号', en: 'PR number' }, type: 'code', rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'pr_type', label: { zh: '订单类型', en: 'Order type' }, type: 'dict', dict: 'pr_order_type', required: true, default: 'bulk' },
    { key: 'customer_po', label: { zh: '客户PO号', en: 'Customer PO no.' }, type: 'text', maxLength: 60 },
    { key: 'customer_id', label: { zh: '客户', en: 'Customer' }, type: 'reference', ref: { entity: 'customer', labelField: 'name', codeField: 'code' } },
    { key: 'maker_vendor_id', label: { zh: '生产工厂', en: 'Maker' }, type: 'reference', ref: { entity: 'vendor', labelField: 'name', codeField: 'code' } },
    // Issue 18: an approved style of the company; its category, colours x sizes and BOM are carried into the order when saved (services/development).
    { key: 'style_id', label: { zh: '款式（已确认）', en: 'Style (approved)' }, type: 'reference', ref: { entity: 'style', labelField: 'name', codeField: 'code' } },
    { key: 'category', label: { zh: '品类', en: 'Category' }, type: 'dict', dict: 'product_category' },
    { key: 'receive_date', label: { zh: '接单日期', en: 'Receive date' }, type: 'date', default: '$$NOW$$' },
    { key: 'delivery_date', label: { zh: '交货日期', en: 'Delivery date' }, type: 'date' },
    { key: 'currency', label: { zh: '币种', en: 'Currency' }, type: 'dict', dict: 'currency', required: true, default: 'CNY' },
    { key: 'exchange_rate', label: { zh: '汇率', en: 'Exchange rate' }, type: 'decimal', rules: ['gt0Number', 'maxDecimals4'], default: 1 },
    { key: 'total_qty', label: { zh: '总数量', en: 'Total qty' }, type: 'integer', readonly: true },
    { key: 'total_amount', label: { zh: '总金额', en: 'Total amount' }, type: 'money', readonly: true },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
    { key: 'alloc_status', label: { zh: '分配状态', en: 'Allocation status' }, type: 'dict', dict: 'order_alloc_status', readonly: true },
    { key: 'reject_reason', label: { zh: '拒绝原因', en: 'Reject reason' }, type: 'text', readonly: true },
    { key: 'sent_at', label: { zh: '发送时间', en: 'Sent at' }, type: 'datetime', readonly: true },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 1000 },
  ],
  states: {
    field: 'status',
    initial: 'draft',
    states: [
      { code: 'draft', label: { zh: '草稿', en: 'Draft' }, color: 'informative' },
      { code: 'sent', label: { zh: '待工厂接单', en: 'Pending acceptance' }, color: 'warning', notice: { intent: 'info', text: 'orders.notice.sent' } },
      { code: 'manual', label: { zh: '手工跟踪', en: 'Tracked by hand' }, color: 'warning', notice: { intent: 'warning', title: 'orders.notice.manualTitle', text: 'scm.order.prMakerNotJoined' } },
      { code: 'rejected', label: { zh: '工厂已拒绝', en: 'Rejected by maker' }, color: 'danger', notice: { intent: 'error', title: 'orders.notice.rejectedTitle', textField: 'reject_reason' } },
      { code: 'in_progress', label: { zh: '生产中', en: 'In progress' }, color: 'brand', notice: { intent: 'success', text: 'orders.notice.accepted' } },
      { code: 'finished', label: { zh: '已完成', en: 'Finished' }, color: 'success' },
      { code: 'cancelled', label: { zh: '已取消', en: 'Cancelled' }, color: 'subtle' },
    ],
    transitions: [
      // `send` is a domain action (services/orders): it ends in `sent` when the maker has joined the
      // platform, or in `manual` with the spec 8 message when it has not.
      { action: 'cancel', label: { zh: '取消订单', en: 'Cancel order' }, from: ['draft', 'sent', 'manual', 'rejected', 'in_progress'], to: 'cancelled', confirm: { zh: '确定取消该订单？', en: 'Cancel this order?' } },
      { action: 'finish', label: { zh: '完成', en: 'Finish' }, from: ['manual'], to: 'finished', confirm: { zh: '确定该手工跟踪订单已完成？', en: 'Mark this hand-tracked order finished?' } },
    ],
    // Once sent the order belongs to both companies: it is changed only through its actions.
    locked: ['sent', 'in_progress', 'finished', 'cancelled'],
  },
  // Issue 14: a company may require its PRO_SEND flow to approve an order before it is sent to the maker (services/approvals).
  approval: { process: 'PRO_SEND', submitFrom: ['draft', 'rejected'], before: ['send'] },
});
