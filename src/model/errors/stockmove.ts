import { defineErrors } from './define';

/** The errors of stockmove (fed into the stockmove catalogue part; see ./index). */
export const stockmoveErrors = defineErrors({
  'wms.move.moveOtherPlant': { kind: 'validation', zh: '移库需在同一工厂的库位之间；跨工厂请用调拨', en: 'A move stays within one plant; between plants use a transfer' },
  'wms.move.returnMaterial': { kind: 'validation', zh: '该采购订单没有此物料的已收货数量可退', en: 'The purchase order has no received quantity of this material left to return' },
  'wms.move.transferSamePlant': { kind: 'validation', zh: '调拨需在不同工厂的库位之间；同一工厂内请用移库', en: 'A transfer goes between locations of different plants; within a plant use a move' },
  'wms.stock.hasStock': { kind: 'inUse', zh: '库存不为零的记录不能删除或改到其他物料、库位', en: 'A stock row holding stock cannot be removed or moved to another material or location' },
  'wms.stock.insufficient': { kind: 'validation', zh: '移库或调拨数量不能超过源库位的库存', en: 'The moved or transferred quantity cannot exceed the stock in the source location' },
  'wms.stock.returnInsufficient': { kind: 'validation', zh: '退货数量不能超过库位的库存', en: 'The returned quantity cannot exceed the stock in the location' },
});
