import { defineMenuGroup, REPORTS_MENU_GROUP } from '../src/model';

const MANAGERS = ['clientadmin', 'admin', 'planner', 'linemanager'];
/** Issue 29: finance reads the tower and the reports of spend, prices, vendors, stock and order books. */
const WITH_FINANCE = [...MANAGERS, 'finance'];
/** A supplier's own orders and shipments are its sales's work too, not only its managers'. */
const SUPPLIER_SIDE = [...WITH_FINANCE, 'common'];

/** Who reads reports: each declaration names one of these sets in its `menu` (src/model/report.ts). */
export const READERS = {
  managers: MANAGERS,
  withFinance: WITH_FINANCE,
  supplierSide: SUPPLIER_SIDE,
  /** The import history: everyone who imports reads their own imports. */
  everyone: ['clientadmin', 'admin', 'planner', 'linemanager', 'common', 'finance'],
} as const;

/**
 * Reports (issue 13). Each report's entry comes from its declaration (`menu` in
 * reports/<name>/<name>.report.ts: code `rpt.<report>`, order, roles; title and companies the
 * report's), so adding a report needs no edit here. Declared here are only the entries that are no
 * report: the control tower and the dashboards. Menu codes are global (a code declared twice keeps
 * its first declaration), so an entry has its own `rpt.<report>` code; its roles keep it to managers, administrators and
 * planners, and the report route still checks the read grant of the list the report reads. Each
 * entry is for the kind of company whose data the report reads: a maker receives customer orders
 * and schedules lines, a brand raises requirement orders; both allocate demand to vendors (a maker
 * to its subcontracting workshops) and buy.
 */
export const reportsMenu = defineMenuGroup({
  code: REPORTS_MENU_GROUP,
  platforms: ['SRM'],
  companies: ['brand', 'maker', 'supplier'],
  title: { zh: '报表分析', en: 'Reports' },
  icon: 'report',
  entries: [
    {
      code: 'rpt.control-tower',
      furl: '/visual/control-tower',
      title: { zh: '供应链控制塔', en: 'Control tower' },
      roles: WITH_FINANCE,
      order: 1,
      companies: ['brand', 'maker'],
    },
    // Dashboards (reports/dashboards, `/visual/{opt}`): each widget still needs its report's entry.
    { code: 'rpt.visual.production', furl: '/visual/production', title: { zh: '生产运营看板', en: 'Production dashboard' }, roles: MANAGERS, order: 2, companies: ['maker'] },
    // Figure alerts (issue 34): a report's measure, a condition and recipients (src/client/pages/visual/alerts).
    { code: 'rpt.alerts', furl: '/rpt/page/alerts', title: { zh: '指标预警', en: 'Figure alerts' }, roles: WITH_FINANCE, order: 4, companies: ['brand', 'maker', 'supplier'] },
    // Tiles a company builds (issue 34): the designer, for administrators and the roles granted it (src/client/pages/visual/tiles).
    { code: 'rpt.tiles', furl: '/rpt/page/tiles', title: { zh: '指标卡设计', en: 'Tile designer' }, roles: ['clientadmin', 'admin'], order: 5, companies: ['brand', 'maker', 'supplier'] },
    { code: 'rpt.visual.sourcing', furl: '/visual/sourcing', title: { zh: '寻源与采购看板', en: 'Sourcing and purchasing dashboard' }, roles: MANAGERS, order: 3, companies: ['brand', 'maker'] },
  ],
});
