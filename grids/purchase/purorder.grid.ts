import { definePage } from '../../src/model';

/**
 * Purchase orders of a buyer (brand or maker): raw materials by material and unit, or finished goods by
 * style, colour and size; priced from the contract where a line has no price. Sent to the supplier's
 * company, answered there, received into a location.
 */
export const purOrderPage = definePage({
  opt: 'purorder',
  cata: 'srm',
  kind: 'masterdetail',
  entity: 'purorder',
  menu: { group: 'purchase', order: 20, companies: ['brand', 'maker'] },
  title: { zh: '采购订单', en: 'Purchase orders' },
  columns: [
    { field: 'po_no', width: 160, pinned: 'left' },
    { field: 'status', width: 120 },
    { field: 'approval_status', width: 110 },
    { field: 'approval_approver', width: 140 },
    'order_kind',
    { field: 'vendor_id', width: 200 },
    { field: 'contract_id', width: 180 },
    'order_date',
    'delivery_date',
    { field: 'total_qty', aggregate: 'sum', width: 110 },
    { field: 'total_amount', aggregate: 'sum', width: 130 },
    'currency',
    { field: 'reject_reason', width: 200 },
    { field: 'updated_at', width: 170 },
  ],
  statusTabs: [
    { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
    { key: 'draft', label: { zh: '草稿', en: 'Draft' }, filter: { status: 'draft' } },
    { key: 'approved', label: { zh: '已审批', en: 'Approved' }, filter: { status: 'approved' } },
    { key: 'sent', label: { zh: '待供应商确认', en: 'Awaiting supplier' }, filter: { status: 'sent' } },
    { key: 'confirmed', label: { zh: '供应商已确认', en: 'Confirmed' }, filter: { status: 'confirmed' } },
    { key: 'rejected', label: { zh: '供应商已拒绝', en: 'Rejected' }, filter: { status: 'rejected' } },
    { key: 'dispatched', label: { zh: '已发货', en: 'Dispatched' }, filter: { status: 'dispatched' } },
    { key: 'part_received', label: { zh: '部分收货', en: 'Partly received' }, filter: { status: 'part_received' } },
    { key: 'received', label: { zh: '已收货', en: 'Received' }, filter: { status: 'received' } },
    { key: 'manual', label: { zh: '手工跟踪', en: 'Tracked by hand' }, filter: { status: 'manual' } },
  ],
  actions: [
    { kind: 'create' },
    { kind: 'edit' },
    { kind: 'remove' },
    { kind: 'transition', action: 'send' },
    { kind: 'transition', action: 'track' },
    // "收货": the receipt dialog (src/client/pages/purchase), which runs `receive` or `receive_part`.
    { kind: 'transition', action: 'receive' },
    { kind: 'transition', action: 'cancel' },
    { kind: 'transition', action: 'close' },
    { kind: 'import' },
    { kind: 'export' },
    { kind: 'history' },
    { kind: 'view' },
  ],
  quickSearch: ['po_no'],
  form: [
    {
      modelName: 'base',
      title: { zh: '采购信息', en: 'Purchase' },
      form: [
        { field: 'po_no', spanClass: 'third' },
        { field: 'order_kind', spanClass: 'third' },
        { field: 'vendor_id', spanClass: 'third' },
        { field: 'contract_id', spanClass: 'third' },
        { field: 'customer_order_id', spanClass: 'third' },
        { field: 'order_date', spanClass: 'third' },
        { field: 'delivery_date', spanClass: 'third' },
        // Spec 3 defaultfield: picking the supplier sets the order's currency to the supplier's (the buyer may change it).
        { field: 'currency', spanClass: 'third', defaultfield: 'vendor_id.currency' },
        { field: 'pay_type', spanClass: 'third' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
  children: [{ child: 'lines', columns: ['material_id', 'style_no', 'colour', 'size', 'unit', 'qty', 'unit_price', 'amount', 'dispatched_qty', 'received_qty', 'returned_qty', 'seq'], editable: true }],
});
