// Report declarations register on import (src/model/report.ts); the server's report routes read them.
export { ordersByStatus } from './orders-by-status/orders-by-status.query';
export { orderBook } from './order-book/order-book.query';
export { prOrderBook } from './pr-order-book/pr-order-book.query';
export { onTimeDelivery } from './on-time-delivery/on-time-delivery.query';
export { allocationByVendor } from './allocation-by-vendor/allocation-by-vendor.query';
export { allocationCoverage } from './allocation-coverage/allocation-coverage.query';
export { vendorCapacityVsAllocated } from './vendor-capacity-vs-allocated/vendor-capacity-vs-allocated.query';
export { capacityLoad } from './capacity-load/capacity-load.query';
export { purchaseSpend } from './purchase-spend/purchase-spend.query';
export { materialPriceTrend } from './material-price-trend/material-price-trend.query';
export { stockByLocation } from './stock-by-location/stock-by-location.query';
export { importHistory } from './import-history/import-history.query';
export { nodeRisk } from './node-risk/node-risk.query';
export { outsourcedWip } from './outsourced-wip/outsourced-wip.query';
export { vendorScorecard } from './vendor-scorecard/vendor-scorecard.query';
export { openExceptions } from './open-exceptions/open-exceptions.query';
export { reportsMenu } from './menu';
