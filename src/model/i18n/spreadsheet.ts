import type { CatalogPart } from './types';

/** Spreadsheet keys in editable grids (issue 21): what a paste or fill that refused cells says. */
export const spreadsheet: CatalogPart = {
  'zh-CN': {
    'grid.pasteRefused': '{{count}} 个单元格未写入（已标红）：{{message}}',
    'grid.readonlyCell': '该列由系统计算，不能填写',
    'grid.pasteKept': '{{count}} 个单元格不符合规则，已保留所填内容并标红（保存前请改正）：{{message}}',
  },
  en: {
    'grid.pasteRefused': '{{count}} cell(s) not written (marked in red): {{message}}',
    'grid.readonlyCell': 'This column is computed and cannot be typed in',
    'grid.pasteKept': '{{count}} cell(s) break a rule: kept as pasted and marked in red (correct them before saving): {{message}}',
  },
};
