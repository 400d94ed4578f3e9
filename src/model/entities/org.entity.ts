import { defineEntity } from '../entity';

/** Organisation unit (a tree), spec 3: code, parent, name, is public, level. */
export const org = defineEntity({
  name: 'org',
  table: 'md_org',
  prefix: 'mdapi',
  menuCode: 'md.org',
  label: { zh: '组织', en: 'Organisation' },
  titleField: 'name',
  codeField: 'code',
  treeParent: 'parent_id',
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    { key: 'code', label: { zh: '组织编码', en: 'Org code' }, type: 'code', required: true, rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'name', label: { zh: '组织名称', en: 'Org name' }, type: 'text', required: true, maxLength: 200 },
    { key: 'parent_id', label: { zh: '上级组织', en: 'Parent org' }, type: 'tree', ref: { entity: 'org', labelField: 'name', codeField: 'code' } },
    { key: 'level', label: { zh: '层级', en: 'Level' }, type: 'dict', dict: 'org_level' },
    { key: 'is_public', label: { zh: '是否公开', en: 'Public' }, type: 'boolean', default: true },
    { key: 'manager', label: { zh: '负责人', en: 'Manager' }, type: 'text', maxLength: 60 },
  ],
});
