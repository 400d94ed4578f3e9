import { defineMenuGroup } from '../../src/model/menus';

/**
 * Supplier sourcing (spec 1; issue 16). The buyer's group (brands, and makers buying fabric or
 * processing): projects in progress and history, RFQ items, sourcing records, evaluation schemes and
 * the comparison and evaluation page. The supplier's group (makers and suppliers answering): project
 * opportunities, its own applications (fill-in data) and quotations.
 */
export const SOURCING_COMPARE_PATH = '/srm/page/sourcingcompare';
export const SOURCING_OPPORTUNITY_PATH = '/srm/page/sourcingopportunity';
export const SOURCING_EVAL_TODO_PATH = '/srm/page/sourcingevaltodo';
/** "My projects": the projects list as a sub-index fixed to the signed-in applicant (srcproject.grid.ts). */
export const MY_SOURCING_PATH = '/srm/masterdetail/srcproject_my';

export const sourcingMenu = defineMenuGroup({
  code: 'sourcing',
  platforms: ['SRM'],
  companies: ['brand', 'maker'],
  title: { zh: '供应商寻源', en: 'Supplier sourcing' },
  icon: 'production',
  entries: [
    { code: 'srm.sourcing.compare', furl: SOURCING_COMPARE_PATH, title: { zh: '比价与评估', en: 'Comparison and evaluation' }, order: 40 },
    { code: 'srm.sourcing.evaltodo', furl: SOURCING_EVAL_TODO_PATH, title: { zh: '评估待办', en: 'Evaluation to-do' }, order: 45 },
  ],
});

export const sourcingApplyMenu = defineMenuGroup({
  code: 'sourcingapply',
  platforms: ['SRM'],
  companies: ['maker', 'supplier'],
  title: { zh: '寻源协同', en: 'Sourcing collaboration' },
  icon: 'production',
  entries: [{ code: 'srm.sourcingapply.opportunity', furl: SOURCING_OPPORTUNITY_PATH, title: { zh: '项目机会', en: 'Project opportunities' }, order: 10 }],
});
