import { getEntity, getReport, type Label } from '../../../../model';
import { filterChips } from '../../../../model/list-filters';
import { DESIGNER_WORDS } from '../designer-words';

/** The alert drawer's own words (zh-CN first, en); its fields' labels are the rptalert entity's. */
export const A = {
  ...DESIGNER_WORDS,
  preview: { zh: '当前值：{value}', en: 'Now: {value}' },
  previewAcross: { zh: '当前已越过阈值：回到另一侧后再次越过时才会通知。', en: 'Already across the line now: it tells when it goes back and crosses again.' },
  previewArmed: { zh: '当前未越过阈值。', en: 'Not across the line now.' },
  changedHint: { zh: '与上次通知时的值相比（首次为保存时的值），增减达到阈值即通知。', en: 'Compared with the value last told (at first, the value when saved): a rise or fall by the threshold tells.' },
  lateHint: { zh: '只统计逾期超过所填天数的行，数量高于阈值时通知。', en: 'Counts only rows late by more than the days given; tells when that is above the threshold.' },
  drill: { zh: '查看明细', en: 'Open the rows' },
  pickUsers: { zh: '输入姓名或账号搜索同事', en: 'Type a name or account to find colleagues' },
  noColleague: { zh: '没有匹配的同事', en: 'No colleague matches' },
  backToTower: { zh: '控制塔', en: 'Control tower' },
  noTile: { zh: '不使用指标卡：选择报表指标', en: 'No tile: pick a report figure' },
  tileHint: { zh: '监控指标卡的数值：其指标、汇总方式、筛选条件与期间均取自指标卡（按创建人的权限计算）。', en: 'Watches the tile’s figure: its measure, aggregation, filters and period are the tile’s (measured with the owner’s rights).' },
} satisfies Record<string, Label>;

/** A text with its `{name}` parameters filled. */
export const fill = (text: string, params: Record<string, string | number>): string => text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));

/** The filters of an alert in words (field, operator, value), as the drill-down bar states them. */
export function filtersText(report: string, filters: Record<string, string>, tr: (l: Label) => string): string {
  const entity = getReport(report)?.entity ? getEntity(getReport(report)!.entity!) : undefined;
  if (!entity || !Object.keys(filters).length) return tr(A.noFilters);
  return filterChips(entity, filters).map((c) => tr(c.text)).join('；');
}
