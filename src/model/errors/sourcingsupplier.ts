import { defineErrors } from './define';

/** The errors of sourcingsupplier (fed into the sourcingsupplier catalogue part; see ./index). */
export const sourcingsupplierErrors = defineErrors({
  'src.quote.breaksOrder': { kind: 'validation', zh: '阶梯报价的起订数量须大于0且不能重复', en: 'Price-break quantities must be above 0 and unique' },
  'src.apply.already': { kind: 'duplicate', zh: '贵司已申请参与该寻源项目（{{no}}）', en: 'Your company already applied to this project ({{no}})' },
  'src.apply.contactMissing': { kind: 'precheck', zh: '请填写联系人和联系电话后再提交', en: 'Fill in the contact and the phone before posting' },
  'src.apply.notLinked': { kind: 'conflict', zh: '该填报未关联寻源项目，请从“项目机会”申请参与', en: 'This application is not linked to a sourcing project: apply from Project opportunities' },
  'src.apply.notOpen': { kind: 'notFound', zh: '该寻源项目不存在或未向贵司开放', en: 'The sourcing project does not exist or is not open to your company' },
  'src.apply.projectClosed': { kind: 'conflict', zh: '寻源项目已不接受填报', en: 'The sourcing project no longer takes applications' },
  'src.quote.applicationStopped': { kind: 'conflict', zh: '填报已终止或已结束，不能报价', en: 'The application is stopped or closed: no quotation' },
  'src.quote.inquiryClosed': { kind: 'conflict', zh: '询价已关闭，不能再报价', en: 'The inquiry is closed: no more quotations' },
  'src.quote.notLinked': { kind: 'conflict', zh: '该报价未关联寻源项目', en: 'This quotation is not linked to a sourcing project' },
  'src.withdraw.deadlinePassed': { kind: 'conflict', zh: '已过寻源截止日期（{{deadline}}），不能撤回', en: 'The sourcing deadline ({{deadline}}) has passed: it can no longer be withdrawn' },
  'src.withdraw.inquiryClosed': { kind: 'conflict', zh: '询价已关闭，报价不能再撤回', en: 'The inquiry is closed: the quotation can no longer be withdrawn' },
  'src.withdraw.projectClosed': { kind: 'conflict', zh: '寻源项目已进入评估、已结束或已取消，不能再撤回', en: 'The sourcing project is in evaluation, ended or cancelled: nothing can be withdrawn any more' },
  'src.quote.priceMissing': { kind: 'validation', zh: '请填写报价单价', en: 'Fill in the unit price' },
  'src.share.missing': { kind: 'forbidden', zh: '该单据的共享记录不存在或已关闭', en: 'This document\'s share record is missing or closed' },
});
