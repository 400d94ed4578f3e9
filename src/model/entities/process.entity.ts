import { defineEntity } from '../entity';

/**
 * Process (operation) information, spec 3: code, name, parent, sequence, is vendor (outsourced),
 * type, estimated rate, force in and force out scan flags. A tree: a process may group sub-steps.
 */
export const processInfo = defineEntity({
  name: 'process',
  table: 'md_process',
  prefix: 'mdapi',
  menuCode: 'md.process',
  label: { zh: '工序', en: 'Process' },
  titleField: 'name',
  codeField: 'code',
  treeParent: 'parent_id',
  defaultSort: { field: 'sequence', dir: 'asc' },
  fields: [
    { key: 'code', label: { zh: '工序编码', en: 'Process code' }, type: 'code', required: true, rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'name', label: { zh: '工序名称', en: 'Process name' }, type: 'text', required: true, maxLength: 200 },
    { key: 'parent_id', label: { zh: '上级工序', en: 'Parent process' }, type: 'tree', ref: { entity: 'process', labelField: 'name', codeField: 'code' } },
    { key: 'sequence', label: { zh: '顺序', en: 'Sequence' }, type: 'integer', required: true, rules: ['naturalNumber'] },
    { key: 'process_type', label: { zh: '工序类型', en: 'Process type' }, type: 'dict', dict: 'process_type' },
    { key: 'plant_id', label: { zh: '工厂', en: 'Plant' }, type: 'reference', ref: { entity: 'plant', labelField: 'name', codeField: 'code' } },
    { key: 'is_vendor', label: { zh: '外发', en: 'Outsourced' }, type: 'boolean', default: false },
    { key: 'estimated_rate', label: { zh: '预估单价', en: 'Estimated rate' }, type: 'money', rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'force_in_scan', label: { zh: '强制扫描进站', en: 'Force scan in' }, type: 'boolean', default: false },
    { key: 'force_out_scan', label: { zh: '强制扫描出站', en: 'Force scan out' }, type: 'boolean', default: false },
  ],
});
