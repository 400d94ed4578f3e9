import { defineReport } from '../../src/model';
import { READERS } from '../menu';

/**
 * Open exception tickets by age (server query `open-exceptions`): the company's own tickets in
 * progress or closing, in age bands since they were raised (up to 3 days, 4 to 7, 8 to 14, over 14),
 * with their level and category, and the deduct amounts at stake. Tickets another company raised on
 * a shared document are that company's records (the ticket screens show both sides; a report counts
 * its own company's rows, as lists do).
 */
export const openExceptions = defineReport({
  name: 'open-exceptions',
  title: { zh: '未关闭异常（按账龄）', en: 'Open exceptions by age' },
  menu: { order: 95, roles: READERS.withFinance },
  entity: 'ticket',
  query: 'open-exceptions',
  chart: 'stackedBar',
  chartMeasures: ['tickets'],
  defaultGroup: ['age', 'level'],
  companies: ['brand', 'maker', 'supplier'],
  noDrill: true,
  dimensions: [
    {
      key: 'age',
      field: 'age',
      noDrill: true,
      label: { zh: '账龄', en: 'Age' },
      values: {
        '1': { zh: '3天内', en: 'Up to 3 days' },
        '2': { zh: '4-7天', en: '4 to 7 days' },
        '3': { zh: '8-14天', en: '8 to 14 days' },
        '4': { zh: '超过14天', en: 'Over 14 days' },
      },
    },
    { key: 'level', field: 'level', label: { zh: '异常等级', en: 'Level' } },
    { key: 'category', field: 'category', label: { zh: '异常类别', en: 'Category' } },
  ],
  measures: [
    { key: 'tickets', agg: 'sum', field: 'tickets', label: { zh: '异常单数', en: 'Tickets' }, format: 'integer' },
    { key: 'deduct', agg: 'sum', field: 'deduct', label: { zh: '扣款金额', en: 'Deduct amount' }, format: 'money' },
  ],
  filters: ['level', 'category', 'status', 'created_by'],
});
