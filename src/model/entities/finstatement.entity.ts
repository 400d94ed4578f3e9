import { defineDictionary } from '../dictionaries';
import { defineEntity, type DocumentCheck, type FieldDef, type StateNotice } from '../entity';
import { errorTexts } from '../errors/define';
import { finstatementErrors } from '../errors/finstatement';

/**
 * Finance reconciliation between companies (issue 18 "Finance reconciliation"): a statement (对账单)
 * of one period between a buying and a selling company, its lines gathered by the server from both
 * companies' own records (receipts, returns, outsourced work received, finished orders, ticket
 * deductions) and matched line by line; each side confirms; confirmed by both it is locked.
 * Each company holds its own copy (as shared orders do), linked by an order share; every action on
 * one copy is mirrored to the other by services/finance. A rate master gives the period's rates.
 * Design: docs/architecture-finance.md.
 */
export const STATEMENT_MENU = 'fin.statement';
export const RATE_MENU = 'fin.rate';

export const finSide = defineDictionary({
  code: 'fin_side',
  label: { zh: '我方角色', en: 'Our side' },
  items: [
    { value: 'buyer', label: { zh: '采购方（付款）', en: 'Buyer (pays)' } },
    { value: 'seller', label: { zh: '供应方（收款）', en: 'Seller (is paid)' } },
  ],
});

export const finLineKind = defineDictionary({
  code: 'fin_line_kind',
  label: { zh: '对账类型', en: 'Line type' },
  items: [
    { value: 'receipt', label: { zh: '采购收货', en: 'Purchase receipt' } },
    { value: 'return', label: { zh: '采购退货', en: 'Purchase return' } },
    { value: 'outsource', label: { zh: '外发加工', en: 'Outsourced work' } },
    { value: 'goods', label: { zh: '成品订单', en: 'Finished order' } },
    { value: 'deduction', label: { zh: '异常扣款', en: 'Ticket deduction' } },
    { value: 'adjustment', label: { zh: '调整', en: 'Adjustment' } },
  ],
});

export const finMatch = defineDictionary({
  code: 'fin_match',
  label: { zh: '核对结果', en: 'Match' },
  items: [
    { value: 'matched', label: { zh: '一致', en: 'Matched' } },
    { value: 'qty_diff', label: { zh: '数量不符', en: 'Quantity differs' } },
    { value: 'amount_diff', label: { zh: '金额不符', en: 'Amount differs' } },
    { value: 'buyer_only', label: { zh: '仅采购方有', en: 'Buyer only' } },
    { value: 'seller_only', label: { zh: '仅供应方有', en: 'Seller only' } },
    { value: 'adjustment', label: { zh: '调整', en: 'Adjustment' } },
  ],
});

export const finStatementStatus = defineDictionary({
  code: 'fin_statement_status',
  label: { zh: '对账状态', en: 'Statement status' },
  items: [
    { value: 'draft', label: { zh: '草稿', en: 'Draft' } },
    { value: 'matching', label: { zh: '对账中', en: 'Matching' } },
    { value: 'buyer_confirmed', label: { zh: '采购方已确认', en: 'Confirmed by buyer' } },
    { value: 'seller_confirmed', label: { zh: '供应方已确认', en: 'Confirmed by seller' } },
    { value: 'locked', label: { zh: '双方已确认', en: 'Confirmed by both' } },
    { value: 'cancelled', label: { zh: '已取消', en: 'Cancelled' } },
  ],
});

/** One matched line: the same document and item as each side recorded it, in the document's currency and converted. */
export const finStatementLine = defineEntity({
  name: 'finstatement_line',
  table: 'fin_statement_line',
  prefix: 'finapi',
  menuCode: STATEMENT_MENU,
  label: { zh: '对账明细', en: 'Statement line' },
  titleField: 'doc_no',
  childOnly: true,
  omitFromForm: 'Written by the finance service only: gathered from both companies\u2019 records and matched, or an adjustment added by an action.',
  defaultSort: { field: 'seq', dir: 'asc' },
  fields: [
    { key: 'seq', label: { zh: '序号', en: 'Seq' }, type: 'integer' },
    { key: 'kind', label: { zh: '对账类型', en: 'Type' }, type: 'dict', dict: 'fin_line_kind' },
    { key: 'doc_no', label: { zh: '单据号', en: 'Document no.' }, type: 'code', maxLength: 60 },
    { key: 'item', label: { zh: '品项', en: 'Item' }, type: 'text', maxLength: 200 },
    { key: 'item_name', label: { zh: '品名', en: 'Item name' }, type: 'text', maxLength: 200 },
    { key: 'doc_currency', label: { zh: '单据币种', en: 'Doc. currency' }, type: 'dict', dict: 'currency' },
    { key: 'buyer_date', label: { zh: '采购方日期', en: 'Buyer date' }, type: 'date' },
    { key: 'buyer_qty', label: { zh: '采购方数量', en: 'Buyer qty' }, type: 'decimal' },
    { key: 'buyer_amount', label: { zh: '采购方金额', en: 'Buyer amount' }, type: 'money' },
    { key: 'seller_date', label: { zh: '供应方日期', en: 'Seller date' }, type: 'date' },
    { key: 'seller_qty', label: { zh: '供应方数量', en: 'Seller qty' }, type: 'decimal' },
    { key: 'seller_amount', label: { zh: '供应方金额', en: 'Seller amount' }, type: 'money' },
    { key: 'rate', label: { zh: '折算汇率', en: 'Rate' }, type: 'decimal' },
    { key: 'buyer_amount_stmt', label: { zh: '采购方金额(对账币)', en: 'Buyer amount (stmt.)' }, type: 'money' },
    { key: 'seller_amount_stmt', label: { zh: '供应方金额(对账币)', en: 'Seller amount (stmt.)' }, type: 'money' },
    { key: 'diff_qty', label: { zh: '数量差异', en: 'Qty difference' }, type: 'decimal' },
    { key: 'diff_amount', label: { zh: '金额差异', en: 'Amount difference' }, type: 'money' },
    { key: 'match', label: { zh: '核对结果', en: 'Match' }, type: 'dict', dict: 'fin_match' },
    { key: 'explained', label: { zh: '差异已说明', en: 'Explained' }, type: 'boolean', default: false },
    { key: 'note', label: { zh: '说明', en: 'Note' }, type: 'text', maxLength: 500 },
    { key: 'added_by', label: { zh: '调整方', en: 'Added by' }, type: 'dict', dict: 'fin_side' },
  ],
});

export const finSettleKind = defineDictionary({
  code: 'fin_settle_kind',
  label: { zh: '结算记录类型', en: 'Settlement record' },
  items: [
    { value: 'invoice', label: { zh: '发票', en: 'Invoice' } },
    { value: 'payment', label: { zh: '付款', en: 'Payment' } },
  ],
});

/**
 * After both sides confirm (locked): the invoices the seller issues and the payments the buyer makes
 * against the statement, the same rows on both copies (written by the finance service only).
 */
export const finStatementSettlement = defineEntity({
  name: 'finstatement_settlement',
  table: 'fin_statement_settlement',
  prefix: 'finapi',
  menuCode: STATEMENT_MENU,
  label: { zh: '开票与付款', en: 'Invoices and payments' },
  titleField: 'doc_no',
  childOnly: true,
  omitFromForm: 'Written by the finance service only: an invoice recorded by the seller or a payment by the buyer (actions invoice and pay), on both copies.',
  defaultSort: { field: 'seq', dir: 'asc' },
  fields: [
    { key: 'seq', label: { zh: '序号', en: 'Seq' }, type: 'integer' },
    { key: 'kind', label: { zh: '类型', en: 'Type' }, type: 'dict', dict: 'fin_settle_kind' },
    { key: 'doc_no', label: { zh: '发票号/付款流水号', en: 'Invoice / payment no.' }, type: 'code', maxLength: 60 },
    { key: 'doc_date', label: { zh: '日期', en: 'Date' }, type: 'date' },
    { key: 'amount', label: { zh: '金额(对账币)', en: 'Amount (statement currency)' }, type: 'money' },
    { key: 'recorded_side', label: { zh: '登记方', en: 'Recorded by side' }, type: 'dict', dict: 'fin_side' },
    { key: 'recorded_by', label: { zh: '登记人', en: 'Recorded by' }, type: 'text', maxLength: 100 },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'text', maxLength: 500 },
  ],
});

/** The parameters of an invoice or a payment recorded against a locked statement. */
const settleParams = (no: { zh: string; en: string }): FieldDef[] => [
  { key: 'doc_no', label: no, type: 'code', required: true, maxLength: 60 },
  { key: 'doc_date', label: { zh: '日期', en: 'Date' }, type: 'date', required: true },
  { key: 'amount', label: { zh: '金额(对账币)', en: 'Amount (statement currency)' }, type: 'money', required: true, rules: ['gt0Number'] },
  // Not `remark`: an action's parameter named like a header field would be written to the header.
  { key: 'note', label: { zh: '备注', en: 'Remark' }, type: 'text', maxLength: 500 },
];

/** While both sides match: the differences no adjustment explains (red lines), else all explained. */
const LIVE_NOTICE: StateNotice[] = [
  { intent: 'error', text: 'fin.notice.open', params: { n: 'open_diffs' }, when: 'open_diffs > 0' },
  { intent: 'success', text: 'fin.notice.explained' },
];

const periodOrder: DocumentCheck = (doc): Record<string, string> =>
  doc.period_from && doc.period_to && String(doc.period_from) > String(doc.period_to) ? { period_to: 'fin.periodOrder' } : {};

export const finStatement = defineEntity({
  name: 'finstatement',
  table: 'fin_statement',
  prefix: 'finapi',
  menuCode: STATEMENT_MENU,
  label: { zh: '对账单', en: 'Statement' },
  titleField: 'stmt_no',
  codeField: 'stmt_no',
  numbering: { field: 'stmt_no', prefix: 'DZ', datePrefix: 'YYMM', length: 4 },
  defaultSort: { field: 'created_at', dir: 'desc' },
  children: [
    { key: 'lines', label: { zh: '对账明细', en: 'Lines' }, entity: 'finstatement_line', foreignKey: 'statement_id' },
    { key: 'settlements', label: { zh: '开票与付款', en: 'Invoices and payments' }, entity: 'finstatement_settlement', foreignKey: 'statement_id' },
  ],
  checks: [periodOrder],
  fields: [
    { key: 'stmt_no', label: { zh: '对账单号', en: 'Statement no.' }, type: 'code', rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'side', label: { zh: '我方角色', en: 'Our side' }, type: 'dict', dict: 'fin_side', required: true, default: 'buyer' },
    // Who the other company is: a supplier of ours (we buy) or a customer of ours (we sell); its platform company code names the company.
    { key: 'vendor_id', label: { zh: '供应商', en: 'Supplier' }, type: 'reference', ref: { entity: 'vendor', labelField: 'name', codeField: 'code' } },
    { key: 'customer_id', label: { zh: '客户', en: 'Customer' }, type: 'reference', ref: { entity: 'customer', labelField: 'name', codeField: 'code' } },
    { key: 'partner_no', label: { zh: '对方单号', en: "Other company's no." }, type: 'code', maxLength: 40, readonly: true },
    { key: 'partner_name', label: { zh: '对方企业', en: 'Other company' }, type: 'text', maxLength: 200, readonly: true },
    { key: 'buyer_name', label: { zh: '采购方', en: 'Buyer' }, type: 'text', maxLength: 200, readonly: true },
    { key: 'seller_name', label: { zh: '供应方', en: 'Seller' }, type: 'text', maxLength: 200, readonly: true },
    { key: 'buyer_client_id', label: { zh: '采购方企业', en: 'Buyer company' }, type: 'integer', readonly: true },
    { key: 'seller_client_id', label: { zh: '供应方企业', en: 'Seller company' }, type: 'integer', readonly: true },
    { key: 'period_from', label: { zh: '对账期间起', en: 'Period from' }, type: 'date', required: true },
    { key: 'period_to', label: { zh: '对账期间止', en: 'Period to' }, type: 'date', required: true },
    { key: 'currency', label: { zh: '对账币种', en: 'Statement currency' }, type: 'dict', dict: 'currency', required: true, default: 'CNY' },
    // The period's rates as used: {"USD": 7.1, "CNY": 1} (value of one unit in CNY), from the sending company's rate table.
    { key: 'rates', label: { zh: '期间汇率', en: 'Period rates' }, type: 'json', readonly: true },
    { key: 'buyer_total', label: { zh: '采购方合计', en: 'Buyer total' }, type: 'money', readonly: true },
    { key: 'seller_total', label: { zh: '供应方合计', en: 'Seller total' }, type: 'money', readonly: true },
    { key: 'adjust_total', label: { zh: '调整合计', en: 'Adjustments' }, type: 'money', readonly: true },
    { key: 'diff_total', label: { zh: '差额(供-采)', en: 'Difference (seller - buyer)' }, type: 'money', readonly: true },
    { key: 'settle_total', label: { zh: '结算金额', en: 'Amount to settle' }, type: 'money', readonly: true },
    { key: 'open_diffs', label: { zh: '未说明差异', en: 'Unexplained differences' }, type: 'integer', readonly: true },
    // After the lock: what the seller invoiced and the buyer paid against the amount to settle (both copies the same).
    { key: 'invoiced_total', label: { zh: '已开票金额', en: 'Invoiced' }, type: 'money', readonly: true },
    { key: 'paid_total', label: { zh: '已付款金额', en: 'Paid' }, type: 'money', readonly: true },
    { key: 'outstanding_total', label: { zh: '未付金额', en: 'Outstanding' }, type: 'money', readonly: true },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', dict: 'fin_statement_status', readonly: true },
    { key: 'matched_at', label: { zh: '对账时间', en: 'Matched at' }, type: 'datetime', readonly: true },
    { key: 'buyer_confirmed_at', label: { zh: '采购方确认时间', en: 'Buyer confirmed at' }, type: 'datetime', readonly: true },
    { key: 'buyer_confirmed_by', label: { zh: '采购方确认人', en: 'Buyer confirmed by' }, type: 'text', maxLength: 100, readonly: true },
    { key: 'buyer_accepted_diff', label: { zh: '采购方接受差异', en: 'Buyer accepted differences' }, type: 'boolean', readonly: true },
    { key: 'seller_confirmed_at', label: { zh: '供应方确认时间', en: 'Seller confirmed at' }, type: 'datetime', readonly: true },
    { key: 'seller_confirmed_by', label: { zh: '供应方确认人', en: 'Seller confirmed by' }, type: 'text', maxLength: 100, readonly: true },
    { key: 'seller_accepted_diff', label: { zh: '供应方接受差异', en: 'Seller accepted differences' }, type: 'boolean', readonly: true },
    { key: 'share_id', label: { zh: '共享记录', en: 'Share record' }, type: 'integer', readonly: true },
    { key: 'source_client_id', label: { zh: '来源企业', en: 'Source company' }, type: 'integer', readonly: true },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 1000 },
  ],
  states: {
    field: 'status',
    initial: 'draft',
    states: [
      { code: 'draft', label: { zh: '草稿', en: 'Draft' }, color: 'informative', notice: { intent: 'info', text: 'fin.notice.draft' } },
      { code: 'matching', label: { zh: '对账中', en: 'Matching' }, color: 'warning', notice: LIVE_NOTICE },
      { code: 'buyer_confirmed', label: { zh: '采购方已确认', en: 'Confirmed by buyer' }, color: 'brand', notice: LIVE_NOTICE },
      { code: 'seller_confirmed', label: { zh: '供应方已确认', en: 'Confirmed by seller' }, color: 'brand', notice: LIVE_NOTICE },
      {
        code: 'locked', label: { zh: '双方已确认', en: 'Confirmed by both' }, color: 'success',
        notice: [{ intent: 'success', text: 'fin.notice.paid', when: 'settle_total > 0 && outstanding_total <= 0.004' }, { intent: 'success', text: 'fin.notice.locked' }],
      },
      { code: 'cancelled', label: { zh: '已取消', en: 'Cancelled' }, color: 'subtle', notice: { intent: 'warning', text: 'fin.notice.cancelled' } },
    ],
    // Effects: src/server/services/finance/finance.service.ts. `confirm` is an action of its own
    // (not declared here): it lands in buyer_confirmed, seller_confirmed or locked by who confirms.
    transitions: [
      { action: 'send', label: { zh: '对账并发送', en: 'Match and send' }, from: ['draft'], to: 'matching', confirm: { zh: '按双方记录汇总本期明细并发送给对方企业？', en: "Gather this period's lines from both companies' records and send the statement to the other company?" } },
      { action: 'rematch', label: { zh: '重新对账', en: 'Match again' }, from: ['matching', 'buyer_confirmed', 'seller_confirmed'], to: 'matching', confirm: { zh: '按双方最新记录重新汇总？已有的确认将撤销，调整行保留。', en: 'Gather again from both companies\u2019 latest records? Confirmations are withdrawn; adjustments stay.' } },
      {
        action: 'adjust',
        label: { zh: '添加调整', en: 'Add adjustment' },
        from: ['matching', 'buyer_confirmed', 'seller_confirmed'],
        to: 'matching',
        params: [
          { key: 'amount', label: { zh: '调整金额(对账币)', en: 'Amount (statement currency)' }, type: 'money', required: true },
          { key: 'reason', label: { zh: '调整原因', en: 'Reason' }, type: 'text', required: true, maxLength: 500 },
          { key: 'line_seq', label: { zh: '说明的差异行号', en: 'Line it explains (seq)' }, type: 'integer' },
          { key: 'doc_no', label: { zh: '说明的单据号（该单所有差异行）', en: 'Document it explains (all its differing lines)' }, type: 'code', maxLength: 60 },
        ],
      },
      { action: 'cancel', label: { zh: '取消', en: 'Cancel' }, from: ['draft', 'matching'], to: 'cancelled', confirm: { zh: '确定取消该对账单？', en: 'Cancel this statement?' } },
      // Once both sides confirmed: the seller records its invoices, the buyer its payments (services/finance).
      // Offered on the statement to its own side while something is left, starting from what is left and today.
      {
        action: 'invoice', label: { zh: '登记发票', en: 'Record invoice' }, from: ['locked'], to: 'locked', params: settleParams({ zh: '发票号码', en: 'Invoice no.' }),
        when: "side == 'seller' && settle_total - invoiced_total > 0.004", defaults: { amount: 'settle_total - invoiced_total', doc_date: '$$NOW$$' },
      },
      {
        action: 'pay', label: { zh: '登记付款', en: 'Record payment' }, from: ['locked'], to: 'locked', params: settleParams({ zh: '付款流水号', en: 'Payment reference' }),
        when: "side == 'buyer' && outstanding_total > 0.004", defaults: { amount: 'outstanding_total', doc_date: '$$NOW$$' },
      },
    ],
    locked: ['matching', 'buyer_confirmed', 'seller_confirmed', 'locked', 'cancelled'],
  },
  messages: {
    'zh-CN': {
      ...errorTexts(finstatementErrors, 'zh-CN'),
      'fin.periodOrder': '对账期间止不能早于期间起',
      'fin.vendorRequired': '我方为采购方时须选择供应商',
      'fin.customerRequired': '我方为供应方时须选择客户',
      'fin.book.customers': '客户资料',
      'fin.book.vendors': '供应商资料',
      'fin.side.buyer': '采购方',
      'fin.side.seller': '供应方',
      'fin.kind.invoice': '发票',
      'fin.kind.payment': '付款',
      'fin.sent': '对账单已发送给 {{name}}',
      'fin.notice.invoice.title': '对账单 {{no}} 已登记发票',
      'fin.notice.invoice.body': '{{company}} 登记发票 {{doc}}，金额 {{amount}} {{currency}}；已开票 {{invoiced}}，未付 {{outstanding}}',
      'fin.notice.payment.title': '对账单 {{no}} 已登记付款',
      'fin.notice.payment.body': '{{company}} 登记付款 {{doc}}，金额 {{amount}} {{currency}}；已付款 {{paid}}，未付 {{outstanding}}',
      'fin.notice.draft': '草稿：发送时系统将从双方记录汇总本期明细并逐行核对。',
      'fin.notice.open': '还有 {{n}} 行差异未说明（红色行）：可添加调整说明差异，或确认时勾选“接受差异”。',
      'fin.notice.explained': '所有差异均已说明。',
      'fin.notice.locked': '双方已确认，对账单已锁定，不能再修改。',
      'fin.notice.paid': '双方已确认，对账单已锁定：已全额付款。',
      'fin.notice.cancelled': '对账单已取消。',
    },
    en: {
      ...errorTexts(finstatementErrors, 'en'),
      'fin.periodOrder': 'The period cannot end before it starts',
      'fin.vendorRequired': 'Choose the supplier when we are the buyer',
      'fin.customerRequired': 'Choose the customer when we are the seller',
      'fin.book.customers': 'customers',
      'fin.book.vendors': 'suppliers',
      'fin.side.buyer': 'buyer',
      'fin.side.seller': 'seller',
      'fin.kind.invoice': 'invoice',
      'fin.kind.payment': 'payment',
      'fin.sent': 'The statement was sent to {{name}}',
      'fin.notice.invoice.title': 'Invoice recorded on statement {{no}}',
      'fin.notice.invoice.body': '{{company}} recorded invoice {{doc}} of {{amount}} {{currency}}; invoiced {{invoiced}}, outstanding {{outstanding}}',
      'fin.notice.payment.title': 'Payment recorded on statement {{no}}',
      'fin.notice.payment.body': '{{company}} recorded payment {{doc}} of {{amount}} {{currency}}; paid {{paid}}, outstanding {{outstanding}}',
      'fin.notice.draft': "Draft: sending gathers this period's lines from both companies' records and matches them line by line.",
      'fin.notice.open': '{{n}} differing lines are not explained (red rows): add an adjustment that explains them, or confirm with "accept differences".',
      'fin.notice.explained': 'Every difference is explained.',
      'fin.notice.locked': 'Confirmed by both companies: the statement is locked and cannot change.',
      'fin.notice.paid': 'Confirmed by both companies and locked: paid in full.',
      'fin.notice.cancelled': 'The statement is cancelled.',
    },
  },
});

/**
 * Exchange rates by month (issue 18 "currency conversion with the period's rates"): the value of one
 * unit of a currency in CNY for a month. A statement converts each line from its document's currency
 * into the statement's with the rates of its period's month (period_to), taken from the sending
 * company's table and kept on the statement.
 */
export const finRate = defineEntity({
  name: 'finrate',
  table: 'fin_rate',
  prefix: 'finapi',
  menuCode: RATE_MENU,
  label: { zh: '汇率', en: 'Exchange rate' },
  titleField: 'currency',
  defaultSort: { field: 'period', dir: 'desc' },
  fields: [
    { key: 'period', label: { zh: '期间(月)', en: 'Period (month)' }, type: 'month', required: true, uniqueWith: { fields: ['currency'], message: 'fin.rateDuplicate' } },
    { key: 'currency', label: { zh: '币种', en: 'Currency' }, type: 'dict', dict: 'currency', required: true },
    { key: 'rate', label: { zh: '折人民币汇率', en: 'Rate to CNY' }, type: 'decimal', required: true, rules: ['gt0Number', 'maxDecimals4'] },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'text', maxLength: 200 },
  ],
  messages: {
    'zh-CN': { 'fin.rateDuplicate': '该期间已有此币种的汇率' },
    en: { 'fin.rateDuplicate': 'This currency already has a rate for the period' },
  },
});
