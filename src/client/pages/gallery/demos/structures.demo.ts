import type { PageDef } from '../../../../model/page';
import type { EntityDef } from '../../../../model/entity';

/**
 * Structured values, each in its own widget: markdown (sent with its HTML as `notes_DISPLAY`), a
 * colour x size matrix, a table of validation rules and a field mapping. Matrix and transfer values
 * travel as JSON text.
 */
export const entity: EntityDef = {
  name: 'gallery_structures',
  table: 'gallery_structures',
  prefix: 'gallery',
  menuCode: 'admin.gallery',
  label: { zh: '结构示例', en: 'Structure sample' },
  titleField: 'notes',
  fields: [
    { key: 'notes', label: { zh: '说明', en: 'Notes' }, type: 'markdown', required: true },
    { key: 'sizes', label: { zh: '颜色尺码数量', en: 'Quantities by colour and size' }, type: 'matrix' },
    { key: 'rules', label: { zh: '校验规则', en: 'Validation rules' }, type: 'rules' },
    { key: 'mapping', label: { zh: '字段映射', en: 'Field mapping' }, type: 'json' },
  ],
};

export const page: PageDef = {
  opt: 'gallery-structures',
  cata: 'visual',
  kind: 'page',
  entity: 'gallery_structures',
  menuCode: 'admin.gallery',
  title: { zh: '结构化字段', en: 'Structured fields' },
  columns: [],
  form: [
    {
      modelName: 'structures',
      form: [
        { field: 'notes', defaultValue: '**面料**：全棉\n\n- 水洗 40°C\n- 不可漂白' },
        { field: 'sizes', matinTableConfig: { tableConfig: { valueField: 'qty', labelField: 'color', rowField: 'color', colField: 'size', cellField: 'qty', columns: [{ field: 'S', label: 'S' }, { field: 'M', label: 'M' }, { field: 'L', label: 'L' }] } } },
        { field: 'rules' },
        { field: 'mapping' },
      ],
    },
  ],
};
