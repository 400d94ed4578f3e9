import { defineEntity } from '../entity';
import { orderEntryFields } from './prorder.entity';

export const customerOrderEntry = defineEntity({
  name: 'customerorder_entry',
  table: 'scm_customer_order_entry',
  prefix: 'scmapi',
  menuCode: 'scm.customerorder',
  label: { zh: '订单明细', en: 'Order entry' },
  titleField: 'style_no',
  childOnly: true,
  defaultSort: { field: 'seq', dir: 'asc' },
  fields: orderEntryFields,
});

/**
 * Customer order (spec 4): the maker's copy of a brand's requirement order, created in the maker's
 * tenant when the brand sends it, and linked to it only through an ordershare record. The maker's
 * accept / reject / finish move the brand's order too (services/orders). A maker may also enter an
 * order of a customer that is not on the platform by hand; only such an order is edited by save.
 */
export const customerOrder = defineEntity({
  name: 'customerorder',
  table: 'scm_customer_order',
  prefix: 'scmapi',
  menuCode: 'scm.customerorder',
  label: { zh: '客户订单', en: 'Customer order' },
  titleField: 'order_no',
  codeField: 'order_no',
  numbering: { field: 'order_no', prefix: 'CO', datePrefix: 'YYMMDD', length: 4 },
  defaultSort: { field: 'created_at', dir: 'desc' },
  children: [{ key: 'entries', label: { zh: '颜色尺码明细', en: 'Colour and size entries' }, entity: 'customerorder_entry', foreignKey: 'order_id' }],
  fields: [
    { key: 'order_no', label: { zh: '订单号', en: 'Order no.' }, type: 'code', maxLength: 40 },
    { key: 'brand_name', label: { zh: '客户（品牌）', en: 'Customer (brand)' }, type: 'text', maxLength: 200 },
    { key: 'source_no', label: { zh: '客户PR单号', en: 'Customer PR no.' }, type: 'code', readonly: true },
    { key: 'customer_po', label: { zh: '客户PO号', en: 'Customer PO no.' }, type: 'text' },
    { key: 'pr_type', label: { zh: '订单类型', en: 'Order type' }, type: 'dict', dict: 'pr_order_type' },
    { key: 'category', label: { zh: '品类', en: 'Category' }, type: 'dict', dict: 'product_category' },
    { key: 'receive_date', label: { zh: '接单日期', en: 'Receive date' }, type: 'date' },
    { key: 'delivery_date', label: { zh: '交货日期', en: 'Delivery date' }, type: 'date' },
    { key: 'currency', label: { zh: '币种', en: 'Currency' }, type: 'dict', dict: 'currency' },
    { key: 'total_qty', label: { zh: '总数量', en: 'Total qty' }, type: 'integer', readonly: true },
    { key: 'total_amount', label: { zh: '总金额', en: 'Total amount' }, type: 'money', readonly: true },
    // Pieces finished: the plans' done quantities (their last process's work orders, services/production).
    { key: 'done_qty', label: { zh: '已完成数量', en: 'Done qty' }, type: 'integer', readonly: true },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
    { key: 'reject_reason', label: { zh: '拒绝原因', en: 'Reject reason' }, type: 'text', readonly: true },
    { key: 'share_id', label: { zh: '共享记录', en: 'Share record' }, type: 'integer', readonly: true },
    { key: 'source_client_id', label: { zh: '来源企业', en: 'Source company' }, type: 'integer', readonly: true },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 1000 },
  ],
  states: {
    field: 'status',
    initial: 'pending',
    states: [
      { code: 'pending', label: { zh: '待接单', en: 'Pending acceptance' }, color: 'warning', notice: { intent: 'info', text: 'orders.notice.pending', params: { brand: 'brand_name' }, when: 'share_id' } },
      { code: 'rejected', label: { zh: '已拒绝', en: 'Rejected' }, color: 'danger', notice: { intent: 'error', title: 'orders.notice.youRejected', textField: 'reject_reason' } },
      { code: 'in_progress', label: { zh: '进行中', en: 'In progress' }, color: 'brand' },
      { code: 'finished', label: { zh: '已完成', en: 'Finished' }, color: 'success' },
      { code: 'cancelled', label: { zh: '已取消', en: 'Cancelled' }, color: 'subtle', notice: { intent: 'warning', text: 'orders.notice.cancelledByBrand', when: 'share_id' } },
    ],
    transitions: [
      { action: 'accept', label: { zh: '接单', en: 'Accept' }, from: ['pending'], to: 'in_progress', roles: ['clientadmin', 'admin', 'planner', 'common'] },
      {
        action: 'reject',
        label: { zh: '拒绝', en: 'Reject' },
        from: ['pending'],
        to: 'rejected',
        roles: ['clientadmin', 'admin', 'planner', 'common'],
        params: [{ key: 'reject_reason', label: { zh: '拒绝原因', en: 'Reject reason' }, type: 'text', required: true, maxLength: 500 }],
      },
      { action: 'finish', label: { zh: '完成', en: 'Finish' }, from: ['in_progress'], to: 'finished', confirm: { zh: '确定该订单已完成？', en: 'Mark this order finished?' } },
    ],
    // A shared copy is read-only in every state (services/orders); a hand-made one until it is closed.
    locked: ['rejected', 'finished', 'cancelled'],
  },
});
