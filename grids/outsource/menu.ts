import { defineMenuGroup } from '../../src/model';

/**
 * Outsourced processing, the vendor's side (issue 12): the outsourced tasks customers sent to a
 * supplier company. The maker's own outsourced orders sit in the production planning group beside the
 * plans they come from (outsourceorder.grid.ts).
 */
export const outsourceGroup = defineMenuGroup({
  code: 'outsource',
  platforms: ['SRM', 'SFCENTER'],
  companies: ['supplier'],
  title: { zh: '外发加工', en: 'Outsourced processing' },
  icon: 'production',
  entries: [],
});
