import type { RouteObject } from 'react-router-dom';
import { ALLOCATION_WORKBENCH_PATH } from '../../../../grids/orders/menu';
import { lazyPage } from '../../engine/lazy-page';

const orders = () => import('./OrderListPage');
const workbench = () => import('../allocation/AllocationWorkbenchPage');

/**
 * The hand-made screens of orders and allocation (issue 6). Their static paths outrank the engine's
 * generic `/:cata/masterdetail/:opt` routes, so the requirement orders and customer orders open with
 * the matrix entries and live state, while their page declarations (grids/orders) still drive the
 * columns, tabs and form. The shell mounts these beside the engine's routes.
 */
export const orderRoutes: RouteObject[] = [
  { path: 'scm/masterdetail/prorder', ...lazyPage(orders, 'PrOrdersPage') },
  { path: 'scm/index/customerorder', ...lazyPage(orders, 'CustomerOrdersPage') },
  { path: ALLOCATION_WORKBENCH_PATH.slice(1), ...lazyPage(workbench, 'AllocationWorkbenchPage') },
];
