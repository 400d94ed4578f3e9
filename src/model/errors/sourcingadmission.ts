import { defineErrors } from './define';

/** The errors of sourcingadmission (fed into the sourcingadmission catalogue part; see ./index). */
export const sourcingadmissionErrors = defineErrors({
  'src.access.failedRemark': { kind: 'validation', zh: '准入不通过时请填写审核意见', en: 'Give the reason when the supplier is not admitted' },
  'src.access.fillFirst': { kind: 'precheck', zh: '请先填写准入评估表（{{name}}）后再提交', en: 'Fill in the access evaluation form ({{name}}) before posting' },
  'src.access.noForm': { kind: 'conflict', zh: '该填报没有准入评估表', en: 'This application has no access evaluation form' },
  'src.access.notDraft': { kind: 'conflict', zh: '填报已提交，准入评估表不能再修改', en: 'The application is posted: its access evaluation form cannot change' },
  'src.access.notFilled': { kind: 'precheck', zh: '供应商尚未提交准入评估表', en: 'The supplier has not posted its access evaluation form yet' },
  'src.access.reviewFirst': { kind: 'precheck', zh: '请先审核该供应商的准入评估表（准入通过后方可入围）', en: 'Review the supplier\'s access evaluation form first (only an admitted supplier is shortlisted)' },
  'src.cert.fileType': { kind: 'unsupportedMediaType', zh: '证书文件须为 PNG、JPEG、WebP 图片或 PDF', en: 'A certificate file is a PNG, JPEG or WebP image or a PDF' },
});
