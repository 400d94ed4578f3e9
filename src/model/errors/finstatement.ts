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
  'fin.partnerNotJoined': { kind: 'validation', zh: '对方未加入平台（平台企业编码未填写或无效），无法在线对账', en: 'The other company has not joined the platform (no valid platform company code): the statement cannot be reconciled online' },
  'fin.partnerNotLinked': { kind: 'forbidden', zh: '对方企业尚未在其{{book}}中确认贵司（平台企业编码 {{code}}，启用），对账单无法发送', en: 'The other company has not confirmed your company in its {{book}} (platform company code {{code}}, active): the statement cannot be sent' },
  'fin.removeDraftOnly': { kind: 'conflict', zh: '只能删除草稿状态的对账单', en: 'Only a draft statement can be removed' },
  'fin.shareMissing': { kind: 'forbidden', zh: '对账单的共享记录不存在或已关闭', en: 'This statement\'s share record is missing or closed' },
  'fin.sharedReadOnly': { kind: 'conflict', zh: '对方发来的对账单只能通过操作变更', en: 'A statement sent by the other company changes only through its actions' },
});
