import i18next from 'i18next';
import { registerCatalogPart, type CatalogPart } from '../../../model/i18n';

/** The outsourced tasks page's own words (zh-CN first). */
export const outsourceMessages: CatalogPart = {
  'zh-CN': {
    'os.ship.selectOne': '请选择一张加工单发货',
    'os.ship.onlyAccepted': '只有已接单的加工单可以发货',
    'os.receipt.title': '外发收货：{{no}}',
    'os.receipt.explain': '按颜色尺码逐行填写本次收回的件数（默认为供应商已发货未收的数量）。全部收齐后外发单为“已收货”，计划锁定为“已收货”；否则为“部分收货”。',
    'os.receipt.explainManual': '该外发单为手工跟踪，按订单数量收货：逐行填写本次收回的件数。全部收齐后为“已收货”，否则为“部分收货”。',
    'os.receipt.item': '款号 / 颜色 / 尺码',
    'os.receipt.willComplete': '本次收齐全部待收件数，外发单将变为“已收货”',
    'os.receipt.willPart': '本次为部分收货，外发单将变为“部分收货”',
    'os.receipt.done': '已收货',
    'os.receipt.partDone': '已部分收货',
    'os.receipt.selectOne': '请选择一张外发单收货',
    'os.receipt.notArrived': '只有供应商已发货、部分收货或手工跟踪的外发单可以收货',
  },
  en: {
    'os.ship.selectOne': 'Select one task to dispatch',
    'os.ship.onlyAccepted': 'Only an accepted task can be dispatched',
    'os.receipt.title': 'Receive outsourced order {{no}}',
    'os.receipt.explain': 'Enter the pieces back per colour and size (by default what the vendor dispatched and is not yet received). Once everything is in, the order and its plan lock are received; otherwise partly received.',
    'os.receipt.explainManual': 'This order is tracked by hand and is received against the ordered pieces: enter the pieces back per line. Everything in: received; otherwise partly received.',
    'os.receipt.item': 'Style / colour / size',
    'os.receipt.willComplete': 'This receipt takes everything still to come: the order will be received',
    'os.receipt.willPart': 'This is a part receipt: the order will be partly received',
    'os.receipt.done': 'Received',
    'os.receipt.partDone': 'Partly received',
    'os.receipt.selectOne': 'Select one outsourced order to receive',
    'os.receipt.notArrived': 'Only an order the vendor dispatched, partly received or tracked by hand can be received',
  },
};

registerCatalogPart(outsourceMessages);
// The shell's i18next was initialised before this chunk loaded: add the words to it too.
if (i18next.isInitialized) for (const [lng, words] of Object.entries(outsourceMessages)) i18next.addResourceBundle(lng, 'translation', words, true, false);
