/**
 * The words the alert screen and the tile designer share (zh-CN first, en): their list actions, the
 * drawer's buttons and the dataset, measure and filter fields both compose over a declared report.
 */
export const DESIGNER_WORDS = {
  edit: { zh: '编辑', en: 'Edit' },
  remove: { zh: '删除', en: 'Remove' },
  removed: { zh: '已删除', en: 'Removed' },
  saved: { zh: '已保存', en: 'Saved' },
  dataset: { zh: '数据集', en: 'Dataset' },
  measure: { zh: '指标', en: 'Measure' },
  filters: { zh: '筛选条件', en: 'Filters' },
  noFilters: { zh: '全部数据', en: 'All rows' },
  cancel: { zh: '取消', en: 'Cancel' },
  save: { zh: '保存', en: 'Save' },
} as const;
