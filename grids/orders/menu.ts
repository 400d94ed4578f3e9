import { defineMenuGroup, pageRoute } from '../../src/model';
import { allocationVersionPage, demandPage } from './allocation.grid';
import { capacityGroupPage, cycleCalendarPage, vendorCapacityPage } from './capacity.grid';
import { customerOrderPage } from './customerorder.grid';
import { prOrderPage } from './prorder.grid';

/** The hand-made allocation workbench (src/client/pages/allocation), registered by the shell's routes. */
export const ALLOCATION_WORKBENCH_PATH = '/scm/page/allocation-workbench';

/**
 * Orders and demand allocation (spec 2 business: large-goods requirement orders, customer orders,
 * demand allocation, vendor capacity, capacity groups; admin: cycle calendar). Entry codes are unique
 * within the group; the pages' own menu codes carry the permissions.
 */
export const ordersMenu = defineMenuGroup({
  code: 'orders',
  // Orders between brands and makers and their allocation are supply collaboration (SRM); the
  // factory and print centres show them not (spec: platform selector, menus follow the platform).
  platforms: ['SRM'],
  title: { zh: '订单与需求分配', en: 'Orders and allocation' },
  icon: 'production',
  entries: [
    { code: prOrderPage.menuCode, furl: pageRoute(prOrderPage), title: prOrderPage.title },
    { code: customerOrderPage.menuCode, furl: pageRoute(customerOrderPage), title: customerOrderPage.title },
    { code: 'scm.allocation.workbench', furl: ALLOCATION_WORKBENCH_PATH, title: { zh: '需求分配工作台', en: 'Allocation workbench' } },
    { code: allocationVersionPage.menuCode, furl: pageRoute(allocationVersionPage), title: allocationVersionPage.title },
    { code: 'scm.allocation.demand', furl: pageRoute(demandPage), title: demandPage.title },
    { code: vendorCapacityPage.menuCode, furl: pageRoute(vendorCapacityPage), title: vendorCapacityPage.title },
    { code: capacityGroupPage.menuCode, furl: pageRoute(capacityGroupPage), title: capacityGroupPage.title },
    { code: cycleCalendarPage.menuCode, furl: pageRoute(cycleCalendarPage), title: cycleCalendarPage.title },
  ],
});
