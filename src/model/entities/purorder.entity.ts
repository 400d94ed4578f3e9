import { defineDictionary } from '../dictionaries';
import { defineEntity, type FieldDef, type FieldErrors } from '../entity';
import { errorTexts } from '../errors/define';
import { purorderErrors } from '../errors/purorder';

export const purOrderKind = defineDictionary({
  code: 'pur_order_kind',
  label: { zh: '采购类别', en: 'Purchase kind' },
  items: [
    { value: 'material', label: { zh: '原辅料', en: 'Raw materials' } },
    { value: 'goods', label: { zh: '成品', en: 'Finished goods' } },
  ],
});

/**
 * A purchase line, shared by the buyer's purchase order and the supplier's copy: raw materials by
 * material and unit, finished goods by style, colour and size (entered as a colour x size matrix like
 * requirement orders). Dispatched, received and returned quantities are written by the services.
 */
export const purLineFields: FieldDef[] = [
  { key: 'material_id', label: { zh: '物料', en: 'Material' }, type: 'reference', ref: { entity: 'material', labelField: 'name', codeField: 'code' } },
  { key: 'style_no', label: { zh: '款号', en: 'Style no.' }, type: 'code', maxLength: 40 },
  { key: 'colour', label: { zh: '颜色', en: 'Colour' }, type: 'text', maxLength: 40 },
  { key: 'size', label: { zh: '尺码', en: 'Size' }, type: 'text', maxLength: 20 },
  { key: 'unit', label: { zh: '单位', en: 'Unit' }, type: 'dict', dict: 'unit' },
  { key: 'qty', label: { zh: '数量', en: 'Quantity' }, type: 'decimal', required: true, rules: ['positiveNumber', 'maxDecimals4'] },
  { key: 'unit_price', label: { zh: '单价', en: 'Unit price' }, type: 'money', rules: ['positiveNumber', 'maxDecimals4'] },
  { key: 'amount', label: { zh: '金额', en: 'Amount' }, type: 'money', readonly: true },
  { key: 'dispatched_qty', label: { zh: '已发货数量', en: 'Dispatched' }, type: 'decimal', readonly: true },
  { key: 'received_qty', label: { zh: '已收货数量', en: 'Received' }, type: 'decimal', readonly: true },
  { key: 'returned_qty', label: { zh: '已退货数量', en: 'Returned' }, type: 'decimal', readonly: true },
  { key: 'seq', label: { zh: '序号', en: 'Seq' }, type: 'integer' },
];

export const purOrderLine = defineEntity({
  name: 'purorder_line',
  table: 'pur_order_line',
  prefix: 'srmapi',
  menuCode: 'pur.order',
  label: { zh: '采购明细', en: 'Purchase line' },
  titleField: 'style_no',
  childOnly: true,
  defaultSort: { field: 'seq', dir: 'asc' },
  fields: purLineFields,
});

/** Each line names what it buys: a material for raw materials, a style, colour and size for goods. */
export function purLineErrors(kind: unknown, lines: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!Array.isArray(lines)) return errors;
  lines.forEach((l: Record<string, unknown>, i) => {
    if (kind === 'goods') {
      for (const k of ['style_no', 'colour', 'size']) if (!l[k]) errors[`lines[${i}].${k}`] = 'pur.order.goodsLine';
    } else if (!l.material_id) errors[`lines[${i}].material_id`] = 'pur.order.materialLine';
  });
  return errors;
}

/**
 * Purchase order (spec 2 "purchase orders", issue 17): a brand or maker buys raw materials or finished
 * goods from a supplier, priced from an active contract where one applies. Sent to a supplier company
 * on the platform it becomes a supplier order there (through an order share, as requirement orders
 * go to makers); the supplier confirms or rejects it with a reason and dispatches; the buyer receives
 * into a warehouse location, which posts stock, and may return stock to the supplier.
 */
export const purOrder = defineEntity({
  name: 'purorder',
  table: 'pur_order',
  prefix: 'srmapi',
  menuCode: 'pur.order',
  label: { zh: '采购订单', en: 'Purchase order' },
  titleField: 'po_no',
  codeField: 'po_no',
  // Issue 35: quotations, drawings and delivery notes kept with the order (spec 2 "attachments").
  attachments: true,
  numbering: { field: 'po_no', prefix: 'PO', datePrefix: 'YYMMDD', length: 4 },
  // Issue 14: approved through the company's PO_APPROVAL flow before it goes to the supplier (services/approvals).
  // Issue 29: once approved it reads "approved" (not "draft"), and the approver sees its figures and lines.
  approval: {
    process: 'PO_APPROVAL', submitFrom: ['draft', 'rejected'], before: ['send', 'track'], approvedState: 'approved',
    summary: { fields: ['vendor_id', 'total_amount', 'currency', 'delivery_date', 'total_qty'], lines: { child: 'lines', fields: ['seq', 'material_id', 'style_no', 'colour', 'size', 'unit', 'qty', 'unit_price', 'amount'] } },
  },
  defaultSort: { field: 'created_at', dir: 'desc' },
  // Finished goods are entered as a colour x size matrix per style (form and Excel import, sizes as
  // columns); raw materials keep one line per material and unit.
  children: [
    {
      key: 'lines',
      label: { zh: '采购明细', en: 'Lines' },
      entity: 'purorder_line',
      foreignKey: 'order_id',
      matrix: { rowField: 'colour', colField: 'size', cellField: 'qty', blockField: 'style_no', blockFields: ['unit_price'], when: { field: 'order_kind', value: 'goods' }, priceHint: { zh: '留空则按合同价', en: 'Left blank: the contract price' } },
    },
  ],
  fields: [
    { key: 'po_no', label: { zh: '采购单号', en: 'PO number' }, type: 'code', rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'order_kind', label: { zh: '采购类别', en: 'Purchase kind' }, type: 'dict', dict: 'pur_order_kind', required: true, default: 'material' },
    { key: 'vendor_id', label: { zh: '供应商', en: 'Supplier' }, type: 'reference', required: true, ref: { entity: 'vendor', labelField: 'name', codeField: 'code' } },
    { key: 'contract_id', label: { zh: '采购合同', en: 'Contract' }, type: 'reference', ref: { entity: 'purcontract', labelField: 'name', codeField: 'contract_no' } },
    // A maker's purchase for one customer order (its fabric and trims): the order's plans are ready for
    // production when these lines are received (issue 31, the board's late reasons).
    { key: 'customer_order_id', label: { zh: '客户订单', en: 'For customer order' }, type: 'reference', ref: { entity: 'customerorder', labelField: 'order_no', codeField: 'order_no' } },
    { key: 'order_date', label: { zh: '下单日期', en: 'Order date' }, type: 'date', default: '$$NOW$$' },
    { key: 'delivery_date', label: { zh: '交货日期', en: 'Delivery date' }, type: 'date' },
    { key: 'currency', label: { zh: '币种', en: 'Currency' }, type: 'dict', dict: 'currency', required: true, default: 'CNY' },
    { key: 'pay_type', label: { zh: '付款条件', en: 'Payment terms' }, type: 'dict', dict: 'pay_type' },
    { key: 'total_qty', label: { zh: '总数量', en: 'Total qty' }, type: 'decimal', readonly: true },
    { key: 'total_amount', label: { zh: '总金额', en: 'Total amount' }, type: 'money', readonly: true },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
    { key: 'reject_reason', label: { zh: '拒绝原因', en: 'Reject reason' }, type: 'text', readonly: true },
    { key: 'sent_at', label: { zh: '发送时间', en: 'Sent at' }, type: 'datetime', readonly: true },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 1000 },
  ],
  messages: {
    'zh-CN': {
      ...errorTexts(purorderErrors, 'zh-CN'),
      'pur.order.goodsLine': '成品采购每行需填写款号、颜色和尺码',
      'pur.order.materialLine': '原辅料采购每行需选择物料',
      'pur.order.sent': '采购订单已发送给供应商',
    },
    en: {
      ...errorTexts(purorderErrors, 'en'),
      'pur.order.goodsLine': 'A finished-goods line needs a style no., colour and size',
      'pur.order.materialLine': 'A raw-material line needs a material',
      'pur.order.sent': 'The purchase order was sent to the supplier',
    },
  },
  states: {
    field: 'status',
    initial: 'draft',
    states: [
      { code: 'draft', label: { zh: '草稿', en: 'Draft' }, color: 'informative' },
      { code: 'approved', label: { zh: '已审批', en: 'Approved' }, color: 'success' },
      { code: 'sent', label: { zh: '待供应商确认', en: 'Awaiting supplier' }, color: 'warning' },
      { code: 'manual', label: { zh: '手工跟踪', en: 'Tracked by hand' }, color: 'warning', notice: { intent: 'warning', text: 'pur.order.noVendorCompany' } },
      { code: 'rejected', label: { zh: '供应商已拒绝', en: 'Rejected by supplier' }, color: 'danger', notice: { intent: 'error', textField: 'reject_reason' } },
      { code: 'confirmed', label: { zh: '供应商已确认', en: 'Confirmed' }, color: 'brand' },
      { code: 'dispatched', label: { zh: '已发货', en: 'Dispatched' }, color: 'brand' },
      { code: 'part_received', label: { zh: '部分收货', en: 'Partly received' }, color: 'brand' },
      { code: 'received', label: { zh: '已收货', en: 'Received' }, color: 'success' },
      { code: 'closed', label: { zh: '已关闭', en: 'Closed' }, color: 'subtle' },
      { code: 'cancelled', label: { zh: '已取消', en: 'Cancelled' }, color: 'subtle' },
    ],
    transitions: [
      // Sending writes the supplier's copy in its company (services/purchasing); a supplier that has
      // not joined the platform refuses the send with spec 8's message and the order is tracked by hand.
      { action: 'send', label: { zh: '发送供应商', en: 'Send to supplier' }, from: ['draft', 'rejected', 'approved'], to: 'sent', confirm: { zh: '确定将采购订单发送给供应商？发送后不可修改。', en: 'Send this purchase order to the supplier? It cannot be edited afterwards.' } },
      { action: 'track', label: { zh: '手工跟踪', en: 'Track by hand' }, from: ['draft', 'approved'], to: 'manual', confirm: { zh: '供应商不在平台上时手工跟踪该订单？', en: 'Track this order by hand (supplier not on the platform)?' } },
      {
        action: 'receive',
        label: { zh: '收货入库', en: 'Receive' },
        from: ['dispatched', 'manual', 'part_received'],
        to: 'received',
        confirm: { zh: '按全部待收数量收货入库？', en: 'Receive everything still to come into stock?' },
        params: [{ key: 'location_code', label: { zh: '收货库位编码', en: 'Receiving location code' }, type: 'code', required: true, maxLength: 40 }],
      },
      // A part of what arrived (per line); the order stays "part_received" until `receive` takes the rest.
      // The receipt dialog (src/client/pages/purchase/ReceiptDialog) runs it when less than everything
      // still to come is received, with `receipt` as {"<line seq>": qty}.
      {
        action: 'receive_part',
        label: { zh: '部分收货', en: 'Receive part' },
        from: ['dispatched', 'manual', 'part_received'],
        to: 'part_received',
        params: [
          { key: 'location_code', label: { zh: '收货库位编码', en: 'Receiving location code' }, type: 'code', required: true, maxLength: 40 },
          { key: 'receipt', label: { zh: '收货数量（按行）', en: 'Receipt per line' }, type: 'text', required: true, maxLength: 20000 },
        ],
      },
      { action: 'cancel', label: { zh: '取消', en: 'Cancel' }, from: ['draft', 'approved', 'sent', 'manual', 'rejected'], to: 'cancelled', confirm: { zh: '确定取消该采购订单？', en: 'Cancel this purchase order?' } },
      { action: 'close', label: { zh: '关闭', en: 'Close' }, from: ['received', 'manual', 'part_received'], to: 'closed', confirm: { zh: '确定关闭该采购订单？', en: 'Close this purchase order?' } },
    ],
    locked: ['sent', 'confirmed', 'dispatched', 'part_received', 'received', 'closed', 'cancelled'],
  },
});
