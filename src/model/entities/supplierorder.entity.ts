import { defineEntity } from '../entity';

export const supplierOrderLine = defineEntity({
  name: 'supplierorder_line',
  table: 'pur_supplier_order_line',
  prefix: 'srmapi',
  menuCode: 'pur.supplierorder',
  label: { zh: '销售明细', en: 'Order line' },
  titleField: 'material_name',
  childOnly: true,
  defaultSort: { field: 'seq', dir: 'asc' },
  fields: [
    { key: 'material_code', label: { zh: '物料编码', en: 'Material code' }, type: 'code', maxLength: 40 },
    { key: 'material_name', label: { zh: '物料名称', en: 'Material name' }, type: 'text', maxLength: 200 },
    { key: 'style_no', label: { zh: '款号', en: 'Style no.' }, type: 'code', maxLength: 40 },
    { key: 'colour', label: { zh: '颜色', en: 'Colour' }, type: 'text', maxLength: 40 },
    { key: 'size', label: { zh: '尺码', en: 'Size' }, type: 'text', maxLength: 20 },
    { key: 'unit', label: { zh: '单位', en: 'Unit' }, type: 'dict', dict: 'unit' },
    { key: 'qty', label: { zh: '数量', en: 'Quantity' }, type: 'decimal', required: true },
    { key: 'unit_price', label: { zh: '单价', en: 'Unit price' }, type: 'money' },
    { key: 'amount', label: { zh: '金额', en: 'Amount' }, type: 'money', readonly: true },
    { key: 'dispatched_qty', label: { zh: '已发货数量', en: 'Dispatched' }, type: 'decimal', readonly: true },
    { key: 'returned_qty', label: { zh: '退回数量', en: 'Returned to us' }, type: 'decimal', readonly: true },
    { key: 'source_line_id', label: { zh: '采购方明细', en: 'Buyer line' }, type: 'integer', readonly: true },
    { key: 'seq', label: { zh: '序号', en: 'Seq' }, type: 'integer' },
  ],
});

/**
 * The supplier's copy of a buyer's purchase order (issue 17), created in the supplier's company when
 * the buyer sends it and linked to it only through an order share (scm_order_share, as customer
 * orders are). The supplier confirms, or rejects with a reason the buyer sees, then dispatches with a
 * quantity per line; the buyer's order follows each step. Returns the buyer posts show on its lines.
 */
export const supplierOrder = defineEntity({
  name: 'supplierorder',
  table: 'pur_supplier_order',
  prefix: 'srmapi',
  menuCode: 'pur.supplierorder',
  label: { zh: '客户采购订单', en: 'Customer purchase order' },
  titleField: 'so_no',
  codeField: 'so_no',
  numbering: { field: 'so_no', prefix: 'SO', datePrefix: 'YYMMDD', length: 4 },
  defaultSort: { field: 'created_at', dir: 'desc' },
  children: [{ key: 'lines', label: { zh: '明细', en: 'Lines' }, entity: 'supplierorder_line', foreignKey: 'order_id' }],
  fields: [
    { key: 'so_no', label: { zh: '销售单号', en: 'Sales order no.' }, type: 'code', maxLength: 40 },
    { key: 'buyer_name', label: { zh: '采购方', en: 'Buyer' }, type: 'text', maxLength: 200 },
    { key: 'source_no', label: { zh: '采购单号', en: 'Buyer PO no.' }, type: 'code', maxLength: 40, readonly: true },
    { key: 'order_kind', label: { zh: '采购类别', en: 'Purchase kind' }, type: 'dict', dict: 'pur_order_kind' },
    { key: 'delivery_date', label: { zh: '交货日期', en: 'Delivery date' }, type: 'date' },
    { key: 'currency', label: { zh: '币种', en: 'Currency' }, type: 'dict', dict: 'currency' },
    { key: 'total_qty', label: { zh: '总数量', en: 'Total qty' }, type: 'decimal', readonly: true },
    { key: 'total_amount', label: { zh: '总金额', en: 'Total amount' }, type: 'money', readonly: true },
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
      { code: 'pending', label: { zh: '待确认', en: 'To confirm' }, color: 'warning' },
      { code: 'confirmed', label: { zh: '已确认', en: 'Confirmed' }, color: 'brand' },
      { code: 'rejected', label: { zh: '已拒绝', en: 'Rejected' }, color: 'danger', notice: { intent: 'error', textField: 'reject_reason' } },
      { code: 'dispatched', label: { zh: '已发货', en: 'Dispatched' }, color: 'brand' },
      { code: 'received', label: { zh: '客户已收货', en: 'Received by buyer' }, color: 'success' },
      { code: 'cancelled', label: { zh: '已取消', en: 'Cancelled' }, color: 'subtle' },
    ],
    transitions: [
      { action: 'confirm', label: { zh: '确认', en: 'Confirm' }, from: ['pending'], to: 'confirmed', confirm: { zh: '确认接受该采购订单？', en: 'Confirm this purchase order?' } },
      {
        action: 'reject',
        label: { zh: '拒绝', en: 'Reject' },
        from: ['pending'],
        to: 'rejected',
        params: [{ key: 'reject_reason', label: { zh: '拒绝原因', en: 'Reject reason' }, type: 'text', required: true, maxLength: 500 }],
      },
      {
        action: 'dispatch',
        label: { zh: '发货', en: 'Dispatch' },
        from: ['confirmed'],
        to: 'dispatched',
        confirm: { zh: '确认按订单数量发货？', en: 'Dispatch the ordered quantities?' },
        // The shipment editor (src/client/pages/purchase/ShipmentDialog) sends the quantity per line as
        // {"<line seq>": qty}; lines not named ship in full. The parameter stays declared because the
        // action runner hands a transition's handler only its declared parameters; nobody types it.
        params: [{ key: 'shipment', label: { zh: '发货数量（按行）', en: 'Shipment per line' }, type: 'text', maxLength: 20000 }],
      },
    ],
    // A copy sent by a buyer is read-only in every state (services/purchasing); a hand-made one until it is closed.
    locked: ['rejected', 'dispatched', 'received', 'cancelled'],
  },
});
