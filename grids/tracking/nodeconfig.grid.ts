import { definePage } from '../../src/model';

/**
 * Node follow configuration (spec 3: category, order type, node, plan duration, sequence): the
 * maker's time-and-action nodes, from which each order's node plan is counted back from delivery.
 * A node's process type says which work orders complete it (its actual date from their reporting),
 * its material group which purchase receipts do (fabric, trims in-house).
 */
export const trackingNodeConfigPage = definePage({
  opt: 'nodefollow',
  cata: 'scm',
  kind: 'index',
  entity: 'nodeconfig',
  menu: { group: 'tracking', order: 30 },
  title: { zh: '节点跟进配置', en: 'Node follow configuration' },
  columns: [
    { field: 'category', width: 130 },
    { field: 'order_type', width: 110 },
    { field: 'seq', width: 90 },
    { field: 'node_code', width: 140 },
    { field: 'node_name', width: 180 },
    { field: 'plan_days', width: 130, aggregate: 'sum' },
    { field: 'party', width: 110 },
    { field: 'process_type', width: 140 },
    { field: 'material_group', width: 140 },
    { field: 'active', width: 90 },
    { field: 'updated_at', width: 170 },
  ],
  // The node's code is what a planner types (FAB_IN): the entity has no unique code field of its
  // own (a code repeats across categories and order types), so the page names it here.
  quickSearch: ['node_code', 'node_name'],
  statusTabs: [
    { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
    { key: 'bulk', label: { zh: '大货', en: 'Bulk' }, filter: { order_type: 'bulk' } },
    { key: 'sample', label: { zh: '样衣', en: 'Sample' }, filter: { order_type: 'sample' } },
  ],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'import' }, { kind: 'export' }, { kind: 'history' }],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'category', spanClass: 'half' },
        { field: 'order_type', spanClass: 'half' },
        { field: 'node_code', spanClass: 'half' },
        { field: 'node_name', spanClass: 'half' },
        { field: 'seq', spanClass: 'half' },
        { field: 'plan_days', spanClass: 'half' },
        { field: 'party', spanClass: 'half' },
        { field: 'process_type', spanClass: 'half' },
        { field: 'material_group', spanClass: 'half' },
        { field: 'active', spanClass: 'half' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
});
