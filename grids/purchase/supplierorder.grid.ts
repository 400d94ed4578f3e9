import { definePage } from '../../src/model';

/** The supplier side: purchase orders sent by buyer companies; confirm, reject with a reason, dispatch per line. */
export const supplierOrderPage = definePage({
  opt: 'supplierorder',
  cata: 'srm',
  kind: 'masterdetail',
  entity: 'supplierorder',
  menu: { group: 'purchase', order: 30, companies: ['supplier'] },
  title: { zh: '客户采购订单', en: 'Incoming purchase orders' },
  columns: [
    { field: 'so_no', width: 160, pinned: 'left' },
    { field: 'status', width: 110 },
    { field: 'buyer_name', width: 180 },
    { field: 'source_no', width: 160 },
    'order_kind',
    'delivery_date',
    { field: 'total_qty', aggregate: 'sum', width: 110 },
    { field: 'total_amount', aggregate: 'sum', width: 130 },
    'currency',
    { field: 'reject_reason', width: 200 },
    { field: 'dispatched_at', width: 170 },
  ],
  statusTabs: [
    { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
    { key: 'pending', label: { zh: '待确认', en: 'To confirm' }, filter: { status: 'pending' } },
    { key: 'confirmed', label: { zh: '已确认', en: 'Confirmed' }, filter: { status: 'confirmed' } },
    { key: 'dispatched', label: { zh: '已发货', en: 'Dispatched' }, filter: { status: 'dispatched' } },
    { key: 'received', label: { zh: '客户已收货', en: 'Received by buyer' }, filter: { status: 'received' } },
    { key: 'rejected', label: { zh: '已拒绝', en: 'Rejected' }, filter: { status: 'rejected' } },
  ],
  actions: [
    { kind: 'transition', action: 'confirm' },
    { kind: 'transition', action: 'reject' },
    { kind: 'transition', action: 'dispatch' },
    { kind: 'export' },
    { kind: 'history' },
    { kind: 'view' },
  ],
  quickSearch: ['so_no', 'source_no', 'buyer_name'],
  form: [
    {
      modelName: 'base',
      title: { zh: '订单信息', en: 'Order' },
      form: [
        { field: 'so_no', spanClass: 'third' },
        { field: 'buyer_name', spanClass: 'third' },
        { field: 'source_no', spanClass: 'third' },
        { field: 'order_kind', spanClass: 'third' },
        { field: 'delivery_date', spanClass: 'third' },
        { field: 'currency', spanClass: 'third' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
  children: [{ child: 'lines', columns: ['seq', 'material_code', 'material_name', 'style_no', 'colour', 'size', 'unit', 'qty', 'unit_price', 'amount', 'dispatched_qty', 'returned_qty'] }],
});
