import { defineErrors } from './define';

/** The errors of outsourceorder (fed into the outsourceorder catalogue part; see ./index). */
export const outsourceorderErrors = defineErrors({
  'os.order.alreadyLocked': { kind: 'conflict', zh: '外发单已锁定', en: 'The outsourced order is already locked' },
  'os.order.alreadyOutsourced': { kind: 'duplicate', zh: '计划 {{plan}} 的工序“{{process}}”已有外发单 {{no}}', en: 'Process "{{process}}" of plan {{plan}} already has outsourced order {{no}}' },
  'os.order.badProgress': { kind: 'validation', zh: '完成数量须为 0 到订单数量 {{total}} 之间的整数', en: 'The done quantity must be a whole number from 0 to the ordered {{total}}' },
  'os.order.badReceipt': { kind: 'validation', zh: '收货数量须为非负整数，并对应外发单的行号', en: 'Received quantities must be whole numbers of 0 or more, on lines of this order' },
  'os.order.badShipment': { kind: 'validation', zh: '发货数量须为不超过订单数量的非负整数', en: 'Dispatched quantities must be whole numbers from 0 to the ordered quantity' },
  'os.order.lockAfterSubmit': { kind: 'conflict', zh: '外发单已提交，只能在提交前锁定或解锁', en: 'The outsourced order is submitted: lock and unlock are allowed only before submission' },
  'os.order.locked': { kind: 'conflict', zh: '外发单已锁定（已收货），请先解锁再修改', en: 'The outsourced order is locked (received): unlock it before changing it' },
  'os.order.noLines': { kind: 'validation', zh: '外发单没有明细，无法提交', en: 'The outsourced order has no lines and cannot be submitted' },
  'os.order.noVendorMatch': { kind: 'validation', zh: '没有匹配的供应商，请手动选择', en: 'No vendor matches: select one by hand' },
  'os.order.noVendorProcess': { kind: 'validation', zh: '该计划没有可外发的工序（工序资料中未勾选“外发”）', en: 'The plan has no outsourced process (none is marked "outsourced" in the process data)' },
  'os.order.notLocked': { kind: 'conflict', zh: '外发单未锁定', en: 'The outsourced order is not locked' },
  'os.order.notVendorProcess': { kind: 'validation', zh: '工序“{{process}}”不是外发工序，不能外发', en: 'Process "{{process}}" is not an outsourced process' },
  'os.order.nothingToReceive': { kind: 'validation', zh: '没有可收货的数量', en: 'There is nothing to receive' },
  'os.order.onlyManualReceive': { kind: 'conflict', zh: '外发单在平台上协同，供应商发货后才能收货', en: 'The order is followed on the platform: receive it after the vendor dispatches' },
  'os.order.overReceipt': { kind: 'validation', zh: '第 {{seq}} 行收货数量 {{qty}} 超过待收数量 {{remaining}}，不能超收', en: 'Line {{seq}}: {{qty}} is more than the {{remaining}} still to receive; over-receipt is not allowed' },
  'os.order.planNotScheduled': { kind: 'precheck', zh: '计划 {{plan}} 尚未排产，排产后才能外发', en: 'Plan {{plan}} is not scheduled yet: schedule it before outsourcing' },
  'os.order.receiptCompletes': { kind: 'validation', zh: '本次收货已包含全部待收数量，请使用“收货”完成收货', en: 'This receipt takes everything still to receive: use Receive to complete the order' },
  'os.order.shareMissing': { kind: 'forbidden', zh: '该外发单的共享记录不存在或已关闭', en: 'This order\'s share record is missing or closed' },
  'os.order.sharedReadOnly': { kind: 'conflict', zh: '客户发来的外发加工单只能通过操作变更', en: 'An outsourced task sent by a customer changes only through its actions' },
  'os.order.vendorNotLinked': { kind: 'forbidden', zh: '对方企业尚未在其客户资料中确认贵司（需在客户的“平台企业编码”填写 {{code}} 并保持启用），外发单无法发送', en: 'The vendor has not confirmed your company in its customers (platform company code {{code}}, active); the outsourced order cannot be sent' },
});
