import { defineErrors } from './define';

/** The errors of sourcingproject (fed into the sourcingproject catalogue part; see ./index). */
export const sourcingprojectErrors = defineErrors({
  'src.award.badRecord': { kind: 'validation', zh: '定标的供应商不是本项目入围的供应商', en: 'The supplier awarded is not a shortlisted supplier of this project' },
  'src.award.noCandidate': { kind: 'precheck', zh: '没有可定标的供应商（需为已入围且已报价的供应商）', en: 'No supplier can be awarded (it must be shortlisted and have quoted)' },
  'src.cancel.inApproval': { kind: 'approval', zh: '寻源项目正在立项审批中，不能取消；请等待审批结束', en: 'The project is in its approval flow and cannot be cancelled: wait for the approval to end' },
  'src.reopen.deadlinePassed': { kind: 'precheck', zh: '寻源截止日期（{{deadline}}）已过，请先修改截止日期再重新开启询价', en: 'The sourcing deadline ({{deadline}}) has passed: change the deadline before reopening the inquiry' },
  'src.reopen.notClosed': { kind: 'conflict', zh: '询价未关闭，无需重新开启', en: 'The inquiry is open: there is nothing to reopen' },
  'src.precheck.contactMissing': { kind: 'precheck', zh: '发布信息缺少联系人或联系电话', en: 'The publishing information lacks a contact or a phone' },
  'src.precheck.evalNotActive': { kind: 'precheck', zh: '评估项未激活', en: 'The evaluation items are not activated' },
  'src.precheck.evalNotClosed': { kind: 'precheck', zh: '评估未结束', en: 'The evaluation is not closed' },
  'src.precheck.itemsInactive': { kind: 'precheck', zh: '询价物料未激活', en: 'RFQ items are not activated' },
  'src.precheck.noItems': { kind: 'precheck', zh: '没有询价物料，请先维护并激活询价物料', en: 'The project has no RFQ items: add and activate them first' },
  'src.precheck.noMembers': { kind: 'precheck', zh: '请先设置评估成员', en: 'Set the evaluation members first' },
  'src.precheck.noQuotes': { kind: 'precheck', zh: '暂无供应商报价', en: 'No supplier has quoted yet' },
  'src.precheck.noScores': { kind: 'precheck', zh: '评估成员尚未评分', en: 'No evaluation member has scored yet' },
  'src.precheck.rfqNotClosed': { kind: 'precheck', zh: '询价未关闭', en: 'The RFQ is not closed' },
  'src.precheck.sourcingOpen': { kind: 'precheck', zh: '寻源尚未结束，请先结束寻源', en: 'Sourcing is still open: end the sourcing first' },
  'src.precheck.unfinishedQuotes': { kind: 'precheck', zh: '存在未完成的报价', en: 'Unfinished quotations remain' },
  'src.project.ended': { kind: 'conflict', zh: '寻源项目已结束，不能修改询价物料', en: 'The sourcing project has ended: its RFQ items cannot change' },
  'src.record.platformReadOnly': { kind: 'conflict', zh: '平台供应商的寻源记录只能通过操作变更', en: 'A sourcing record of a platform supplier changes only through its actions' },
  'src.record.projectClosed': { kind: 'conflict', zh: '寻源项目已进入评估，不能再调整寻源记录', en: 'The project is in evaluation: its sourcing records cannot change any more' },
});
