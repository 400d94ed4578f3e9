import { defineMenuGroup } from '../src/model';

/**
 * Reports (issue 13). Menu codes are global (a code declared twice keeps its first declaration), so
 * an entry has its own `rpt.<report>` code; its roles keep it to managers, administrators and
 * planners, and the report route still checks the read grant of the list the report reads.
 */
export const reportsMenu = defineMenuGroup({
  code: 'reports',
  platforms: ['SRM'],
  companies: ['brand', 'maker'],
  title: { zh: '报表分析', en: 'Reports' },
  icon: 'report',
  entries: [
    {
      code: 'rpt.orders-by-status',
      furl: '/rpt/dsrptindex/orders-by-status',
      title: { zh: '客户订单状态分布', en: 'Customer orders by status' },
      roles: ['clientadmin', 'admin', 'planner', 'linemanager'],
      order: 10,
      // Customer orders are the orders a maker receives.
      companies: ['maker'],
    },
  ],
});
