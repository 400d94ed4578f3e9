import { definePage, type ColumnDecl } from '../../src/model';
import { finStatement } from '../../src/model/entities/finstatement.entity';
import { FINANCE_ROLES } from './menu';

/**
 * Statements (issue 18) of the caller's company, as buyer or as seller: one list for both sides, tabs
 * per state. A statement is made here (our side, the supplier or customer, the period, the currency)
 * and sent; its lines, differences, adjustments and confirmations are on the statement page
 * (/fin/page/statement?id=), opened from the toolbar.
 */
const states = finStatement.states!;
const tab = (code: string) => ({ key: code, label: states.states.find((s) => s.code === code)!.label, filter: { status: code } });

const columns: ColumnDecl[] = [
  { field: 'stmt_no', width: 150, pinned: 'left' },
  { field: 'status', width: 120 },
  { field: 'side', width: 130 },
  { field: 'partner_name', width: 180 },
  { field: 'partner_no', width: 140 },
  { field: 'period_from', width: 120 },
  { field: 'period_to', width: 120 },
  { field: 'currency', width: 100 },
  { field: 'buyer_total', width: 130 },
  { field: 'seller_total', width: 130 },
  { field: 'adjust_total', width: 120 },
  { field: 'diff_total', width: 130 },
  { field: 'settle_total', width: 130 },
  { field: 'open_diffs', width: 120 },
  { field: 'invoiced_total', width: 130 },
  { field: 'paid_total', width: 130 },
  { field: 'outstanding_total', width: 130 },
  { field: 'buyer_confirmed_at', width: 170 },
  { field: 'seller_confirmed_at', width: 170 },
  { field: 'remark', width: 220 },
];

const VIEW_ONLY = { readonly: true, isNotPost: true } as const;

export const finStatementPage = definePage({
  opt: 'finstatement',
  cata: 'fin',
  kind: 'index',
  entity: 'finstatement',
  menu: { group: 'finance', order: 10, roles: FINANCE_ROLES },
  title: { zh: '对账单', en: 'Statements' },
  purpose: {
    zh: '与供应商或客户按期间对账：收货、退货、外发加工、成品订单与异常扣款由系统从双方记录汇总并逐行核对，双方确认后锁定。',
    en: "Reconcile a period with a supplier or customer: receipts, returns, outsourced work, finished orders and ticket deductions gathered from both companies' records and matched line by line; locked once both confirm.",
  },
  columns,
  statusTabs: [
    { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
    tab('draft'),
    tab('matching'),
    tab('buyer_confirmed'),
    tab('seller_confirmed'),
    tab('locked'),
    tab('cancelled'),
  ],
  actions: [
    { kind: 'create' },
    { kind: 'edit' },
    { kind: 'remove' },
    { kind: 'transition', action: 'send' },
    { kind: 'transition', action: 'cancel' },
    { kind: 'export' },
    { kind: 'history' },
    { kind: 'view' },
  ],
  quickSearch: ['stmt_no'],
  form: [
    {
      modelName: 'base',
      title: { zh: '对账单', en: 'Statement' },
      form: [
        { field: 'stmt_no', spanClass: 'third' },
        { field: 'side', spanClass: 'third' },
        { field: 'vendor_id', spanClass: 'third', visible: { relatedStateFields: { side: ['buyer'] } } },
        { field: 'customer_id', spanClass: 'third', visible: { relatedStateFields: { side: ['seller'] } } },
        { field: 'period_from', spanClass: 'third' },
        { field: 'period_to', spanClass: 'third' },
        { field: 'currency', spanClass: 'third' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
    {
      modelName: 'result',
      title: { zh: '对账结果', en: 'Result' },
      form: ['status', 'partner_name', 'partner_no', 'buyer_name', 'seller_name', 'buyer_total', 'seller_total', 'adjust_total', 'diff_total', 'settle_total', 'open_diffs', 'invoiced_total', 'paid_total', 'outstanding_total', 'matched_at',
        'buyer_confirmed_at', 'buyer_confirmed_by', 'seller_confirmed_at', 'seller_confirmed_by'].map((field) => ({ field, spanClass: 'third' as const, ...VIEW_ONLY })),
    },
  ],
});
