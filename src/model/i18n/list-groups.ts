import type { CatalogPart } from './types';

/**
 * Grouped lists (issue 32): the toolbar's group-by control, the group rows, the grand total and
 * the group rows of an export. Registered by src/model/list-groups.ts, which both sides import.
 */
export const listGroupsCatalog: CatalogPart = {
  'zh-CN': {
    'groups.groupBy': '分组',
    'groups.groupedBy': '分组：{{name}}',
    'groups.columnOf': '分组：{{field}}',
    'groups.none': '不分组',
    'groups.bucket.day': '按日',
    'groups.bucket.week': '按周',
    'groups.bucket.month': '按月',
    'groups.empty': '（空）',
    'groups.total': '合计',
    'groups.subtotalOf': '小计：{{label}}',
    'groups.header': '{{label}}（{{count}} 行）',
    'groups.headerOne': '{{label}}（1 行）',
    'groups.rows': '{{count}} 行',
    'groups.rows_one': '{{count}} 行',
    'groups.loading': '正在汇总…',
    'groups.loadingRows': '正在读取本组明细…',
    'groups.noGroups': '没有可分组的数据',
    'groups.more': '还有 {{count}} 行，点击继续读取',
    'groups.truncated': '分组超过 {{max}} 个，只显示前 {{max}} 个；合计仍为全部数据',
    'groups.failed': '分组汇总失败',
    'groups.expandHint': '回车或右方向键展开，左方向键收起',
  },
  en: {
    'groups.groupBy': 'Group by',
    'groups.groupedBy': 'Group by: {{name}}',
    'groups.columnOf': 'Group: {{field}}',
    'groups.none': 'No grouping',
    'groups.bucket.day': 'by day',
    'groups.bucket.week': 'by week',
    'groups.bucket.month': 'by month',
    'groups.empty': '(empty)',
    'groups.total': 'Total',
    'groups.subtotalOf': 'Subtotal: {{label}}',
    'groups.header': '{{label}} ({{count}} rows)',
    'groups.headerOne': '{{label}} (1 row)',
    'groups.rows': '{{count}} rows',
    'groups.rows_one': '{{count}} row',
    'groups.loading': 'Summing up…',
    'groups.loadingRows': 'Reading this group’s rows…',
    'groups.noGroups': 'Nothing to group',
    'groups.more': '{{count}} more rows, click to read on',
    'groups.truncated': 'More than {{max}} groups: the first {{max}} are shown; the total is still every row’s',
    'groups.failed': 'The groups could not be summed up',
    'groups.expandHint': 'Enter or Right arrow opens a group, Left arrow closes it',
  },
};
