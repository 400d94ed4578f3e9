import { defineErrors } from './define';

/** The errors of sourcingvendoreval (fed into the sourcingvendoreval catalogue part; see ./index). */
export const sourcingvendorevalErrors = defineErrors({
  'src.veval.schemeInactive': { kind: 'precheck', zh: '评估项未激活', en: 'The evaluation items are not activated' },
  'src.veval.unscored': { kind: 'precheck', zh: '还有评估项未评分：{{items}}', en: 'Items not scored yet: {{items}}' },
});
