import type { PageDef } from '../../src/model';
import type { OutlineDecl } from '../../src/model/record-outline';

/**
 * The form designer's middle panel (issue 30): the selected field's properties as the engine's form
 * over values in memory (ValueForm, src/client/form/ValueForm.tsx) of the designed field
 * (`designedField`, src/model/entities/dynamic-form.entity.ts). Not a route: the designer draws it.
 * What a type takes is read from its computed flags: options, suggestions and sizes shown for the
 * types that take them, the reference's or the tree's entities for theirs, rules for the types the
 * catalogue's rules read, required and default disabled for a type that refuses them (unless set).
 */
export const designedFieldForm: PageDef = {
  opt: 'dynfield',
  cata: 'approvals',
  kind: 'page',
  entity: 'dynfield',
  menuCode: 'admin.dynform',
  title: { zh: '字段属性', en: 'Field properties' },
  columns: [],
  form: [
    {
      modelName: 'field',
      form: [
        { field: 'label', spanClass: 'half' },
        { field: 'label_en', spanClass: 'half' },
        { field: 'key', spanClass: 'half' },
        { field: 'type', spanClass: 'half' },
        { field: 'required', spanClass: 'third', disable: { selfFormExpression: 'unvalidated && !required' } },
        { field: 'span', spanClass: 'third' },
        { field: 'max_length', spanClass: 'third' },
        { field: 'rules', spanClass: 'full', visible: { selfFormExpression: 'takes_rules' } },
        { field: 'options', spanClass: 'full', visible: { selfFormExpression: "option_kind == 'choice'" } },
        { field: 'suggestions', spanClass: 'full', visible: { selfFormExpression: "option_kind == 'suggest'" } },
        { field: 'ref_entity', spanClass: 'full', visible: { selfFormExpression: "type == 'reference'" } },
        { field: 'tree_entity', spanClass: 'full', visible: { selfFormExpression: "type == 'tree'" } },
        { field: 'sizes', spanClass: 'full', visible: { selfFormExpression: 'takes_sizes' } },
        { field: 'default', spanClass: 'half', disable: { selfFormExpression: 'no_default && !default' } },
        { field: 'help', spanClass: 'half' },
        { field: 'visible_when', spanClass: 'full' },
        { field: 'roles', spanClass: 'full' },
        { field: 'clears', spanClass: 'half' },
        { field: 'clears_when', spanClass: 'half' },
        { field: 'disable_when', spanClass: 'full' },
        { field: 'calc', spanClass: 'half' },
        { field: 'decimals', spanClass: 'half' },
      ],
    },
  ],
};

/**
 * The form designer's left panel (issue 30): the design's sections, each with its fields (the stored
 * design's declaration, `storedDesign`), drawn and edited in place by the engine's RecordOutline; a
 * field's row selects it for the middle panel.
 */
export const designOutline: OutlineDecl = {
  title: { zh: '分组与字段', en: 'Sections and fields' },
  testId: 'dyn',
  top: {
    list: 'sections', noun: 'section', key: 'key', inline: [{ field: 'title' }, { field: 'key', width: 110 }],
    fresh: { fields: [] }, named: { field: 'title', label: { zh: '新分组', en: 'New section' } }, remove: { zh: '删除分组', en: 'Remove section' },
  },
  rows: {
    list: 'fields', noun: 'field', key: 'key', title: 'label', detail: ['key', 'type'], flag: 'required',
    fresh: { type: 'text' }, named: { field: 'label', label: { zh: '新字段', en: 'New field' } }, remove: { zh: '删除字段', en: 'Remove field' },
  },
};
