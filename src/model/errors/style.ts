import { defineErrors } from './define';

/** The errors of style (fed into the style catalogue part; see ./index). */
export const styleErrors = defineErrors({
  'dev.style.noBom': { kind: 'precheck', zh: '款式 {{code}} 没有 BOM，不能确认', en: 'Style {{code}} has no bill of materials and cannot be approved' },
  'dev.style.noRouting': { kind: 'precheck', zh: '款式 {{code}} 没有工艺路线，不能确认', en: 'Style {{code}} has no routing and cannot be approved' },
});
