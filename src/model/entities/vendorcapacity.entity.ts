import { defineEntity, type FieldErrors } from '../entity';

/**
 * Vendor capacity (spec 3: cycle, capacity, group, plant): how many pieces a vendor can make for one
 * capacity group in one cycle (a month 'YYYY-MM' or an ISO week 'YYYY-Www' of the cycle calendar).
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
    { key: 'vendor_id', label: { zh: '供应商', en: 'Vendor' }, type: 'reference', ref: { entity: 'vendor', labelField: 'name', codeField: 'code' }, required: true, list: true },
    { key: 'group_id', label: { zh: '产能组', en: 'Capacity group' }, type: 'reference', ref: { entity: 'capacitygroup', labelField: 'name', codeField: 'code' }, required: true, list: true },
    { key: 'plant', label: { zh: '工厂', en: 'Plant' }, type: 'text', maxLength: 100, list: true },
    { key: 'cycle_type', label: { zh: '周期类型', en: 'Cycle type' }, type: 'dict', dict: 'cycle_type', required: true, default: 'month', list: true },
    { key: 'cycle', label: { zh: '周期', en: 'Cycle' }, type: 'code', required: true, maxLength: 8, list: true, help: { zh: '月：YYYY-MM；周：YYYY-Www', en: 'Month: YYYY-MM; week: YYYY-Www' } },
    { key: 'capacity', label: { zh: '产能（件）', en: 'Capacity (pcs)' }, type: 'integer', required: true, rules: ['naturalNumber'], list: true },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'text', maxLength: 200 },
  ],
  checks: [
    // The cycle code must match its type, so that capacity and demand meet on the same cycle keys.
    (doc): FieldErrors => {
      const c = doc.cycle;
      if (typeof c !== 'string' || c === '') return {};
      const ok = doc.cycle_type === 'week' ? /^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/.test(c) : /^\d{4}-(0[1-9]|1[0-2])$/.test(c);
      return ok ? {} : { cycle: 'scm.capacity.badCycle' };
    },
  ],
});
