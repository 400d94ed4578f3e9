import { definePage } from '../../src/model';

/**
 * 表单填报 (`/approvals/forms`, menu entry `dyn.data` of the approvals group): the company's enabled,
 * designed forms; a row (double click, Enter, or 查看) opens the form's filled records at
 * `/approvals/forms/<code>`, where they are listed, filled in and submitted.
 */
export const formsToFillPage = definePage({
  opt: 'dynforms',
  cata: 'approvals',
  kind: 'page',
  entity: 'dynformfill',
  title: { zh: '表单填报', en: 'Fill in forms' },
  purpose: { zh: '管理员在“动态表单”中新建、设计并启用的表单在这里填写；双击一个表单查看和填写它的记录', en: 'Forms an administrator created, designed and enabled under "Dynamic forms" are filled in here; double-click one to read and fill in its records' },
  columns: [{ field: 'code', width: 180, pinned: 'left' }, { field: 'name', width: 220 }, { field: 'name_en', width: 200 }, { field: 'form_version', width: 110 }],
  // 查看 opens the selected form's records too.
  actions: [{ kind: 'view' }],
  quickSearch: ['code', 'name', 'name_en'],
  opens: '/approvals/forms/{code}',
  form: [{ modelName: 'base', form: [{ field: 'code', spanClass: 'half' }, { field: 'name', spanClass: 'half' }, { field: 'name_en', spanClass: 'half' }, { field: 'form_version', spanClass: 'half' }] }],
});
