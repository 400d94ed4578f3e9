import { defineErrors } from './define';

/** The errors of finstatement (fed into the finstatement catalogue part; see ./index). */
export const finstatementErrors = defineErrors({
  'fin.alreadyConfirmed': { kind: 'duplicate', zh: '{{side}}已确认该对账单', en: 'The {{side}} has already confirmed this statement' },
  'fin.badDocNo': { kind: 'validation', zh: '单据 {{no}} 没有差异行', en: 'Document {{no}} has no differing line on this statement' },
  'fin.badLineSeq': { kind: 'validation', zh: '没有行号为 {{seq}} 的对账明细', en: 'There is no line {{seq}} on this statement' },
  'fin.locked': { kind: 'conflict', zh: '对账单 {{no}} 已由双方确认并锁定，不能再修改', en: 'Statement {{no}} is confirmed by both companies and locked: it cannot change' },
  'fin.missingRate': { kind: 'validation', zh: '缺少 {{period}} 的 {{currency}} 汇率，请先在汇率表中维护', en: 'No {{currency}} rate for {{period}}: add it to the rate table first' },
  'fin.notConfirmable': { kind: 'conflict', zh: '对账单当前状态不能确认', en: 'The statement cannot be confirmed in its current state' },
  'fin.openDifferences': { kind: 'precheck', zh: '还有 {{n}} 行差异未说明：请添加调整说明差异，或勾选“接受差异”后确认', en: '{{n}} differing lines are not explained: add an adjustment that explains them, or confirm with "accept differences"' },
  'fin.periodOverlap': { kind: 'conflict', zh: '与对账单 {{no}}（{{from}} ~ {{to}}，{{state}}）的期间重叠：同一采购方与供应方之间未取消的对账单期间不能重叠', en: 'The period overlaps statement {{no}} ({{from}} to {{to}}, {{state}}): statements of the same buyer and seller that are not cancelled cannot overlap' },
  'fin.invoiceBySeller': { kind: 'forbidden', zh: '发票由供应方（收款方）登记，采购方不能登记发票', en: 'Invoices are recorded by the seller (who is paid), not by the buyer' },
  'fin.payByBuyer': { kind: 'forbidden', zh: '付款由采购方（付款方）登记，供应方不能登记付款', en: 'Payments are recorded by the buyer (who pays), not by the seller' },
  'fin.nothingToSettle': { kind: 'conflict', zh: '对账单 {{no}} 的结算金额为 {{amount}}，没有应付款项，不能登记发票或付款', en: 'Statement {{no}} settles {{amount}}: there is nothing to invoice or pay' },
  'fin.overInvoice': { kind: 'validation', zh: '开票金额超出：结算金额 {{settle}}，已开票 {{done}}，本次最多 {{left}}', en: 'Too much invoiced: the amount to settle is {{settle}}, {{done}} is invoiced, at most {{left}} more' },
  'fin.overPay': { kind: 'validation', zh: '付款金额超出：结算金额 {{settle}}，已付款 {{done}}，本次最多 {{left}}', en: 'Too much paid: the amount to settle is {{settle}}, {{done}} is paid, at most {{left}} more' },
  'fin.duplicateSettleNo': { kind: 'validation', zh: '该对账单已登记过号码为 {{no}} 的{{kind}}', en: 'This statement already has a {{kind}} numbered {{no}}' },
  'fin.partnerNotJoined': { kind: 'validation', zh: '对方未加入平台（平台企业编码未填写或无效），无法在线对账', en: 'The other company has not joined the platform (no valid platform company code): the statement cannot be reconciled online' },
  'fin.partnerNotLinked': { kind: 'forbidden', zh: '对方企业尚未在其{{book}}中确认贵司（平台企业编码 {{code}}，启用），对账单无法发送', en: 'The other company has not confirmed your company in its {{book}} (platform company code {{code}}, active): the statement cannot be sent' },
  'fin.removeDraftOnly': { kind: 'conflict', zh: '只能删除草稿状态的对账单', en: 'Only a draft statement can be removed' },
  'fin.shareMissing': { kind: 'forbidden', zh: '对账单的共享记录不存在或已关闭', en: 'This statement\'s share record is missing or closed' },
  'fin.sharedReadOnly': { kind: 'conflict', zh: '对方发来的对账单只能通过操作变更', en: 'A statement sent by the other company changes only through its actions' },
});
