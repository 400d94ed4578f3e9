import { definePage, type ColumnDecl } from '../../src/model';
import { finStatement } from '../../src/model/entities/finstatement.entity';
import { FINANCE_ROLES } from './menu';

/**
 * Statements (issue 18) of the caller's company, as buyer or as seller: one list for both sides, tabs
 * per state. A statement is made here (our side, the supplier or customer, the period, the currency)
 * and sent; its drawer is the statement: the result (totals, rates, confirmations), the matched lines
 * coloured by what they are (unexplained differences red, explained amber, adjustments blue), the
 * invoices and payments once locked, the record's actions (send, match again, adjust, cancel, invoice,
 * pay) and the printed document with both seal lines.
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

/** A differing line (quantity or amount, or one side only) that no adjustment explains is open. */
const DIFFERING = "match == 'qty_diff' || match == 'amount_diff' || match == 'buyer_only' || match == 'seller_only'";

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
      form: ['status', 'partner_name', 'partner_no', 'buyer_name', 'seller_name', 'rates', 'buyer_total', 'seller_total', 'adjust_total', 'diff_total', 'settle_total', 'open_diffs', 'invoiced_total', 'paid_total', 'outstanding_total', 'matched_at',
        'buyer_confirmed_at', 'buyer_confirmed_by', 'buyer_accepted_diff', 'seller_confirmed_at', 'seller_confirmed_by', 'seller_accepted_diff'].map((field) => ({ field, spanClass: 'third' as const, ...VIEW_ONLY })),
    },
  ],
  children: [
    {
      child: 'lines',
      editable: false,
      columns: ['seq', 'kind', 'doc_no', 'item', 'item_name', 'doc_currency', 'buyer_date', 'buyer_qty', 'buyer_amount', 'seller_date', 'seller_qty', 'seller_amount', 'rate',
        'buyer_amount_stmt', 'seller_amount_stmt', 'diff_qty', 'diff_amount', 'match', 'explained', 'note', 'added_by'],
      rowTone: [
        { when: "kind == 'adjustment'", tone: 'info' },
        { when: `(${DIFFERING}) && explained`, tone: 'warning' },
        { when: DIFFERING, tone: 'danger' },
      ],
    },
    { child: 'settlements', editable: false, columns: ['seq', 'kind', 'doc_no', 'doc_date', 'amount', 'recorded_side', 'recorded_by', 'remark'] },
  ],
  // Printed and as a workbook: the parties, the period, the rates, the totals and both confirmations, then the lines and the records.
  document: {
    fields: ['stmt_no', 'partner_no', 'status', 'buyer_name', 'seller_name', 'period_from', 'period_to', 'currency', 'rates', 'buyer_total', 'seller_total', 'adjust_total', 'diff_total', 'settle_total',
      'open_diffs', 'invoiced_total', 'paid_total', 'outstanding_total', 'buyer_confirmed_by', 'buyer_confirmed_at', 'buyer_accepted_diff', 'seller_confirmed_by', 'seller_confirmed_at', 'seller_accepted_diff', 'remark'],
    signatures: [{ zh: '采购方（盖章）：', en: 'Buyer (seal):' }, { zh: '供应方（盖章）：', en: 'Seller (seal):' }],
  },
});
