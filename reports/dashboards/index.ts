// Dashboard declarations register on import (src/model/dashboard.ts); `/visual/{opt}` reads them
// (the control tower's own page, `/visual/control-tower`, draws its widgets with the same machinery).
export { controlTower } from './control-tower.dashboard';
export { productionDashboard } from './production.dashboard';
export { sourcingDashboard } from './sourcing.dashboard';
// The personal boards: dashboards each user composes of blocks, tower widgets and designed tiles.
export { homeBoard, myDashboard } from './personal.board';
