import { defineMenuGroup } from '../../src/model';

/**
 * Purchasing and the warehouse (issue 17): contracts, purchase orders, the supplier's incoming
 * purchase orders, locations, stock and its history, moves, transfers and returns, material call-off.
 * The pages put themselves in the group; the buying pages are for buyers (brand and maker), the
 * incoming orders for the supplier side. Supply collaboration: SRM platform.
 */
export const purchaseMenu = defineMenuGroup({
  code: 'purchase',
  platforms: ['SRM'],
  // Buyers (brands and makers) buy and keep stock; a supplier answers the purchase orders it receives.
  companies: ['brand', 'maker', 'supplier'],
  title: { zh: '采购与仓储', en: 'Purchasing and stock' },
  icon: 'production',
  entries: [],
});
