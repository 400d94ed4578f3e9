// Report declarations register on import (src/model/report.ts); the server's report routes read them.
export { ordersByStatus } from './orders-by-status/orders-by-status.query';
export { reportsMenu } from './menu';
