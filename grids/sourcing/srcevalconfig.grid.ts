import { definePage } from '../../src/model';

/** Evaluation schemes and their versions (spec 3 "evaluation config", spec 4, spec 5). */
export const evalConfigPage = definePage({
  opt: 'srcevalconfig',
  cata: 'srm',
  kind: 'masterdetail',
  entity: 'srcevalconfig',
  menu: { group: 'sourcing', order: 50 },
  title: { zh: '评估方案配置', en: 'Evaluation schemes' },
  purpose: { zh: '评估项、权重、分值范围和选项；激活一个版本会使同一方案之前激活的版本失效。', en: 'Items, weights, score ranges and options; activating a version retires the earlier active version of the scheme.' },
  columns: [
    { field: 'code', width: 120, pinned: 'left' },
    { field: 'name', width: 200 },
    { field: 'version_no', width: 90 },
    { field: 'status', width: 90 },
    { field: 'activated_at', width: 170 },
    { field: 'remark', width: 200 },
  ],
  statusTabs: [
    { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
    { key: 'inactive', label: { zh: '未激活', en: 'Inactive' }, filter: { status: 'inactive' } },
    { key: 'active', label: { zh: '已激活', en: 'Active' }, filter: { status: 'active' } },
    { key: 'retired', label: { zh: '已失效', en: 'Retired' }, filter: { status: 'retired' } },
  ],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'transition', action: 'activate' }, { kind: 'export' }, { kind: 'history' }, { kind: 'view' }],
  quickSearch: ['code', 'name'],
  form: [
    {
      modelName: 'base',
      title: { zh: '评估方案', en: 'Scheme' },
      form: [
        { field: 'code', spanClass: 'third' },
        { field: 'name', spanClass: 'third' },
        { field: 'version_no', spanClass: 'third' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
  children: [{ child: 'items', columns: ['category', 'item_name', 'item_type', 'weight', 'min_score', 'max_score', 'options'], editable: true }],
});
