import { defineErrors } from './define';

/** The errors of dynamic-form (fed into the dynamic-form catalogue part; see ./index). */
export const dynformErrors = defineErrors({
  'dynform.hasRecords': { kind: 'inUse', zh: '该表单已有{{count}}条填报记录，不能删除；可以停用', en: 'The form has {{count}} filled records and cannot be removed; disable it instead' },
  'dynform.noDefinition': { kind: 'badRequest', zh: '该表单还没有设计内容，请先在表单设计器中设计', en: 'The form has no design yet; design it in the form designer first' },
  'dynform.notFound': { kind: 'notFound', zh: '表单不存在或未启用', en: 'The form does not exist or is not enabled' },
  'dynform.scenarioNotFound': { kind: 'notFound', zh: '表单场景不存在或未启用', en: 'The form scenario does not exist or is not enabled' },
});
