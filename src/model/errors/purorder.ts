import { defineErrors } from './define';

/** The errors of purorder (fed into the purorder catalogue part; see ./index). */
export const purorderErrors = defineErrors({
  'pur.order.badReceipt': { kind: 'validation', zh: '收货数量须为非负数，并对应订单的行号', en: 'Received quantities must be 0 or more, on lines of this order' },
  'pur.order.badShipment': { kind: 'validation', zh: '发货数量须为不超过订单数量的非负数', en: 'Dispatched quantities must be 0 or more and not above the ordered quantity' },
  'pur.order.contractInactive': { kind: 'validation', zh: '合同未生效或不在有效期内', en: 'The contract is not active or not valid on the order date' },
  'pur.order.contractVendor': { kind: 'validation', zh: '合同的供应商与采购订单的供应商不一致', en: 'The contract\'s supplier is not the order\'s supplier' },
  'pur.order.emptyShipment': { kind: 'validation', zh: '发货数量不能全部为 0，至少一行须发货', en: 'A shipment cannot be all zero: at least one line must ship' },
  'pur.order.locationRequired': { kind: 'validation', zh: '收货库位不存在，请填写本企业的库位编码', en: 'No such location: enter a location code of your company' },
  'pur.order.noLines': { kind: 'validation', zh: '采购订单没有明细，无法发送', en: 'The purchase order has no lines and cannot be sent' },
  'pur.order.noVendorCompany': { kind: 'precheck', zh: '供应商未加入平台，采购订单数据无法发送，请手工跟踪', en: 'The supplier has not joined the platform; the purchase order cannot be sent, track it by hand' },
  'pur.order.nothingToReceive': { kind: 'validation', zh: '没有可收货的数量', en: 'There is nothing to receive' },
  'pur.order.overReceipt': { kind: 'validation', zh: '第 {{seq}} 行收货数量 {{qty}} 超过待收数量 {{remaining}}，不能超收', en: 'Line {{seq}}: {{qty}} is more than the {{remaining}} still to receive; over-receipt is not allowed' },
  'pur.order.receiptCompletes': { kind: 'validation', zh: '本次收货已包含全部待收数量，请使用“收货入库”完成收货', en: 'This receipt takes everything still to receive: use Receive to complete the order' },
  'pur.order.shareMissing': { kind: 'forbidden', zh: '该订单的共享记录不存在或已关闭', en: 'This order\'s share record is missing or closed' },
  'pur.order.sharedReadOnly': { kind: 'conflict', zh: '供应商订单由采购方发送，只能通过操作变更', en: 'A supplier order sent by the buyer changes only through its actions' },
  'pur.order.vendorNotLinked': { kind: 'forbidden', zh: '对方企业尚未在其客户资料中确认贵司（需在客户的“平台企业编码”填写 {{code}} 并保持启用），采购订单无法发送', en: 'The supplier has not confirmed your company in its customers (platform company code {{code}}, active); the purchase order cannot be sent' },
});
