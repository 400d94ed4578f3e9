import { defineEntity } from '../entity';

/**
 * Material call-off (spec 2, states of spec 4: accept, call, receive or reject, close out). A
 * production side asks for material to be called into a location; receiving it posts the stock there.
 */
export const materialCallOff = defineEntity({
  name: 'materialcalloff',
  table: 'wms_calloff',
  prefix: 'srmapi',
  menuCode: 'wms.calloff',
  label: { zh: '物料叫料', en: 'Material call-off' },
  titleField: 'calloff_no',
  codeField: 'calloff_no',
  numbering: { field: 'calloff_no', prefix: 'JL', datePrefix: 'YYMMDD', length: 4 },
  defaultSort: { field: 'created_at', dir: 'desc' },
  fields: [
    { key: 'calloff_no', label: { zh: '叫料单号', en: 'Call-off no.' }, type: 'code', rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'material_id', label: { zh: '物料', en: 'Material' }, type: 'reference', required: true, ref: { entity: 'material', labelField: 'name', codeField: 'code' } },
    { key: 'location_id', label: { zh: '收料库位', en: 'Receiving location' }, type: 'reference', required: true, ref: { entity: 'warehouselocation', labelField: 'name', codeField: 'code' } },
    { key: 'qty', label: { zh: '叫料数量', en: 'Quantity' }, type: 'decimal', required: true, rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'need_date', label: { zh: '需求日期', en: 'Needed on' }, type: 'date' },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
    { key: 'reject_reason', label: { zh: '拒收原因', en: 'Reject reason' }, type: 'text', readonly: true },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'text', maxLength: 500 },
  ],
  states: {
    field: 'status',
    initial: 'new',
    states: [
      { code: 'new', label: { zh: '待接收', en: 'New' }, color: 'informative' },
      { code: 'accepted', label: { zh: '已接收', en: 'Accepted' }, color: 'brand' },
      { code: 'called', label: { zh: '已叫料', en: 'Called' }, color: 'warning' },
      { code: 'received', label: { zh: '已收料', en: 'Received' }, color: 'success' },
      { code: 'rejected', label: { zh: '已拒收', en: 'Rejected' }, color: 'danger', notice: { intent: 'error', textField: 'reject_reason' } },
      { code: 'closed', label: { zh: '已结案', en: 'Closed out' }, color: 'subtle' },
    ],
    transitions: [
      { action: 'accept', label: { zh: '接收', en: 'Accept' }, from: ['new'], to: 'accepted' },
      { action: 'call', label: { zh: '叫料', en: 'Call' }, from: ['accepted'], to: 'called' },
      { action: 'receive', label: { zh: '收料', en: 'Receive' }, from: ['called'], to: 'received', confirm: { zh: '确认收料？物料将入库到收料库位。', en: 'Receive it? The material is posted into the receiving location.' } },
      { action: 'reject', label: { zh: '拒收', en: 'Reject' }, from: ['called'], to: 'rejected', params: [{ key: 'reject_reason', label: { zh: '拒收原因', en: 'Reject reason' }, type: 'text', required: true, maxLength: 500 }] },
      { action: 'close', label: { zh: '结案', en: 'Close out' }, from: ['received', 'rejected'], to: 'closed', confirm: { zh: '确定结案？', en: 'Close it out?' } },
    ],
    locked: ['called', 'received', 'rejected', 'closed'],
  },
});
