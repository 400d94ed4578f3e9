import { defineMenuGroup, ROLES } from '../../src/model';

/** Who reconciles: the company's administrators, its ordinary users (buyers, sales) and its finance. */
export const FINANCE_ROLES = [ROLES.clientAdmin, ROLES.admin, ROLES.common, ROLES.finance];

/**
 * Finance reconciliation (issue 18): statements between two companies and the rate table. Every kind
 * of trading company reconciles: a brand as buyer of its makers, a maker as seller to its brands and
 * buyer of its suppliers, a supplier as seller. The pages put themselves here (their `menu`).
 */
export const financeGroup = defineMenuGroup({
  code: 'finance',
  platforms: ['SRM'],
  companies: ['brand', 'maker', 'supplier'],
  title: { zh: '财务对账', en: 'Finance reconciliation' },
  // No icon of its own in the shell's table: the page icon (a document) fits statements.
  icon: 'finance',
  entries: [],
});
