import { defineMenuGroup } from '../src/model';

/**
 * Reports (issue 13). An entry's code is the menu code of the list its report reads, so it shows to
 * exactly the users who may read that list (and the report route checks the same grant); its roles
 * keep it to managers, administrators and planners.
 */
export const reportsMenu = defineMenuGroup({
  code: 'reports',
  platforms: ['SRM'],
  title: { zh: '报表分析', en: 'Reports' },
  icon: 'report',
  entries: [
    {
      code: 'scm.customerorder',
      furl: '/rpt/dsrptindex/orders-by-status',
      title: { zh: '客户订单状态分布', en: 'Customer orders by status' },
      roles: ['clientadmin', 'admin', 'planner', 'linemanager'],
      order: 10,
    },
  ],
});
