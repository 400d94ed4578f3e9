import type { PageDef } from '../../../../model/page';
import type { EntityDef } from '../../../../model/entity';

/**
 * A document with editable lines: the child grid adds, removes and edits lines like a sheet
 * (arrows, Enter, Ctrl+C / Ctrl+V with Excel, Ctrl+D, Ctrl+Z); each cell runs its field's rules.
 */
export const entity: EntityDef = {
  name: 'gallery_order',
  table: 'gallery_order',
  prefix: 'gallery',
  menuCode: 'admin.gallery',
  label: { zh: '订单示例', en: 'Order sample' },
  titleField: 'buyer',
  fields: [{ key: 'buyer', label: { zh: '客户', en: 'Buyer' }, type: 'text', required: true }],
  children: [{ key: 'lines', label: { zh: '明细', en: 'Lines' }, entity: 'gallery_order_line', foreignKey: 'order_id' }],
};

export const lineEntity: EntityDef = {
  name: 'gallery_order_line',
  table: 'gallery_order_line',
  prefix: 'gallery',
  menuCode: 'admin.gallery',
  label: { zh: '订单明细', en: 'Order line' },
  titleField: 'item',
  childOnly: true,
  fields: [
    { key: 'item', label: { zh: '品名', en: 'Item' }, type: 'text', required: true },
    { key: 'qty', label: { zh: '数量', en: 'Quantity' }, type: 'integer', required: true, rules: ['naturalNumber'] },
    { key: 'price', label: { zh: '单价', en: 'Unit price' }, type: 'money', rules: ['gt0Number'] },
    { key: 'delivery', label: { zh: '交期', en: 'Delivery' }, type: 'date' },
  ],
};

export const page: PageDef = {
  opt: 'gallery-lines',
  cata: 'visual',
  kind: 'masterdetail',
  entity: 'gallery_order',
  menuCode: 'admin.gallery',
  title: { zh: '可编辑明细', en: 'Editable lines' },
  columns: [],
  form: [{ modelName: 'order', form: [{ field: 'buyer' }] }],
  children: [{ child: 'lines', columns: ['item', 'qty', 'price', 'delivery'], editable: true }],
};
