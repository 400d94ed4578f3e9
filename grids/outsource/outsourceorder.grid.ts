import { definePage, ROLES } from '../../src/model';

/**
 * The maker's outsourced orders (spec 2 "outsourced orders"; issue 12): made from a scheduled plan's
 * "外发" action or by hand (plan, vendor process, vendor; the lines come from the plan's colour x size
 * quantities when left empty), locked and unlocked before submission, submitted to the vendor's
 * company, received per line.
 */
const MAKERS = [ROLES.planner, ROLES.lineManager, ROLES.clientAdmin, ROLES.admin];

export const outsourceOrderPage = definePage({
  opt: 'outsourceorder',
  cata: 'scm',
  kind: 'masterdetail',
  entity: 'outsourceorder',
  menu: { group: 'planning', order: 60, roles: MAKERS, companies: ['maker'] },
  title: { zh: '外发单', en: 'Outsourced orders' },
  purpose: { zh: '把排产计划的外发工序（如印花、洗水）发给外发加工厂，跟踪接单、进度、发货和收货。', en: 'Send the outsourced processes of scheduled plans (printing, washing) to processing vendors and follow acceptance, progress, dispatch and receipt.' },
  columns: [
    { field: 'os_no', width: 160, pinned: 'left' },
    { field: 'status', width: 120 },
    { field: 'plan_lock', width: 100 },
    { field: 'tracking', width: 110 },
    { field: 'plan_id', width: 150 },
    { field: 'process_id', width: 120 },
    { field: 'vendor_id', width: 200 },
    { field: 'style_no', width: 130 },
    'delivery_date',
    { field: 'total_qty', aggregate: 'sum', width: 100 },
    { field: 'done_qty', aggregate: 'sum', width: 120 },
    { field: 'received_qty', aggregate: 'sum', width: 110 },
    { field: 'total_amount', aggregate: 'sum', width: 140 },
    { field: 'total_with_tax', aggregate: 'sum', width: 130 },
    'currency',
    { field: 'reject_reason', width: 200 },
    { field: 'submitted_at', width: 170 },
  ],
  statusTabs: [
    { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
    { key: 'draft', label: { zh: '草稿', en: 'Draft' }, filter: { status: 'draft' } },
    { key: 'submitted', label: { zh: '已提交', en: 'Submitted' }, filter: { status: 'submitted' } },
    { key: 'accepted', label: { zh: '供应商已接单', en: 'Accepted' }, filter: { status: 'accepted' } },
    { key: 'rejected', label: { zh: '供应商已拒绝', en: 'Rejected' }, filter: { status: 'rejected' } },
    { key: 'dispatched', label: { zh: '供应商已发货', en: 'Dispatched' }, filter: { status: 'dispatched' } },
    { key: 'part_received', label: { zh: '部分收货', en: 'Partly received' }, filter: { status: 'part_received' } },
    { key: 'received', label: { zh: '已收货', en: 'Received' }, filter: { status: 'received' } },
  ],
  actions: [
    { kind: 'create' },
    { kind: 'edit' },
    { kind: 'remove' },
    { kind: 'transition', action: 'lock' },
    { kind: 'transition', action: 'unlock' },
    { kind: 'transition', action: 'submit' },
    { kind: 'transition', action: 'receive' },
    { kind: 'transition', action: 'receive_part' },
    { kind: 'transition', action: 'cancel' },
    { kind: 'export' },
    { kind: 'history' },
    { kind: 'view' },
  ],
  quickSearch: ['os_no', 'style_no'],
  form: [
    {
      modelName: 'base',
      title: { zh: '外发信息', en: 'Outsourcing' },
      form: [
        { field: 'os_no', spanClass: 'third' },
        { field: 'plan_id', spanClass: 'third', source: { entity: 'prodplan', filter: { status: 'scheduled' } } },
        { field: 'process_id', spanClass: 'third', source: { entity: 'process', filter: { is_vendor: true } } },
        { field: 'vendor_id', spanClass: 'third' },
        { field: 'style_no', spanClass: 'third' },
        { field: 'style_name', spanClass: 'third' },
        { field: 'order_date', spanClass: 'third' },
        { field: 'delivery_date', spanClass: 'third' },
      ],
    },
    {
      modelName: 'money',
      title: { zh: '币种与税', en: 'Currency and tax' },
      form: [
        { field: 'currency', spanClass: 'third' },
        { field: 'exchange_rate', spanClass: 'third' },
        { field: 'tax_rate', spanClass: 'third' },
        { field: 'discount', spanClass: 'third' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
  children: [{ child: 'lines', columns: ['seq', 'style_no', 'colour', 'size', 'qty', 'unit_price', 'amount', 'dispatched_qty', 'received_qty'], editable: true }],
});
