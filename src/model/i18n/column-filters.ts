import type { CatalogPart } from './types';

/**
 * Column filters of a list (issue 32): a cell's menu (filter by this value, exclude it, clear),
 * the bar of active filters over the grid and the set filter's "exclude" switch.
 */
export const columnFilters: CatalogPart = {
  'zh-CN': {
    'filters.onlyThis': '按此值筛选',
    'filters.excludeThis': '排除此值',
    'filters.clearColumn': '清除筛选',
    'filters.clearAll': '清除全部筛选',
    'filters.cellMenu': '单元格操作',
    'filters.active': '筛选：',
    'filters.remove': '移除筛选：{{name}}',
    'filters.excludeChosen': '排除所选值',
    'filters.contains': '包含“{{value}}”',
    'filters.blank': '为空',
    'filters.notBlank': '不为空',
    'filters.not': '不是 {{value}}',
    'filters.and': ' 且 ',
    'filters.more': '等 {{count}} 项',
    'filters.yes': '是',
    'filters.no': '否',
  },
  en: {
    'filters.onlyThis': 'Filter by this value',
    'filters.excludeThis': 'Exclude this value',
    'filters.clearColumn': 'Clear filter',
    'filters.clearAll': 'Clear all filters',
    'filters.cellMenu': 'Cell actions',
    'filters.active': 'Filters:',
    'filters.remove': 'Remove filter: {{name}}',
    'filters.excludeChosen': 'Exclude the chosen values',
    'filters.contains': 'contains "{{value}}"',
    'filters.blank': 'empty',
    'filters.notBlank': 'not empty',
    'filters.not': 'not {{value}}',
    'filters.and': ' and ',
    'filters.more': '+{{count}} more',
    'filters.yes': 'Yes',
    'filters.no': 'No',
  },
};
