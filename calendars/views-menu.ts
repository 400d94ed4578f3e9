import { defineMenuGroup } from '../src/model/menus';
import { ROLES } from '../src/model/roles';
import { cycleCalendarView } from './cycle-calendar.calendar';
import { lineMonthView } from './line-month.calendar';

/**
 * The calendar views' entries in the production planning menu (group "生产计划", declared by
 * calendars/menu.ts; a second declaration of the group adds entries). Served by the planning service,
 * which imports this file, so the entries exist only where the server answers them. Who sees them is
 * who sees the board: planners, line managers, company administrators.
 */
export const calendarViewsMenu = defineMenuGroup({
  code: 'planning',
  platforms: ['SRM', 'SFCENTER'],
  // Production planning is the garment maker's (issue 21: menus follow the kind of company).
  companies: ['maker'],
  title: { zh: '生产计划', en: 'Production planning' },
  icon: 'production',
  entries: [cycleCalendarView, lineMonthView].map((v) => ({
    code: v.menu.code,
    furl: v.menu.furl,
    title: v.title,
    order: v.menu.order,
    roles: [ROLES.planner, ROLES.lineManager, ROLES.clientAdmin, ROLES.admin],
  })),
});
