import { definePage } from '../../src/model';

/**
 * Requirement orders (spec 3 "pr order"), the brand's orders on garment makers. A master-detail
 * document whose colour x size entries are entered as a matrix (colours as rows, sizes as columns;
 * issue 6): the `entries` child declares the matrix, the browser's order page
 * (src/client/pages/orders) renders it with the matrix-input table and sends one line per colour and
 * size. Once sent, the order changes only through its actions (send, cancel, finish by hand).
 */
export const prOrderPage = definePage({
  opt: 'prorder',
  cata: 'scm',
  kind: 'masterdetail',
  entity: 'prorder',
  menu: { group: 'orders', order: 10 },
  title: { zh: '大货需求订单', en: 'Requirement orders' },
  columns: [
    { field: 'pr_no', width: 160, pinned: 'left' },
    'pr_type',
    { field: 'status', width: 120 },
    { field: 'alloc_status', width: 110 },
    'customer_po',
    { field: 'customer_id', width: 160 },
    { field: 'maker_vendor_id', width: 170 },
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
    { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
    { key: 'draft', label: { zh: '草稿', en: 'Draft' }, filter: { status: 'draft' } },
    { key: 'sent', label: { zh: '待工厂接单', en: 'Pending acceptance' }, filter: { status: 'sent' } },
    { key: 'rejected', label: { zh: '工厂已拒绝', en: 'Rejected' }, filter: { status: 'rejected' } },
    { key: 'in_progress', label: { zh: '生产中', en: 'In progress' }, filter: { status: 'in_progress' } },
    { key: 'manual', label: { zh: '手工跟踪', en: 'Tracked by hand' }, filter: { status: 'manual' } },
    { key: 'finished', label: { zh: '已完成', en: 'Finished' }, filter: { status: 'finished' } },
    { key: 'cancelled', label: { zh: '已取消', en: 'Cancelled' }, filter: { status: 'cancelled' } },
  ],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'transition', action: 'cancel' }, { kind: 'transition', action: 'finish' }, { kind: 'import' }, { kind: 'export' }, { kind: 'history' }, { kind: 'view' }],
  quickSearch: ['pr_no', 'customer_po'],
  form: [
    {
      modelName: 'base',
      title: { zh: '订单信息', en: 'Order' },
      form: [
        // Numbered by the server (PR + YYMMDD + 4) when left empty.
        { field: 'pr_no', spanClass: 'third' },
        { field: 'pr_type', spanClass: 'third' },
        { field: 'customer_po', spanClass: 'third' },
        { field: 'customer_id', spanClass: 'third' },
        { field: 'maker_vendor_id', spanClass: 'third' },
        { field: 'style_id', spanClass: 'third' },
        { field: 'category', spanClass: 'third' },
        { field: 'receive_date', spanClass: 'third' },
        { field: 'delivery_date', spanClass: 'third' },
        { field: 'currency', spanClass: 'third' },
        { field: 'exchange_rate', spanClass: 'third' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
  children: [
    { child: 'entries', columns: ['style_no', 'style_name', 'colour', 'size', 'qty', 'unit_price', 'amount', 'seq'], matrix: { rowField: 'colour', colField: 'size', cellField: 'qty' } },
    { child: 'bom_items', columns: ['material_id', 'material_name', 'unit', 'usage', 'qty', 'remark'] },
    { child: 'process_items', columns: ['process_id', 'process_name', 'vendor_id', 'unit_price', 'remark'] },
  ],
});
