import { getEntity, getReport, type Label } from '../../../../model';
import { filterChips } from '../../../../model/list-filters';
import { DESIGNER_WORDS } from '../designer-words';

/** The alert screen's texts (zh-CN first, en). */
export const A = {
  ...DESIGNER_WORDS,
  title: { zh: '指标预警', en: 'Figure alerts' },
  explain: {
    zh: '选择报表数据集的指标、条件和接收人：数据变化后立即计算，越过阈值时通知一次（铃铛，及按消息设置的邮件或企业微信/钉钉），再次通知须先回到阈值另一侧。',
    en: 'Pick a dataset’s measure, a condition and recipients: it is measured as soon as the data changes and tells once per crossing (the bell, and mail or workplace chat by the notice settings); telling again needs it to go back first.',
  },
  add: { zh: '新建预警', en: 'New alert' },
  confirmRemove: { zh: '确定删除预警「{name}」？', en: 'Remove the alert "{name}"?' },
  empty: { zh: '还没有预警。可在此新建，或在控制塔的图表上点击铃铛图标。', en: 'No alert yet. Add one here, or with the bell on a control tower chart.' },
  name: { zh: '预警名称', en: 'Name' },
  condition: { zh: '条件', en: 'Condition' },
  threshold: { zh: '阈值', en: 'Threshold' },
  days: { zh: '逾期天数', en: 'Days late' },
  recipients: { zh: '接收人', en: 'Recipients' },
  roles: { zh: '接收角色', en: 'Recipient roles' },
  enabled: { zh: '启用', en: 'Enabled' },
  off: { zh: '已停用', en: 'Off' },
  state: { zh: '状态', en: 'State' },
  value: { zh: '当前值', en: 'Current value' },
  fired: { zh: '最近触发', en: 'Last fired' },
  owner: { zh: '创建人', en: 'Owner' },
  actions: { zh: '操作', en: 'Actions' },
  drill: { zh: '查看明细', en: 'Open the rows' },
  preview: { zh: '当前值：{value}', en: 'Now: {value}' },
  previewAcross: { zh: '当前已越过阈值：回到另一侧后再次越过时才会通知。', en: 'Already across the line now: it tells when it goes back and crosses again.' },
  previewArmed: { zh: '当前未越过阈值。', en: 'Not across the line now.' },
  changedHint: { zh: '与上次通知时的值相比（首次为保存时的值），增减达到阈值即通知。', en: 'Compared with the value last told (at first, the value when saved): a rise or fall by the threshold tells.' },
  lateHint: { zh: '只统计逾期超过所填天数的行，数量高于阈值时通知。', en: 'Counts only rows late by more than the days given; tells when that is above the threshold.' },
  pickUsers: { zh: '输入姓名或账号搜索同事', en: 'Type a name or account to find colleagues' },
  noColleague: { zh: '没有匹配的同事', en: 'No colleague matches' },
  pickRoles: { zh: '选择角色', en: 'Choose roles' },
  times: { zh: '{n} 次', en: '{n} times' },
  never: { zh: '未触发', en: 'Never' },
  backToTower: { zh: '控制塔', en: 'Control tower' },
  tile: { zh: '指标卡（可选）', en: 'Tile (optional)' },
  noTile: { zh: '不使用指标卡：选择报表指标', en: 'No tile: pick a report figure' },
  tileHint: { zh: '监控指标卡的数值：其指标、汇总方式、筛选条件与期间均取自指标卡（按创建人的权限计算）。', en: 'Watches the tile’s figure: its measure, aggregation, filters and period are the tile’s (measured with the owner’s rights).' },
  onTile: { zh: '指标卡', en: 'Tile' },
} satisfies Record<string, Label>;

/** A text with its `{name}` parameters filled. */
export const fill = (text: string, params: Record<string, string | number>): string => text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));

/** The filters of an alert in words (field, operator, value), as the drill-down bar states them. */
export function filtersText(report: string, filters: Record<string, string>, tr: (l: Label) => string): string {
  const entity = getReport(report)?.entity ? getEntity(getReport(report)!.entity!) : undefined;
  if (!entity || !Object.keys(filters).length) return tr(A.noFilters);
  return filterChips(entity, filters).map((c) => tr(c.text)).join('；');
}
