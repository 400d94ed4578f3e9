import { definePage } from '../../src/model';
import { FINANCE_ROLES } from './menu';

/** The rate table (issue 18): one rate to CNY per currency and month; a statement converts with its period's. */
export const finRatePage = definePage({
  opt: 'finrate',
  cata: 'fin',
  kind: 'index',
  entity: 'finrate',
  menu: { group: 'finance', order: 20, roles: FINANCE_ROLES },
  title: { zh: '期间汇率', en: 'Period rates' },
  purpose: { zh: '每月各币种折人民币的汇率；对账单按对账期间所在月份的汇率折算到对账币种。', en: "Each currency's rate to CNY per month; a statement converts its lines into its currency with the rates of its period's month." },
  columns: [{ field: 'period', width: 120, pinned: 'left' }, { field: 'currency', width: 140 }, { field: 'rate', width: 140 }, { field: 'remark', width: 240 }],
  quickSearch: ['currency', 'period'],
  form: [
    {
      modelName: 'base',
      title: { zh: '汇率', en: 'Rate' },
      form: [{ field: 'period', spanClass: 'third' }, { field: 'currency', spanClass: 'third' }, { field: 'rate', spanClass: 'third' }, { field: 'remark', spanClass: 'full' }],
    },
  ],
});
