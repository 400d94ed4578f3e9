import { defineEntity } from '../entity';

/** Workshop of a plant (cutting, sewing, finishing hall). */
export const workshop = defineEntity({
  name: 'workshop',
  table: 'md_workshop',
  prefix: 'mdapi',
  menuCode: 'md.workshop',
  label: { zh: '车间', en: 'Workshop' },
  titleField: 'name',
  codeField: 'code',
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    { key: 'code', label: { zh: '车间编码', en: 'Workshop code' }, type: 'code', required: true, rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'name', label: { zh: '车间名称', en: 'Workshop name' }, type: 'text', required: true, maxLength: 200 },
    { key: 'plant_id', label: { zh: '所属工厂', en: 'Plant' }, type: 'reference', required: true, ref: { entity: 'plant', labelField: 'name', codeField: 'code' } },
    { key: 'process_type', label: { zh: '工序类型', en: 'Process type' }, type: 'dict', dict: 'process_type' },
    { key: 'manager', label: { zh: '负责人', en: 'Manager' }, type: 'text', maxLength: 60 },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 1000 },
  ],
});
