import { definePage } from '../../src/model';

/**
 * The supplier's quotations (spec 4 "draft, posted (to evaluate), selected, not selected, stopped"):
 * one per RFQ item of a project whose RFQ is published, with price breaks by quantity and lead time.
 * Only the supplier's own company sees them; the buyer receives a copy when one is posted.
 */
export const sourcingQuotationPage = definePage({
  opt: 'srcquotation',
  cata: 'srm',
  kind: 'masterdetail',
  entity: 'srcquotation',
  menu: { group: 'sourcingapply', order: 30, code: 'srm.sourcingapply.quotes' },
  title: { zh: '我的报价', en: 'My quotations' },
  purpose: { zh: '采购方发布询价后按物料报价：单价、币种、交期和按数量的阶梯价。', en: 'Quote per item once the buyer publishes the RFQ: unit price, currency, lead time and price breaks by quantity.' },
  columns: [
    { field: 'quote_no', width: 150, pinned: 'left' },
    { field: 'status', width: 110 },
    { field: 'buyer_name', width: 180 },
    { field: 'project_code', width: 140 },
    { field: 'item_name', width: 180 },
    { field: 'qty', width: 90 },
    { field: 'unit', width: 70 },
    { field: 'unit_price', width: 100 },
    { field: 'currency', width: 80 },
    { field: 'lead_time_days', width: 90 },
    'valid_to',
    { field: 'posted_at', width: 170 },
  ],
  statusTabs: [
    { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
    { key: 'draft', label: { zh: '草稿', en: 'Draft' }, filter: { status: 'draft' } },
    { key: 'posted', label: { zh: '待评估', en: 'To evaluate' }, filter: { status: 'posted' } },
    { key: 'selected', label: { zh: '已选中', en: 'Selected' }, filter: { status: 'selected' } },
    { key: 'not_selected', label: { zh: '未选中', en: 'Not selected' }, filter: { status: 'not_selected' } },
    { key: 'stopped', label: { zh: '已终止', en: 'Stopped' }, filter: { status: 'stopped' } },
  ],
  actions: [{ kind: 'edit' }, { kind: 'transition', action: 'post' }, { kind: 'transition', action: 'withdraw' }, { kind: 'export' }, { kind: 'history' }, { kind: 'view' }],
  quickSearch: ['quote_no', 'item_name'],
  form: [
    {
      modelName: 'base',
      title: { zh: '报价', en: 'Quotation' },
      form: [
        { field: 'quote_no', spanClass: 'third' },
        { field: 'application_id', spanClass: 'third' },
        { field: 'currency', spanClass: 'third' },
        { field: 'unit_price', spanClass: 'third' },
        { field: 'lead_time_days', spanClass: 'third' },
        { field: 'valid_to', spanClass: 'third' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
  children: [{ child: 'breaks', columns: ['min_qty', 'unit_price', 'lead_time_days'], editable: true }],
});
