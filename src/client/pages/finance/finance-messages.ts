import i18next from 'i18next';
import { registerCatalogPart, type CatalogPart } from '../../../model/i18n';

/** The words of the statement drawer's own buttons (zh-CN first); everything else is the entity's. */
export const financeMessages: CatalogPart = {
  'zh-CN': {
    'fin.page.confirm': '确认对账单',
    'fin.page.acceptDiff': '接受差异（{{n}} 行未说明）',
    'fin.page.excel': '导出 Excel',
    'fin.page.print': '打印',
  },
  en: {
    'fin.page.confirm': 'Confirm statement',
    'fin.page.acceptDiff': 'Accept differences ({{n}} unexplained)',
    'fin.page.excel': 'Export to Excel',
    'fin.page.print': 'Print',
  },
};

registerCatalogPart(financeMessages);
// The shell's i18next was initialised before this chunk loaded: add the words to it too.
if (i18next.isInitialized) for (const [lng, words] of Object.entries(financeMessages)) i18next.addResourceBundle(lng, 'translation', words, true, false);
