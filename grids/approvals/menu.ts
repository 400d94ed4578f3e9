import { defineMenuGroup, TENANT_KINDS } from '../../src/model/menus';

/**
 * Approvals (issue 14): every user's approval to-do list, on every platform; the process definitions
 * themselves are an administration page (grids/approvals/processdef.grid.ts, admin group).
 */
export const approvalsMenu = defineMenuGroup({
  code: 'approvals',
  platforms: '*',
  title: { zh: '审批', en: 'Approvals' },
  icon: 'tasks',
  companies: TENANT_KINDS,
  entries: [
    { code: 'wf.todo', furl: '/approvals/todo', title: { zh: '我的审批', en: 'My approvals' }, order: 10 },
    // Dynamic forms designed by the company's administrators, filled in by its members (menu code of their records).
    { code: 'dyn.data', furl: '/approvals/forms', title: { zh: '表单填报', en: 'Fill in forms' }, order: 20 },
  ],
});
