import type { CatalogPart } from './types';

/** Spreadsheet keys in editable grids (issue 21): what a paste or fill that refused cells says. */
export const spreadsheet: CatalogPart = {
  'zh-CN': {
    'grid.pasteRefused': '{{count}} 个单元格未写入（已标红）：{{message}}',
  },
  en: {
    'grid.pasteRefused': '{{count}} cell(s) not written (marked in red): {{message}}',
  },
};
