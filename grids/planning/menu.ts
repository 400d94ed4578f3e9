import { defineMenuGroup } from '../../src/model';

/**
 * Production planning (spec: order-assisted scheduling, production plans pending and history): the
 * plan lists of this folder put themselves here (their `menu`); the scheduling board and the calendar
 * views add their entries to the same group from calendars/ (calendars/menu.ts), where the planning
 * service serves them. Declared here too so the lists have their group wherever grids/ is loaded.
 */
export const planningGroup = defineMenuGroup({
  code: 'planning',
  platforms: ['SRM', 'SFCENTER'],
  // Production planning is the garment maker's (issue 21: menus follow the kind of company).
  companies: ['maker'],
  title: { zh: '生产计划', en: 'Production planning' },
  icon: 'production',
  entries: [],
});
