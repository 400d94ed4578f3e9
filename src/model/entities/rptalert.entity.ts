import { defineDictionary } from '../dictionaries';
import { defineEntity, type Label } from '../entity';
import { ALERT_CONDITIONS, type AlertCondition } from '../alerts';

// The conditions (model/alerts.ts's), labelled once here.
const CONDITIONS: Record<AlertCondition, Label> = {
  above: { zh: '高于', en: 'Above' },
  below: { zh: '低于', en: 'Below' },
  changed_by: { zh: '变化达到', en: 'Changed by' },
  late_by: { zh: '逾期超过（天）', en: 'Late by more than (days)' },
};
defineDictionary({
  code: 'rpt_alert_condition',
  label: { zh: '预警条件', en: 'Alert condition' },
  items: ALERT_CONDITIONS.map((value) => ({ value, label: CONDITIONS[value] })),
});

/**
 * A figure alert of a company (issue 34, docs/architecture-alerts.md): a declared report's measure
 * (`report`, `measure`) under the report's filters (`filters`: the list's `f.<field>.<op>` parameters,
 * e.g. a tile's), a condition with its threshold (and days for `late_by`), the recipients (users and
 * role codes of the company), and the evaluation's state (last value, baseline, crossed or not),
 * which the server keeps. The owner is its creator: the figure is measured with the owner's grants
 * and data permissions. The engine's list and drawer (grids/reports/alerts.grid.ts), saved and removed
 * through the document writer; its save hook (src/server/services/reports/alerts.service.ts) checks
 * the report, the measure, the filters and the recipients against the saver's grants and measures
 * the figure at once.
 */
export const rptAlert = defineEntity({
  name: 'rptalert',
  table: 'rpt_alert',
  prefix: 'rptapi',
  menuCode: 'rpt.alerts',
  label: { zh: '指标预警', en: 'Figure alert' },
  titleField: 'name',
  defaultSort: { field: 'id', dir: 'desc' },
  fields: [
    { key: 'name', label: { zh: '预警名称', en: 'Name' }, type: 'text', required: true, maxLength: 100, trim: true },
    // Required unless the alert watches a tile (then the tile's): the save hook says which is missing.
    { key: 'report', label: { zh: '数据集', en: 'Dataset' }, type: 'dict', dict: 'rpt_dataset' },
    { key: 'measure', label: { zh: '指标', en: 'Measure' }, type: 'text', maxLength: 60 },
    // A designed tile the alert watches (issue 34): its measure under its filters and period, as the owner sees the tile; report and measure are the tile's.
    { key: 'tile_id', label: { zh: '指标卡', en: 'Tile' }, type: 'reference', ref: { entity: 'rpttile', labelField: 'name', onTargetRemoved: 'keep' } },
    { key: 'filters', label: { zh: '筛选条件', en: 'Filters' }, type: 'json' },
    { key: 'condition', label: { zh: '条件', en: 'Condition' }, type: 'dict', dict: 'rpt_alert_condition', required: true, default: 'above' },
    { key: 'threshold', label: { zh: '阈值', en: 'Threshold' }, type: 'decimal', required: true },
    { key: 'days', label: { zh: '逾期天数', en: 'Days late' }, type: 'integer' },
    { key: 'recipient_users', label: { zh: '接收人', en: 'Recipients' }, type: 'json' },
    { key: 'recipient_roles', label: { zh: '接收角色', en: 'Recipient roles' }, type: 'json' },
    { key: 'enabled', label: { zh: '启用', en: 'Enabled' }, type: 'boolean', default: true },
    // Its options are the states below (labels and colours: the alert list's badges read them there).
    { key: 'alert_state', label: { zh: '状态', en: 'State' }, type: 'dict', readonly: true },
    { key: 'last_value', label: { zh: '当前值', en: 'Last value' }, type: 'decimal', readonly: true },
    { key: 'baseline', label: { zh: '基准值', en: 'Baseline' }, type: 'decimal', readonly: true },
    { key: 'checked_at', label: { zh: '最近计算', en: 'Last measured' }, type: 'datetime', readonly: true },
    { key: 'fired_at', label: { zh: '最近触发', en: 'Last fired' }, type: 'datetime', readonly: true },
    { key: 'fired_count', label: { zh: '触发次数', en: 'Times fired' }, type: 'integer', readonly: true },
  ],
  // Kept by the evaluation (alerts.service.ts: measured at the save, then on each change of its data), never by an action.
  states: {
    field: 'alert_state',
    initial: 'armed',
    states: [
      { code: 'armed', label: { zh: '未触发', en: 'Not crossed' }, color: 'success' },
      { code: 'crossed', label: { zh: '已触发', en: 'Crossed' }, color: 'danger' },
      { code: 'error', label: { zh: '无法计算', en: 'Cannot be measured' }, color: 'warning' },
    ],
    transitions: [],
  },
  messages: {
    'zh-CN': {
      'alert.notice.title': '预警：{{name}}',
      'alert.notice.above': '{{measure}}为 {{value}}，高于 {{threshold}}。',
      'alert.notice.below': '{{measure}}为 {{value}}，低于 {{threshold}}。',
      'alert.notice.changed_by': '{{measure}}由 {{baseline}} 变为 {{value}}，变化达到 {{threshold}}。',
      'alert.notice.late_by': '逾期超过 {{days}} 天的{{measure}}为 {{value}}，高于 {{threshold}}。',
      'alert.unknownReport': '请选择可用的数据集',
      'alert.unknownMeasure': '请选择该数据集的指标',
      'alert.noLateMeasure': '该指标不支持"逾期超过"条件',
      'alert.daysRequired': '请填写逾期天数（0-365）',
      'alert.badFilter': '筛选条件不属于该数据集：{{filter}}',
      'alert.noRecipients': '请至少选择一个接收人或接收角色',
      'alert.badRecipient': '接收人须为本企业的用户',
      'alert.badRole': '接收角色不存在：{{role}}',
      'alert.thresholdNumber': '请填写数字阈值',
      'alert.unknownTile': '请选择您看板上的指标卡',
      'alert.tileLateBy': '指标卡预警不支持"逾期超过"条件',
      // The alert screen's own words (its fields' labels are the fields').
      'alert.ui.preview': '当前值：{{value}}',
      'alert.ui.previewAcross': '当前已越过阈值：回到另一侧后再次越过时才会通知。',
      'alert.ui.previewArmed': '当前未越过阈值。',
      'alert.ui.changedHint': '与上次通知时的值相比（首次为保存时的值），增减达到阈值即通知。',
      'alert.ui.lateHint': '只统计逾期超过所填天数的行，数量高于阈值时通知。',
      'alert.ui.drill': '查看明细',
      'alert.ui.backToTower': '控制塔',
      'alert.ui.noTile': '不使用指标卡：选择报表指标',
      'alert.ui.tileHint': '监控指标卡的数值：其指标、汇总方式、筛选条件与期间均取自指标卡（按创建人的权限计算）。',
    },
    en: {
      'alert.notice.title': 'Alert: {{name}}',
      'alert.notice.above': '{{measure}} is {{value}}, above {{threshold}}.',
      'alert.notice.below': '{{measure}} is {{value}}, below {{threshold}}.',
      'alert.notice.changed_by': '{{measure}} went from {{baseline}} to {{value}}, a change of at least {{threshold}}.',
      'alert.notice.late_by': '{{measure}} late by more than {{days}} days is {{value}}, above {{threshold}}.',
      'alert.unknownReport': 'Choose a dataset you can read',
      'alert.unknownMeasure': 'Choose a measure of this dataset',
      'alert.noLateMeasure': 'This measure has no "late by" rule',
      'alert.daysRequired': 'Enter the days late (0-365)',
      'alert.badFilter': 'This filter is not one of the dataset\'s: {{filter}}',
      'alert.noRecipients': 'Choose at least one recipient or role',
      'alert.badRecipient': 'Recipients must be users of your company',
      'alert.badRole': 'No such role: {{role}}',
      'alert.thresholdNumber': 'Enter a number',
      'alert.unknownTile': 'Choose a tile on your dashboard',
      'alert.tileLateBy': 'An alert on a tile has no "late by" condition',
      'alert.ui.preview': 'Now: {{value}}',
      'alert.ui.previewAcross': 'Already across the line now: it tells when it goes back and crosses again.',
      'alert.ui.previewArmed': 'Not across the line now.',
      'alert.ui.changedHint': 'Compared with the value last told (at first, the value when saved): a rise or fall by the threshold tells.',
      'alert.ui.lateHint': 'Counts only rows late by more than the days given; tells when that is above the threshold.',
      'alert.ui.drill': 'Open the rows',
      'alert.ui.backToTower': 'Control tower',
      'alert.ui.noTile': 'No tile: pick a report figure',
      'alert.ui.tileHint': 'Watches the tile’s figure: its measure, aggregation, filters and period are the tile’s (measured with the owner’s rights).',
    },
  },
});
