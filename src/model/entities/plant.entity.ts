import { defineEntity } from '../entity';

/** Plant, spec 3: code, name, site id, parent plant (a plant tree). */
export const plant = defineEntity({
  name: 'plant',
  table: 'md_plant',
  prefix: 'mdapi',
  menuCode: 'md.plant',
  label: { zh: '工厂', en: 'Plant' },
  titleField: 'name',
  codeField: 'code',
  treeParent: 'parent_id',
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    { key: 'code', label: { zh: '工厂编码', en: 'Plant code' }, type: 'code', required: true, rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'name', label: { zh: '工厂名称', en: 'Plant name' }, type: 'text', required: true, maxLength: 200 },
    { key: 'site_id', label: { zh: '站点编号', en: 'Site id' }, type: 'code', rules: ['english'], maxLength: 40 },
    { key: 'parent_id', label: { zh: '上级工厂', en: 'Parent plant' }, type: 'tree', ref: { entity: 'plant', labelField: 'name', codeField: 'code' } },
    { key: 'company_id', label: { zh: '所属公司', en: 'Company' }, type: 'reference', ref: { entity: 'company', labelField: 'name', codeField: 'code' } },
    { key: 'address', label: { zh: '地址', en: 'Address' }, type: 'textarea', maxLength: 500 },
  ],
});
