import { defineMenuGroup, TENANT_KINDS } from '../../src/model';

/**
 * The master-data menu group, on every platform (spec 1: master data serves all sides). Its entries
 * are the pages that name this group in their `menu` (customer, vendor, material, ...).
 */
export const masterdataMenu = defineMenuGroup({
  code: 'masterdata',
  platforms: '*',
  // Business data of the companies; the platform operator keeps none.
  companies: TENANT_KINDS,
  title: { zh: '主数据', en: 'Master data' },
  icon: 'masterdata',
  entries: [],
});
