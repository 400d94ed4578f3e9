import type { PageDef } from '../../../../model/page';
import type { EntityDef } from '../../../../model/entity';

/**
 * Choices: one or several dictionary values, a record of another entity (a vendor), a node of a tree
 * (an organisation), options moved between two lists, and an image. References list the company's
 * own records through the same calls as every picker.
 */
export const entity: EntityDef = {
  name: 'gallery_choices',
  table: 'gallery_choices',
  prefix: 'gallery',
  menuCode: 'admin.gallery',
  label: { zh: '选择示例', en: 'Choice sample' },
  titleField: 'unit',
  fields: [
    { key: 'unit', label: { zh: '单位', en: 'Unit' }, type: 'dict', dict: 'unit', required: true },
    { key: 'groups', label: { zh: '物料组', en: 'Material groups' }, type: 'multidict', dict: 'material_group' },
    { key: 'vendor_id', label: { zh: '供应商', en: 'Vendor' }, type: 'reference', ref: { entity: 'vendor', labelField: 'name', codeField: 'code' } },
    { key: 'org_id', label: { zh: '部门', en: 'Department' }, type: 'tree', ref: { entity: 'org', labelField: 'name', codeField: 'code' } },
    { key: 'types', label: { zh: '物料类型', en: 'Material types' }, type: 'transfer', dict: 'material_type' },
    { key: 'photo', label: { zh: '图片', en: 'Picture' }, type: 'image' },
  ],
};

export const page: PageDef = {
  opt: 'gallery-choices',
  cata: 'visual',
  kind: 'page',
  entity: 'gallery_choices',
  menuCode: 'admin.gallery',
  title: { zh: '选择', en: 'Choices' },
  columns: [],
  form: [
    {
      modelName: 'choices',
      form: [{ field: 'unit' }, { field: 'vendor_id' }, { field: 'org_id' }, { field: 'photo' }, { field: 'groups' }, { field: 'types' }],
    },
  ],
};
