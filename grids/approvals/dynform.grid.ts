import { definePage, ROLES } from '../../src/model';

/**
 * Dynamic forms and form scenarios (spec 2 Admin "form scenarios, dynamic forms", issue 14). The list
 * holds a form's code, name and status; its sections and fields are designed in the form designer
 * (`/approvals/formdesigner?id=`, opened from the drawer). Filled records are listed under
 * "表单填报" (`/approvals/forms`).
 */
export const dynamicFormPage = definePage({
  opt: 'dynform',
  cata: 'admin',
  kind: 'index',
  entity: 'dynform',
  menu: { group: 'admin', order: 96, roles: [ROLES.clientAdmin] },
  title: { zh: '动态表单', en: 'Dynamic forms' },
  purpose: { zh: '管理员在这里新建表单，再在表单设计器中设计分组和字段；设计好的表单在“表单填报”中填写。', en: 'Create a form here, then design its sections and fields in the form designer; designed forms are filled in under "Fill in forms".' },
  columns: [{ field: 'code', width: 160, pinned: 'left' }, { field: 'name', width: 200 }, { field: 'name_en', width: 180 }, 'status', 'form_version', { field: 'process_id', width: 180 }, { field: 'updated_at', width: 170 }],
  quickSearch: ['code', 'name'],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'export' }, { kind: 'history' }],
  // A stored form's drawer opens its designer (the sections and fields are designed there).
  links: [{ key: 'open-designer', label: { zh: '设计表单', en: 'Design form' }, to: '/approvals/formdesigner?id={id}' }],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'code', spanClass: 'half' },
        { field: 'name', spanClass: 'half' },
        { field: 'name_en', spanClass: 'half' },
        { field: 'status', spanClass: 'half' },
        { field: 'form_version', spanClass: 'half' },
        { field: 'process_id', spanClass: 'half' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
});

export const formScenarioPage = definePage({
  opt: 'formscenario',
  cata: 'admin',
  kind: 'index',
  entity: 'formscenario',
  menu: { group: 'admin', order: 97, roles: [ROLES.clientAdmin] },
  title: { zh: '表单场景', en: 'Form scenarios' },
  columns: [{ field: 'code', width: 160, pinned: 'left' }, { field: 'name', width: 200 }, { field: 'form_id', width: 200 }, 'status', { field: 'updated_at', width: 170 }],
  quickSearch: ['code', 'name'],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'export' }, { kind: 'history' }],
  // A stored scenario's drawer opens the records of the form it fills in (spec 7 cpm-ot/scenario).
  links: [{ key: 'fill-scenario', label: { zh: '按场景填报', en: 'Fill in this scenario' }, to: '/approvals/scenario/{code}' }],
  form: [{ modelName: 'base', form: [{ field: 'code', spanClass: 'half' }, { field: 'name', spanClass: 'half' }, { field: 'form_id', spanClass: 'half' }, { field: 'status', spanClass: 'half' }, { field: 'remark', spanClass: 'full' }] }],
});
