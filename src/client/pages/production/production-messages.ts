import i18next from 'i18next';
import { registerCatalogPart, type CatalogPart } from '../../../model/i18n';

/** The scan station's words (zh-CN first). */
export const productionMessages: CatalogPart = {
  'zh-CN': {
    'wo.scanpage.title': '扫描校验',
    'wo.scanpage.process': '本工位工序',
    'wo.scanpage.direction': '扫描方向',
    'wo.scanpage.in': '进站 (F2)',
    'wo.scanpage.out': '出站 (F3)',
    'wo.scanpage.barcode': '扎号条码（扫描枪扫描或输入后回车）',
    'wo.scanpage.help': '扫描枪相当于键盘：光标在条码框中扫描即可，回车提交。F2 进站、F3 出站，Tab 切换工序与方向。',
    'wo.scanpage.ok': '通过',
    'wo.scanpage.refused': '拒绝',
    'wo.scanpage.waiting': '等待扫描…',
    'wo.scanpage.recent': '最近扫描',
    'wo.scanpage.noProcess': '本企业还没有自制工序，请先在工序资料中维护',
    'wo.scanpage.forceIn': '强制进站',
    'wo.scanpage.forceOut': '强制出站',
  },
  en: {
    'wo.scanpage.title': 'Scan validation',
    'wo.scanpage.process': 'This station\'s process',
    'wo.scanpage.direction': 'Direction',
    'wo.scanpage.in': 'Scan in (F2)',
    'wo.scanpage.out': 'Scan out (F3)',
    'wo.scanpage.barcode': 'Bundle barcode (scan, or type and press Enter)',
    'wo.scanpage.help': 'The scanner types like a keyboard: scan with the cursor in the barcode box, Enter submits. F2 scan in, F3 scan out, Tab moves to the process and direction.',
    'wo.scanpage.ok': 'Accepted',
    'wo.scanpage.refused': 'Refused',
    'wo.scanpage.waiting': 'Waiting for a scan…',
    'wo.scanpage.recent': 'Latest scans',
    'wo.scanpage.noProcess': 'This company has no in-house process yet: maintain them in process information first',
    'wo.scanpage.forceIn': 'forces scan in',
    'wo.scanpage.forceOut': 'forces scan out',
  },
};

registerCatalogPart(productionMessages);
// The shell's i18next was initialised before this chunk loaded: add the words to it too.
if (i18next.isInitialized) for (const [lng, words] of Object.entries(productionMessages)) i18next.addResourceBundle(lng, 'translation', words, true, false);
