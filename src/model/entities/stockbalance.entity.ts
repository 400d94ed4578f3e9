import { defineDictionary } from '../dictionaries';
import { defineEntity } from '../entity';

export const stockMoveType = defineDictionary({
  code: 'stock_move_type',
  label: { zh: '库存业务', en: 'Stock movement' },
  items: [
    { value: 'receipt', label: { zh: '采购收货', en: 'Purchase receipt' } },
    { value: 'move', label: { zh: '移库', en: 'Move' } },
    { value: 'transfer', label: { zh: '调拨', en: 'Transfer' } },
    { value: 'return', label: { zh: '采购退货', en: 'Purchase return' } },
    { value: 'calloff', label: { zh: '叫料收货', en: 'Call-off receipt' } },
  ],
});

/**
 * Stock on hand by material and location (issue 17). The quantity is written only by the stock service
 * (receipts, moves, transfers, returns, call-off receipts); a user may register a material at a
 * location with nothing on hand (one row per pair, services/purchasing hooks).
 */
export const stockBalance = defineEntity({
  name: 'stockbalance',
  table: 'wms_stock',
  prefix: 'srmapi',
  menuCode: 'wms.stock',
  label: { zh: '库存', en: 'Stock' },
  titleField: 'material_id',
  defaultSort: { field: 'material_id', dir: 'asc' },
  fields: [
    { key: 'material_id', label: { zh: '物料', en: 'Material' }, type: 'reference', required: true, ref: { entity: 'material', labelField: 'name', codeField: 'code' } },
    { key: 'location_id', label: { zh: '库位', en: 'Location' }, type: 'reference', required: true, ref: { entity: 'warehouselocation', labelField: 'name', codeField: 'code' } },
    { key: 'qty', label: { zh: '库存数量', en: 'On hand' }, type: 'decimal', readonly: true },
  ],
});

/** Stock history: one row per change of a balance, with the balance after it and the document behind it. */
export const stockLedger = defineEntity({
  name: 'stockledger',
  table: 'wms_stock_ledger',
  prefix: 'srmapi',
  menuCode: 'wms.ledger',
  label: { zh: '库存流水', en: 'Stock history' },
  titleField: 'doc_no',
  defaultSort: { field: 'created_at', dir: 'desc' },
  fields: [
    { key: 'material_id', label: { zh: '物料', en: 'Material' }, type: 'reference', readonly: true, ref: { entity: 'material', labelField: 'name', codeField: 'code' } },
    { key: 'location_id', label: { zh: '库位', en: 'Location' }, type: 'reference', readonly: true, ref: { entity: 'warehouselocation', labelField: 'name', codeField: 'code' } },
    { key: 'move_type', label: { zh: '业务类型', en: 'Movement' }, type: 'dict', dict: 'stock_move_type', readonly: true },
    { key: 'qty_change', label: { zh: '变动数量', en: 'Change' }, type: 'decimal', readonly: true },
    { key: 'qty_after', label: { zh: '变动后库存', en: 'On hand after' }, type: 'decimal', readonly: true },
    { key: 'doc_no', label: { zh: '单据号', en: 'Document no.' }, type: 'code', maxLength: 40, readonly: true },
    // The only thing a person writes on a history line: a note (the movement itself is the service's).
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'text', maxLength: 200 },
  ],
});
