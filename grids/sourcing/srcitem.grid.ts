import { definePage } from '../../src/model';

/** RFQ items of the projects (spec 3, spec 4 "inactive, then active (no edits after); inquiry open, then closed"). */
export const sourcingItemPage = definePage({
  opt: 'srcitem',
  cata: 'srm',
  kind: 'index',
  entity: 'srcitem',
  menu: { group: 'sourcing', order: 20, code: 'srm.sourcing.items' },
  title: { zh: '询价物料', en: 'RFQ items' },
  purpose: { zh: '寻源项目要询价的物料：激活后不能修改，发布询价前须全部激活。', en: 'The items a project asks prices for: once active they cannot change; all must be active before the RFQ is published.' },
  columns: [
    { field: 'project_id', width: 200, pinned: 'left' },
    { field: 'name', width: 200 },
    { field: 'status', width: 90 },
    { field: 'inquiry_state', width: 110 },
    { field: 'material_id', width: 180 },
    { field: 'spec', width: 160 },
    { field: 'qty', width: 100 },
    { field: 'unit', width: 70 },
    { field: 'expected_price', width: 110 },
    { field: 'currency', width: 80 },
  ],
  statusTabs: [
    { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
    { key: 'inactive', label: { zh: '未激活', en: 'Inactive' }, filter: { status: 'inactive' } },
    { key: 'active', label: { zh: '已激活', en: 'Active' }, filter: { status: 'active' } },
  ],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'transition', action: 'activate' }, { kind: 'import' }, { kind: 'export' }, { kind: 'history' }],
  quickSearch: ['name', 'spec'],
  form: [
    {
      modelName: 'base',
      title: { zh: '询价物料', en: 'RFQ item' },
      form: [
        { field: 'project_id', spanClass: 'third', source: { entity: 'srcproject', filter: { status: ['not_prepared', 'preparing', 'info_delivered', 'publishing'] } } },
        { field: 'name', spanClass: 'third' },
        { field: 'material_id', spanClass: 'third' },
        { field: 'spec', spanClass: 'third' },
        { field: 'qty', spanClass: 'third' },
        { field: 'unit', spanClass: 'third' },
        { field: 'expected_price', spanClass: 'third' },
        { field: 'currency', spanClass: 'third' },
      ],
    },
  ],
});
