import type { CatalogPart } from './types';

/** The unsaved-changes guard (issue 29): leaving a page with unsaved edits, and restoring a kept draft. */
export const unsaved: CatalogPart = {
  'zh-CN': {
    'unsaved.leaveTitle': '离开此页？',
    'unsaved.leaveText': '有未保存的修改，离开将丢失。确定离开吗？',
    'unsaved.stay': '留下继续编辑',
    'unsaved.leave': '离开',
    'unsaved.restoreTitle': '恢复未保存的修改？',
    'unsaved.restoreCount': '上次（{{time}}）在此处有 {{count}} 处修改未保存，本浏览器已为您保留。要恢复这些修改吗？',
    'unsaved.restoreText': '上次（{{time}}）在此处的修改未保存，本浏览器已为您保留。要恢复这些修改吗？',
    'unsaved.restore': '恢复修改',
    'unsaved.discard': '丢弃',
  },
  en: {
    'unsaved.leaveTitle': 'Leave this page?',
    'unsaved.leaveText': 'You have unsaved changes that will be lost. Leave anyway?',
    'unsaved.stay': 'Stay and keep editing',
    'unsaved.leave': 'Leave',
    'unsaved.restoreTitle': 'Restore unsaved changes?',
    'unsaved.restoreCount': '{{count}} changes made here ({{time}}) were not saved; this browser kept them. Restore them?',
    'unsaved.restoreText': 'Changes made here ({{time}}) were not saved; this browser kept them. Restore them?',
    'unsaved.restore': 'Restore changes',
    'unsaved.discard': 'Discard',
  },
};
