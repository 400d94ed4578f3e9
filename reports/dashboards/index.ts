// Dashboard declarations register on import (src/model/dashboard.ts); `/visual/{opt}` reads them.
export { productionDashboard } from './production.dashboard';
export { sourcingDashboard } from './sourcing.dashboard';
