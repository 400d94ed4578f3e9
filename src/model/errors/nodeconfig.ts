import { defineErrors } from './define';

/** The errors of nodeconfig (fed into the nodeconfig catalogue part; see ./index). */
export const nodeconfigErrors = defineErrors({
  'tracking.actualInFuture': { kind: 'validation', zh: '实际日期 {{date}} 不能晚于今天', en: 'The actual date {{date}} cannot be after today' },
  'tracking.calendarWindow': { kind: 'validation', zh: '节点日历须给出日期范围：最晚日期不早于起始日，最早日期不晚于截止日，最多 400 天', en: 'The node calendar reads a window of days: latest date on or after its first day, earliest date on or before its last, at most 400 days' },
  'tracking.badDate': { kind: 'validation', zh: '日期格式应为 YYYY-MM-DD', en: 'Dates are written YYYY-MM-DD' },
  'tracking.noConfig': { kind: 'validation', zh: '没有适用于订单 {{order}}（品类 {{category}}，订单类型 {{type}}）的节点跟进配置，请先在节点跟进配置中维护', en: 'No node follow configuration applies to order {{order}} (category {{category}}, order type {{type}}): maintain one first' },
  'tracking.noDelivery': { kind: 'validation', zh: '订单 {{order}} 没有交货日期，无法倒排节点计划', en: 'Order {{order}} has no delivery date: its node plan cannot be counted back' },
  'tracking.nodeNotFound': { kind: 'notFound', zh: '订单 {{order}} 没有节点 {{code}}，请先生成节点计划', en: 'Order {{order}} has no node {{code}}: generate its node plan first' },
  'tracking.nodeDone': { kind: 'conflict', zh: '节点“{{node}}”已于 {{date}} 完成，不能再调整计划日期', en: 'Node "{{node}}" was done on {{date}}: its planned date can no longer move' },
  'tracking.nodesRequired': { kind: 'validation', zh: '请选择要发送给供应商的节点', en: 'Choose the nodes to send to the supplier' },
  'tracking.notInProgress': { kind: 'conflict', zh: '订单 {{order}} 不在进行中，不能发送节点', en: 'Order {{order}} is not in progress: its nodes cannot be sent' },
  'tracking.notSent': { kind: 'notFound', zh: '节点 {{code}} 未发送给供应商', en: 'Node {{code}} was not sent to a supplier' },
  'tracking.notSupplierNode': { kind: 'validation', zh: '节点“{{node}}”的责任方是工厂，不能发送给供应商', en: 'Node "{{node}}" is the maker\'s: it cannot be sent to a supplier' },
  'tracking.orderClosed': { kind: 'conflict', zh: '订单 {{order}} {{status_zh}}，不能再修改节点', en: 'Order {{order}} is {{status_en}}: its nodes can no longer change' },
  'tracking.orderNotFound': { kind: 'notFound', zh: '订单不存在或无权查看', en: 'The order does not exist or you may not see it' },
  'tracking.planDaysRange': { kind: 'validation', zh: '计划周期须在 0 到 365 天之间', en: 'The plan duration must be between 0 and 365 days' },
  'tracking.sentElsewhere': { kind: 'conflict', zh: '节点“{{node}}”已发送给另一家供应商，请先收回', en: 'Node "{{node}}" was sent to another supplier: take it back first' },
  'tracking.supplierNotJoined': { kind: 'precheck', zh: '供应商“{{vendor}}”未加入平台，节点无法发送，请由工厂代为录入', en: 'The supplier "{{vendor}}" has not joined the platform: the nodes cannot be sent; the maker records them' },
  'tracking.supplierNotLinked': { kind: 'forbidden', zh: '对方企业尚未在其客户资料中确认贵司（需在客户的“平台企业编码”填写 {{code}} 并保持启用），节点无法发送', en: 'The supplier has not confirmed your company in its customers (platform company code {{code}}, active); the nodes cannot be sent' },
  'tracking.supplierRequired': { kind: 'validation', zh: '请选择供应商', en: 'Choose the supplier' },
});
