import type { PageDef } from '../../../../model/page';
import type { EntityDef } from '../../../../model/entity';

/**
 * Lines entered as colour x size matrices, one block per style: the style's number, name and unit
 * price are typed once, each cell is the quantity of one colour in one size (one line each), with
 * row, column and block totals. The purchase and customer orders use the same declaration.
 */
export const entity: EntityDef = {
  name: 'gallery_po',
  table: 'gallery_po',
  prefix: 'gallery',
  menuCode: 'admin.gallery',
  label: { zh: '采购示例', en: 'Purchase sample' },
  titleField: 'currency',
  fields: [{ key: 'currency', label: { zh: '币种', en: 'Currency' }, type: 'dict', dict: 'currency', default: 'CNY' }],
  children: [{ key: 'entries', label: { zh: '款式明细', en: 'Style lines' }, entity: 'gallery_po_line', foreignKey: 'po_id' }],
};

export const lineEntity: EntityDef = {
  name: 'gallery_po_line',
  table: 'gallery_po_line',
  prefix: 'gallery',
  menuCode: 'admin.gallery',
  label: { zh: '款式明细', en: 'Style line' },
  titleField: 'style_no',
  childOnly: true,
  fields: [
    { key: 'style_no', label: { zh: '款号', en: 'Style' }, type: 'text', required: true },
    { key: 'style_name', label: { zh: '款名', en: 'Style name' }, type: 'text' },
    { key: 'colour', label: { zh: '颜色', en: 'Colour' }, type: 'text', required: true },
    { key: 'size', label: { zh: '尺码', en: 'Size' }, type: 'text', required: true },
    { key: 'qty', label: { zh: '数量', en: 'Quantity' }, type: 'integer', rules: ['naturalNumber'] },
    { key: 'unit_price', label: { zh: '单价', en: 'Unit price' }, type: 'money', rules: ['positiveNumber'] },
  ],
};

export const page: PageDef = {
  opt: 'gallery-matrix',
  cata: 'visual',
  kind: 'masterdetail',
  entity: 'gallery_po',
  menuCode: 'admin.gallery',
  title: { zh: '颜色尺码矩阵', en: 'Colour x size matrix' },
  columns: [],
  form: [{ modelName: 'po', form: [{ field: 'currency' }] }],
  children: [
    {
      child: 'entries',
      columns: ['style_no', 'style_name', 'colour', 'size', 'qty', 'unit_price'],
      matrix: { rowField: 'colour', colField: 'size', cellField: 'qty', blockField: 'style_no', blockFields: ['style_name', 'unit_price'], columns: ['S', 'M', 'L', 'XL'] },
    },
  ],
};
