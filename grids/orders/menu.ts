import { defineMenuGroup } from '../../src/model/menus';

/** The hand-made allocation workbench (src/client/pages/allocation), registered by the shell's routes. */
export const ALLOCATION_WORKBENCH_PATH = '/scm/page/allocation-workbench';

/**
 * Orders and demand allocation (spec 2 business: large-goods requirement orders, customer orders,
 * demand allocation, vendor capacity, capacity groups; admin: cycle calendar). Entry codes are unique
 * within the group; the pages' own menu codes carry the permissions. The pages put themselves in
 * the group (their `menu`); only the hand-made workbench is listed here.
 */
export const ordersMenu = defineMenuGroup({
  code: 'orders',
  // Orders between brands and makers and their allocation are supply collaboration (SRM); the
  // factory and print centres show them not (spec: platform selector, menus follow the platform).
  platforms: ['SRM'],
  // Brands raise and allocate requirement orders, makers take them and allocate their own demand;
  // suppliers sell materials and see none of it.
  companies: ['brand', 'maker'],
  title: { zh: '订单与需求分配', en: 'Orders and allocation' },
  icon: 'production',
  entries: [{ code: 'scm.allocation.workbench', furl: ALLOCATION_WORKBENCH_PATH, title: { zh: '需求分配工作台', en: 'Allocation workbench' }, order: 30 }],
});
