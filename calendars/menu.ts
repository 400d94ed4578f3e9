import { defineMenuGroup } from '../src/model/menus';
import { ROLES } from '../src/model/roles';
import { productionBoard } from './production-board.calendar';

/**
 * The production planning menu: the scheduling board, served by src/server/services/planning (which
 * imports this file, so the entry exists only where the server can answer it). Planners, line
 * managers and company administrators see it; the permission code is the board's.
 */
export const planningMenu = defineMenuGroup({
  code: productionBoard.menu.group,
  platforms: ['SRM', 'SFCENTER'],
  // Production planning is the garment maker's (issue 21: menus follow the kind of company).
  companies: ['maker'],
  title: { zh: '生产计划', en: 'Production planning' },
  icon: 'production',
  entries: [
    {
      code: productionBoard.menu.code,
      furl: productionBoard.menu.furl,
      title: productionBoard.title,
      order: productionBoard.menu.order,
      roles: [ROLES.planner, ROLES.lineManager, ROLES.clientAdmin, ROLES.admin],
    },
  ],
});
