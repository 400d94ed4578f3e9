import { definePage } from '../../src/model';

/**
 * Access-evaluation form configuration (spec 2; issue 16 "access evaluation forms built with the
 * dynamic forms"): which form, designed in 动态表单, a supplier fills in to be admitted, per kind of
 * sourcing. A new project of that kind takes it; each applicant's application carries its design.
 */
export const sourcingAccessFormPage = definePage({
  opt: 'srcaccessform',
  cata: 'srm',
  kind: 'index',
  entity: 'srcaccessform',
  menu: { group: 'sourcing', order: 55, code: 'srm.sourcing.accessform' },
  title: { zh: '准入评估表配置', en: 'Access evaluation forms' },
  purpose: { zh: '为各类寻源指定供应商准入时填写的动态表单（表单在“动态表单”中设计）。', en: 'Name the dynamic form suppliers fill in to be admitted, per kind of sourcing (forms are designed in Dynamic forms).' },
  columns: [
    { field: 'code', width: 140, pinned: 'left' },
    { field: 'name', width: 200 },
    { field: 'form_id', width: 200 },
    { field: 'src_type', width: 120 },
    { field: 'enabled', width: 80 },
    { field: 'remark', width: 240 },
    { field: 'updated_at', width: 170 },
  ],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'export' }, { kind: 'history' }, { kind: 'view' }],
  quickSearch: ['code', 'name'],
  form: [
    {
      modelName: 'base',
      title: { zh: '准入评估表', en: 'Access evaluation form' },
      form: [
        { field: 'code', spanClass: 'half' },
        { field: 'name', spanClass: 'half' },
        { field: 'form_id', spanClass: 'half', source: { entity: 'dynform', filter: { status: 'active' } } },
        { field: 'src_type', spanClass: 'half' },
        { field: 'enabled', spanClass: 'half' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
});
