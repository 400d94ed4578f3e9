import { defineErrors } from './define';

/** The errors of orders (fed into the orders catalogue part; see ./index). */
export const ordersErrors = defineErrors({
  'scm.order.makerNotLinked': { kind: 'forbidden', zh: '对方企业尚未在其客户资料中确认贵司（需在客户的“平台企业编码”填写 {{code}} 并保持启用），订单无法发送', en: 'The receiving company has not confirmed you as its customer (its customer record must carry the platform company code {{code}} and be active), so the order cannot be sent' },
  'scm.order.noEntries': { kind: 'validation', zh: '订单没有颜色尺码明细，无法发送', en: 'The order has no colour and size entries and cannot be sent' },
  'scm.order.noMaker': { kind: 'validation', zh: '请先选择生产工厂', en: 'Choose the maker first' },
  'scm.order.noPublishedVersion': { kind: 'precheck', zh: '没有已发布的需求分配版本', en: 'There is no published allocation version' },
  'scm.order.noVendorMatch': { kind: 'validation', zh: '没有匹配的供应商，请手工选择', en: 'No vendor matches, select manually' },
  'scm.order.notSendable': { kind: 'conflict', zh: '当前状态的订单不能发送', en: 'An order in this state cannot be sent' },
  'scm.order.shareMissing': { kind: 'forbidden', zh: '没有有效的共享记录，无法操作来源订单', en: 'No active share record links this order to its source' },
  'scm.order.sharedReadOnly': { kind: 'conflict', zh: '客户在平台上发送的订单只能通过接单、拒绝、完成操作', en: 'An order a customer sent on the platform changes only through accept, reject and finish' },
  'scm.version.badCell': { kind: 'validation', zh: '分配单元格无效', en: 'Invalid allocation cell' },
  'scm.version.codeExists': { kind: 'validation', zh: '版本号已存在', en: 'Version number already exists' },
  'scm.version.badCells': { kind: 'validation', zh: '要保存的分配单元格无效：{{reason}}', en: 'The allocation cells to save are invalid: {{reason}}' },
  'scm.version.readOnly': { kind: 'conflict', zh: '该版本已发布或已归档，只读', en: 'This version is published or archived and is read-only' },
});
