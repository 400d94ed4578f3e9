import { definePage } from '../../src/model';

/**
 * The maker's customer orders (spec 2 business: customer orders pending, in progress, finished,
 * cancelled; spec 4: accept, or reject with a reason the brand sees). A brand's order arrives here
 * through its share record; the browser's page (src/client/pages/orders) follows state changes live.
 */
export const customerOrderPage = definePage({
  opt: 'customerorder',
  cata: 'scm',
  kind: 'index',
  entity: 'customerorder',
  menu: { group: 'orders', order: 20, companies: ['maker'] },
  title: { zh: '客户订单', en: 'Customer orders' },
  columns: [
    { field: 'order_no', width: 160, pinned: 'left' },
    { field: 'status', width: 110 },
    { field: 'brand_name', width: 160 },
    { field: 'source_no', width: 160 },
    'customer_po',
    'pr_type',
    'category',
    'receive_date',
    'delivery_date',
    { field: 'total_qty', aggregate: 'sum', width: 110 },
    { field: 'total_amount', aggregate: 'sum', width: 130 },
    'currency',
    { field: 'reject_reason', width: 200 },
    { field: 'updated_at', width: 170 },
  ],
  statusTabs: [
    { key: 'pending', label: { zh: '待接单', en: 'Pending acceptance' }, filter: { status: 'pending' } },
    { key: 'in_progress', label: { zh: '进行中', en: 'In progress' }, filter: { status: 'in_progress' } },
    { key: 'finished', label: { zh: '已完成', en: 'Finished' }, filter: { status: 'finished' } },
    { key: 'cancelled', label: { zh: '已取消', en: 'Cancelled' }, filter: { status: 'cancelled' } },
    { key: 'rejected', label: { zh: '已拒绝', en: 'Rejected' }, filter: { status: 'rejected' } },
  ],
  actions: [
    { kind: 'create' },
    { kind: 'edit' },
    { kind: 'transition', action: 'accept' },
    { kind: 'transition', action: 'reject' },
    { kind: 'transition', action: 'finish' },
    // A maker's own orders come in by Excel too; an order a brand shared stays read-only to import
    // as to the form (issue 10: the writer refuses the same edit from every source).
    { kind: 'import' },
    { kind: 'export' },
    { kind: 'history' },
    { kind: 'view' },
  ],
  quickSearch: ['order_no', 'source_no', 'customer_po', 'brand_name'],
  form: [
    {
      modelName: 'base',
      title: { zh: '订单信息', en: 'Order' },
      form: [
        { field: 'order_no', spanClass: 'third' },
        { field: 'brand_name', spanClass: 'third' },
        { field: 'customer_po', spanClass: 'third' },
        { field: 'pr_type', spanClass: 'third' },
        { field: 'category', spanClass: 'third' },
        { field: 'currency', spanClass: 'third' },
        { field: 'receive_date', spanClass: 'third' },
        { field: 'delivery_date', spanClass: 'third' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
  children: [{ child: 'entries', columns: ['style_no', 'style_name', 'colour', 'size', 'qty', 'unit_price', 'amount', 'seq'], matrix: { rowField: 'colour', colField: 'size', cellField: 'qty' } }],
});
