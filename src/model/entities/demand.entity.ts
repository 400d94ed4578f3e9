import { defineDictionary } from '../dictionaries';
import { defineEntity } from '../entity';

/** Selling seasons (DOMAIN: brands order seasonally, spring/summer and autumn/winter). */
export const season = defineDictionary({
  code: 'season',
  label: { zh: '季节', en: 'Season' },
  items: [
    { value: 'SS', label: { zh: '春夏', en: 'Spring/summer' } },
    { value: 'AW', label: { zh: '秋冬', en: 'Autumn/winter' } },
    { value: 'ALL', label: { zh: '四季', en: 'All seasons' } },
  ],
});

/**
 * A demand line (spec 3: year, season, month, series, category, plan SKU, plan qty, plan amount) of
 * an allocation version: each version holds its own demand, so a published version keeps exactly
 * the demand it was planned on, and a copy starts from it.
 */
export const demand = defineEntity({
  name: 'demand',
  table: 'scm_demand',
  prefix: 'scmapi',
  menuCode: 'scm.allocation',
  label: { zh: '需求', en: 'Demand' },
  titleField: 'plan_sku',
  defaultSort: { field: 'month', dir: 'asc' },
  fields: [
    // Read-only with a published or archived version; removed with its version (src/server/resources/held-lines.ts).
    {
      key: 'version_id',
      label: { zh: '分配版本', en: 'Allocation version' },
      type: 'reference',
      ref: { entity: 'allocationversion', labelField: 'version_code', codeField: 'version_code', lockedWith: { message: 'scm.version.readOnly' }, onTargetRemoved: 'remove' },
      required: true,
    },
    // The year is the month's: set by the server from the month, never typed apart from it.
    { key: 'year', label: { zh: '年份', en: 'Year' }, type: 'integer', readonly: true, grouping: false },
    { key: 'season', label: { zh: '季节', en: 'Season' }, type: 'dict', dict: 'season' },
    // Within its version's months (a month outside them could never be allocated).
    { key: 'month', label: { zh: '月份', en: 'Month' }, type: 'month', required: true, within: { ref: 'version_id', from: 'month_from', to: 'month_to', message: 'scm.alloc.reason.cycle_out_of_range' } },
    { key: 'series', label: { zh: '系列', en: 'Series' }, type: 'text', maxLength: 60 },
    { key: 'category', label: { zh: '品类', en: 'Category' }, type: 'dict', dict: 'product_category', required: true },
    { key: 'plan_sku', label: { zh: '计划SKU', en: 'Plan SKU' }, type: 'text', maxLength: 60 },
    { key: 'plan_qty', label: { zh: '计划数量', en: 'Plan qty' }, type: 'integer', required: true, rules: ['naturalNumber'] },
    { key: 'plan_amount', label: { zh: '计划金额', en: 'Plan amount' }, type: 'money', rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'text', maxLength: 200 },
  ],
});
