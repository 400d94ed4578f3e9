import { defineEntity, type FieldErrors } from '../entity';

/**
 * Vendor capacity (spec 3: cycle, capacity, group, plant): how many pieces a vendor can make for one
 * capacity group in one cycle: a month, or an ISO week 'YYYY-Www' of the cycle calendar (then the
 * month is the one the week starts in). Allocation versions plan by month.
 * The allocation never places more than this on the vendor x group x cycle.
 */
export const vendorCapacity = defineEntity({
  name: 'vendorcapacity',
  table: 'scm_vendor_capacity',
  prefix: 'scmapi',
  menuCode: 'scm.vendorcapacity',
  label: { zh: '供应商产能', en: 'Vendor capacity' },
  titleField: 'cycle',
  defaultSort: { field: 'cycle', dir: 'asc' },
  fields: [
    { key: 'vendor_id', label: { zh: '供应商', en: 'Vendor' }, type: 'reference', ref: { entity: 'vendor', labelField: 'name', codeField: 'code' }, required: true },
    { key: 'group_id', label: { zh: '产能组', en: 'Capacity group' }, type: 'reference', ref: { entity: 'capacitygroup', labelField: 'name', codeField: 'code' }, required: true },
    { key: 'plant', label: { zh: '工厂', en: 'Plant' }, type: 'text', maxLength: 100 },
    { key: 'cycle_type', label: { zh: '周期类型', en: 'Cycle type' }, type: 'dict', dict: 'cycle_type', required: true, default: 'month' },
    { key: 'cycle', label: { zh: '月份', en: 'Month' }, type: 'month', required: true, help: { zh: '按周计划时为该周开始的月份', en: 'For a weekly cycle, the month the week starts in' } },
    { key: 'week', label: { zh: '周', en: 'Week' }, type: 'code', maxLength: 8, help: { zh: '按周计划时填写，格式 YYYY-Www', en: 'For a weekly cycle, as YYYY-Www' } },
    { key: 'capacity', label: { zh: '产能（件）', en: 'Capacity (pcs)' }, type: 'integer', required: true, rules: ['naturalNumber'] },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'text', maxLength: 200 },
  ],
  checks: [
    // A weekly cycle names its ISO week, so that capacity and demand meet on the same cycle keys.
    (doc): FieldErrors => {
      const w = doc.week;
      const given = typeof w === 'string' && w !== '';
      if (given && !/^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/.test(w)) return { week: 'scm.capacity.badCycle' };
      return doc.cycle_type === 'week' && !given ? { week: 'scm.capacity.badCycle' } : {};
    },
  ],
});
