import { defineEntity, type FieldErrors } from '../entity';
import { errorTexts } from '../errors/define';
import { stockmoveErrors } from '../errors/stockmove';

/**
 * A stock movement document (issue 17): a move between locations of one plant, a transfer between
 * plants, or a purchase return (stock leaves a location and goes back to the supplier of a purchase
 * order). Posting changes the stock through the stock service; spec 5: the moved or transferred
 * quantity cannot exceed the stock in the source location.
 */
export const stockMove = defineEntity({
  name: 'stockmove',
  table: 'wms_stock_move',
  prefix: 'srmapi',
  menuCode: 'wms.move',
  label: { zh: '移库调拨与退货', en: 'Moves, transfers and returns' },
  titleField: 'move_no',
  codeField: 'move_no',
  numbering: { field: 'move_no', prefix: 'SM', datePrefix: 'YYMMDD', length: 4 },
  defaultSort: { field: 'created_at', dir: 'desc' },
  fields: [
    { key: 'move_no', label: { zh: '单号', en: 'Document no.' }, type: 'code', rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'move_type', label: { zh: '业务类型', en: 'Movement' }, type: 'dict', dict: 'stock_move_type', required: true, default: 'move' },
    { key: 'material_id', label: { zh: '物料', en: 'Material' }, type: 'reference', required: true, ref: { entity: 'material', labelField: 'name', codeField: 'code' } },
    { key: 'from_location_id', label: { zh: '源库位', en: 'From location' }, type: 'reference', required: true, ref: { entity: 'warehouselocation', labelField: 'name', codeField: 'code' } },
    { key: 'to_location_id', label: { zh: '目标库位', en: 'To location' }, type: 'reference', ref: { entity: 'warehouselocation', labelField: 'name', codeField: 'code' } },
    { key: 'purorder_id', label: { zh: '退货采购单', en: 'Purchase order returned to' }, type: 'reference', ref: { entity: 'purorder', labelField: 'po_no', codeField: 'po_no' } },
    { key: 'qty', label: { zh: '数量', en: 'Quantity' }, type: 'decimal', required: true, rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
    { key: 'posted_at', label: { zh: '过账时间', en: 'Posted at' }, type: 'datetime', readonly: true },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'text', maxLength: 500 },
  ],
  checks: [
    (doc): FieldErrors => {
      if (doc.move_type === 'return') return doc.purorder_id ? {} : { purorder_id: 'wms.move.returnNeedsOrder' };
      if (doc.move_type === 'move' || doc.move_type === 'transfer') {
        if (!doc.to_location_id) return { to_location_id: 'wms.move.toRequired' };
        if (String(doc.to_location_id) === String(doc.from_location_id)) return { to_location_id: 'wms.move.sameLocation' };
        return {};
      }
      return { move_type: 'wms.move.badType' };
    },
  ],
  messages: {
    'zh-CN': {
      ...errorTexts(stockmoveErrors, 'zh-CN'),
      'wms.move.returnNeedsOrder': '退货需选择采购订单',
      'wms.stock.exists': '该物料在此库位已有库存记录',
      'wms.move.toRequired': '请选择目标库位',
      'wms.move.sameLocation': '目标库位不能与源库位相同',
      'wms.move.badType': '此处只能登记移库、调拨或退货',
    },
    en: {
      ...errorTexts(stockmoveErrors, 'en'),
      'wms.move.returnNeedsOrder': 'A return needs the purchase order',
      'wms.stock.exists': 'This material already has a stock row at this location',
      'wms.move.toRequired': 'Choose the destination location',
      'wms.move.sameLocation': 'The destination cannot be the source location',
      'wms.move.badType': 'Only moves, transfers and returns are entered here',
    },
  },
  states: {
    field: 'status',
    initial: 'draft',
    states: [
      { code: 'draft', label: { zh: '草稿', en: 'Draft' }, color: 'informative' },
      { code: 'posted', label: { zh: '已过账', en: 'Posted' }, color: 'success' },
    ],
    transitions: [{ action: 'post', label: { zh: '过账', en: 'Post' }, from: ['draft'], to: 'posted', confirm: { zh: '确定过账？过账后库存立即变动，单据不可再改。', en: 'Post it? Stock changes at once and the document is locked.' } }],
    locked: ['posted'],
  },
});
