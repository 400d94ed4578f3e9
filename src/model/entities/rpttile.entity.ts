import { defineDictionary } from '../dictionaries';
import { defineEntity, type Label } from '../entity';
import { TILE_AGGS, TILE_CHARTS, TILE_PERIODS, type TileAgg, type TileChart, type TilePeriod } from '../tiles';

// The designer's options (the values are model/tiles.ts's), labelled once here: the designer reads them through the dictionaries (dictValueLabel).
const CHARTS: Record<TileChart, Label> = {
  number: { zh: '数字与趋势', en: 'Number with trend' },
  line: { zh: '折线图', en: 'Line' },
  bar: { zh: '柱状图', en: 'Bar' },
  stacked: { zh: '堆叠柱状图', en: 'Stacked bar' },
  pie: { zh: '饼图', en: 'Pie' },
  heatmap: { zh: '热力图', en: 'Heatmap' },
  table: { zh: '表格', en: 'Table' },
};
const AGGS: Record<TileAgg, Label> = {
  count: { zh: '计数', en: 'Count' },
  sum: { zh: '合计', en: 'Sum' },
  avg: { zh: '平均', en: 'Average' },
  min: { zh: '最小值', en: 'Minimum' },
  max: { zh: '最大值', en: 'Maximum' },
  ratio: { zh: '比率', en: 'Ratio' },
};
const PERIODS: Record<TilePeriod, Label> = {
  all: { zh: '不限', en: 'Any time' },
  month: { zh: '本月', en: 'This month' },
  last_month: { zh: '上月', en: 'Last month' },
  quarter: { zh: '本季度', en: 'This quarter' },
  year: { zh: '本年', en: 'This year' },
  last_30_days: { zh: '近 30 天', en: 'Last 30 days' },
  last_12_months: { zh: '近 12 个月', en: 'Last 12 months' },
};
defineDictionary({ code: 'rpt_tile_chart', label: { zh: '图表类型', en: 'Chart type' }, items: TILE_CHARTS.map((value) => ({ value, label: CHARTS[value] })) });
defineDictionary({ code: 'rpt_tile_agg', label: { zh: '汇总方式', en: 'Aggregation' }, items: TILE_AGGS.map((value) => ({ value, label: AGGS[value] })) });
defineDictionary({ code: 'rpt_tile_period', label: { zh: '期间', en: 'Period' }, items: TILE_PERIODS.map((value) => ({ value, label: PERIODS[value] })) });
defineDictionary({
  code: 'rpt_tile_scope',
  label: { zh: '看板', en: 'Dashboard' },
  items: [
    { value: 'company', label: { zh: '企业看板', en: 'Company dashboard' } },
    { value: 'personal', label: { zh: '个人看板', en: 'Personal dashboard' } },
  ],
});

/**
 * A tile a company builds (issue 34, docs/architecture-dashboards.md "Tile designer"): a declared
 * report dataset's measure with its aggregation, grouping, the report's filters, a period on one of
 * its date fields, a chart, thresholds and a colour; on the company dashboard (shared with roles, none:
 * everyone who may read the dataset) or the creator's personal one. Listed, saved and removed by the
 * generic resource API and the designer page (grids/reports/tiles.grid.ts): a designer reads and
 * writes the company's tiles and only its own personal ones (`personal.sharedWhen`, applied in SQL);
 * every save is checked against the dataset's declaration by the save hook in
 * src/server/services/reports/tiles.service.ts. Run as the viewer through the report engine, so
 * tenant and data permissions are the list's.
 */
export const rptTile = defineEntity({
  name: 'rpttile',
  table: 'rpt_tile',
  prefix: 'rptapi',
  menuCode: 'rpt.tiles',
  label: { zh: '指标卡', en: 'Tile' },
  titleField: 'name',
  personal: { sharedWhen: { field: 'scope', values: ['company'] } },
  defaultSort: { field: 'sort_no', dir: 'asc' },
  fields: [
    { key: 'name', label: { zh: '名称', en: 'Name' }, type: 'text', required: true, maxLength: 60, trim: true },
    { key: 'scope', label: { zh: '看板', en: 'Dashboard' }, type: 'dict', dict: 'rpt_tile_scope', required: true, default: 'company' },
    { key: 'share_roles', label: { zh: '共享角色', en: 'Shared with roles' }, type: 'json' },
    { key: 'report', label: { zh: '数据集', en: 'Dataset' }, type: 'dict', dict: 'rpt_dataset', required: true },
    { key: 'measure', label: { zh: '指标', en: 'Measure' }, type: 'text', required: true, maxLength: 60 },
    { key: 'aggregation', label: { zh: '汇总方式', en: 'Aggregation' }, type: 'dict', dict: 'rpt_tile_agg', required: true },
    { key: 'group_by', label: { zh: '分组', en: 'Group by' }, type: 'json' },
    { key: 'filters', label: { zh: '筛选条件', en: 'Filters' }, type: 'json' },
    { key: 'period', label: { zh: '期间', en: 'Period' }, type: 'dict', dict: 'rpt_tile_period', default: 'all' },
    { key: 'period_field', label: { zh: '期间字段', en: 'Period field' }, type: 'text', maxLength: 60 },
    { key: 'chart', label: { zh: '图表类型', en: 'Chart type' }, type: 'dict', dict: 'rpt_tile_chart', required: true },
    { key: 'thresholds', label: { zh: '阈值', en: 'Thresholds' }, type: 'json' },
    { key: 'color', label: { zh: '颜色', en: 'Colour' }, type: 'text', maxLength: 7 },
    { key: 'span', label: { zh: '宽度', en: 'Width' }, type: 'integer', default: 1 },
    { key: 'sort_no', label: { zh: '顺序', en: 'Order' }, type: 'integer', default: 0 },
  ],
  messages: {
    'zh-CN': {
      'tile.unknownReport': '请选择可用的数据集',
      'tile.unknownMeasure': '数据集没有该指标：{{measure}}',
      'tile.badAggregation': '该指标不支持此汇总方式',
      'tile.badChart': '请选择图表类型',
      'tile.unknownDimension': '数据集没有该分组字段：{{dimension}}',
      'tile.groupCount': '该图表需要 {{min}}–{{max}} 个分组',
      'tile.badFilter': '筛选条件不属于该数据集：{{filter}}',
      'tile.badPeriod': '请选择期间',
      'tile.badPeriodField': '请选择期间所依据的日期字段',
      'tile.badThreshold': '阈值须为数字并选择颜色（最多 5 个）',
      'tile.badColor': '颜色格式须为 #RRGGBB',
      'tile.badRole': '共享角色不存在：{{role}}',
      'tile.badScope': '请选择企业看板或个人看板',
      'tile.badSpan': '宽度须为 1–3 列',
      // The designer's own words (the tower's are tile-texts.ts: its first paint loads no entity).
      'tile.ui.add': '新建指标卡',
      'tile.ui.groupBy': '分组',
      'tile.ui.splitBy': '拆分',
      'tile.ui.none': '（无）',
      'tile.ui.addThreshold': '添加阈值',
      'tile.ui.color': '主色',
      'tile.ui.preview': '实时预览',
      'tile.ui.previewHint': '选择数据集和指标后显示预览。',
      'tile.ui.previewError': '无法预览：{{error}}',
      'tile.ui.backToTower': '控制塔',
    },
    en: {
      'tile.unknownReport': 'Choose a dataset you can read',
      'tile.unknownMeasure': 'The dataset has no measure {{measure}}',
      'tile.badAggregation': 'This measure cannot be aggregated so',
      'tile.badChart': 'Choose a chart type',
      'tile.unknownDimension': 'The dataset has no grouping {{dimension}}',
      'tile.groupCount': 'This chart takes {{min}}–{{max}} groupings',
      'tile.badFilter': 'This filter is not one of the dataset\'s: {{filter}}',
      'tile.badPeriod': 'Choose a period',
      'tile.badPeriodField': 'Choose the date the period applies to',
      'tile.badThreshold': 'Thresholds are numbers with a colour (at most 5)',
      'tile.badColor': 'A colour is #RRGGBB',
      'tile.badRole': 'No such role: {{role}}',
      'tile.badScope': 'Choose the company or the personal dashboard',
      'tile.badSpan': 'The width is 1–3 columns',
      'tile.ui.add': 'New tile',
      'tile.ui.groupBy': 'Group by',
      'tile.ui.splitBy': 'Split by',
      'tile.ui.none': '(none)',
      'tile.ui.addThreshold': 'Add a threshold',
      'tile.ui.color': 'Colour',
      'tile.ui.preview': 'Live preview',
      'tile.ui.previewHint': 'Choose a dataset and a measure to see the preview.',
      'tile.ui.previewError': 'No preview: {{error}}',
      'tile.ui.backToTower': 'Control tower',
    },
  },
});
