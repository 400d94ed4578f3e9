import { getReport, type Label } from '../../../model';
import { filterControls } from './ReportFilterBar';

/** The report page's words (zh / en). */
export const TEXT: Record<string, Label> = {
  groupBy: { zh: '分组', en: 'Group by' },
  splitBy: { zh: '细分', en: 'Split by' },
  none: { zh: '不细分', en: 'None' },
  measure: { zh: '指标', en: 'Measure' },
  subtotals: { zh: '小计', en: 'Subtotals' },
  total: { zh: '合计', en: 'Total' },
  theme: { zh: '报表主题', en: 'Report theme' },
  exportXlsx: { zh: '导出Excel', en: 'Export to Excel' },
  print: { zh: '打印', en: 'Print' },
  saveImage: { zh: '保存图片', en: 'Save as image' },
  empty: { zh: '所选条件下暂无数据', en: 'No data for these filters' },
  notFound: { zh: '报表不存在', en: 'No such report' },
  drillHint: { zh: '点击图形查看对应单据', en: 'Click a chart element to open its records' },
  allMeasures: { zh: '全部指标', en: 'All measures' },
  filters: { zh: '筛选条件', en: 'Filters' },
  noFilters: { zh: '无（全部数据）', en: 'None (all records)' },
  printedAt: { zh: '生成时间', en: 'Produced' },
  openReport: { zh: '打开报表', en: 'Open the report' },
};

/** Hides the shell around a printed report document (print CSS). */
export const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  .report-document, .report-document * { visibility: visible !important; }
  .report-document { position: absolute !important; left: 0; top: 0; width: 100%; padding: 0 !important; }
  .report-noprint { display: none !important; }
  @page { margin: 14mm; }
}`;

/** The report's filters in the URL as "label: value" lines (a document says what it was made of). */
export function filterLines(report: NonNullable<ReturnType<typeof getReport>>, base: Record<string, string>, tr: (l: Label | string) => string): string[] {
  const controls = new Map(filterControls(report).map((c) => [c.field, c]));
  const labels = new Map([...controls].map(([field, c]) => [field, tr(c.label)]));
  // The period of a report that takes one (issue 35) is one line: from ~ to.
  const period = report.period && base['p.from'] && base['p.to'] ? [`${tr(report.period.label)}: ${base['p.from']} ~ ${base['p.to']}`] : [];
  return [...period, ...Object.entries(base).filter(([key]) => !key.startsWith('p.')).map(([key, value]) => {
    const [, field = key, op = ''] = key.split('.');
    const control = controls.get(field);
    // Choices by their names (进行中, not in_progress), ranges as from ~ to.
    const named = control?.kind === 'choice' ? value.split(',').map((v) => { const o = control.options.find((x) => x.value === v); return o ? tr(o.label) : v; }).join(', ') : value;
    const shown = op === 'between' ? named.replace(',', ' ~ ') : named;
    return `${labels.get(field) ?? field}${op === 'between' || op === 'eq' || op === 'in' ? '' : ` (${op})`}: ${shown}`;
  })];
}
