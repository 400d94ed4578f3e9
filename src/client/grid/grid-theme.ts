/** The look and the words of every AG Grid of the product (lists, document lines, the workbench). */
import { themeQuartz } from 'ag-grid-community';

/**
 * Rows and headers of every grid by the screen's height: on a short screen (a 1366 x 768 laptop,
 * under 880 px of window) the compact sizes keep at least 15 rows of a list in view below the page's
 * title, tabs and toolbar (issue 32); taller screens keep the roomier ones. Chosen once as the app
 * loads, so a grid never changes its row height under the planner's hands.
 */
export function gridDensity(windowHeight: number): { rowHeight: number; headerHeight: number } {
  return windowHeight < 880 ? { rowHeight: 30, headerHeight: 32 } : { rowHeight: 36, headerHeight: 38 };
}

/** The quartz theme in the product's denim and fonts. */
export const gridTheme = themeQuartz.withParams({
  accentColor: '#2E60B2',
  fontFamily: "'Segoe UI', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', system-ui, sans-serif",
  fontSize: 13,
  headerFontWeight: 600,
  ...gridDensity(typeof window === 'undefined' ? 1080 : window.innerHeight),
});

/** AG Grid's own words in the interface language (filters, menus). */
export const GRID_LOCALE: Record<'zh-CN' | 'en', Record<string, string>> = {
  en: {},
  'zh-CN': {
    contains: '包含',
    equals: '等于',
    notEqual: '不等于',
    lessThan: '小于',
    lessThanOrEqual: '小于等于',
    greaterThan: '大于',
    greaterThanOrEqual: '大于等于',
    inRange: '介于',
    inRangeStart: '从',
    inRangeEnd: '到',
    blank: '为空',
    notBlank: '不为空',
    filterOoo: '筛选…',
    resetFilter: '重置',
    applyFilter: '应用',
    clearFilter: '清除',
    before: '早于',
    after: '晚于',
    loadingOoo: '加载中…',
    noRowsToShow: '暂无数据',
    page: '页',
    of: '/',
    to: '至',
    pinColumn: '固定列',
    pinLeft: '固定在左侧',
    pinRight: '固定在右侧',
    noPin: '取消固定',
    autosizeThisColumn: '自动调整此列',
    autosizeAllColumns: '自动调整所有列',
    resetColumns: '重置列',
    sortAscending: '升序',
    sortDescending: '降序',
    sortUnSort: '取消排序',
    columnFilter: '列筛选',
    columnChooser: '选择列',
    ariaChecked: '已选',
    ariaUnchecked: '未选',
    dateFormatOoo: 'yyyy-mm-dd',
  },
};
