import i18next from 'i18next';
import { registerCatalogPart, type CatalogPart } from '../../../model/i18n';

/** The outsourced tasks page's own words (zh-CN first). */
export const outsourceMessages: CatalogPart = {
  'zh-CN': {
    'os.ship.selectOne': '请选择一张加工单发货',
    'os.ship.onlyAccepted': '只有已接单的加工单可以发货',
  },
  en: {
    'os.ship.selectOne': 'Select one task to dispatch',
    'os.ship.onlyAccepted': 'Only an accepted task can be dispatched',
  },
};

registerCatalogPart(outsourceMessages);
// The shell's i18next was initialised before this chunk loaded: add the words to it too.
if (i18next.isInitialized) for (const [lng, words] of Object.entries(outsourceMessages)) i18next.addResourceBundle(lng, 'translation', words, true, false);
