import type { CatalogPart } from './types';

/** Spreadsheet keys in editable grids (issue 21): what a paste or fill that refused cells says. */
export const spreadsheet: CatalogPart = {
  'zh-CN': {
    'grid.pasteRefused': '{{count}} 个单元格未写入（已标红）：{{message}}',
    'grid.readonlyCell': '该列由系统计算，不能填写',
  },
  en: {
    'grid.pasteRefused': '{{count}} cell(s) not written (marked in red): {{message}}',
    'grid.readonlyCell': 'This column is computed and cannot be typed in',
  },
};
