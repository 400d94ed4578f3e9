import type { PageDef } from '../../../../model/page';

/**
 * A list grid over the company's own materials: a page names the columns by field key, and label,
 * width, cell format and filter come from the entity. Rows are read 100 at a time through the
 * materials' list call, with the viewer's permissions; sort and filter run on the server.
 */
export const page: PageDef = {
  opt: 'gallery-list',
  cata: 'visual',
  kind: 'index',
  entity: 'material',
  menuCode: 'md.material',
  title: { zh: '列表表格', en: 'List grid' },
  columns: [{ field: 'code', pinned: 'left' }, { field: 'name', width: 200 }, 'material_group', 'unit', 'price', 'currency', 'vendor_id'],
  form: [],
};
