import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../engine/lazy-page';

/**
 * The supplier's outsourced tasks with the shipment editor and the maker's outsourced orders with the
 * receipt table (issue 12). The static paths outrank the engine's generic `/:cata/masterdetail/:opt`;
 * the page declarations (grids/outsource) still drive the columns, tabs, form and actions.
 */
export const outsourceRoutes: RouteObject[] = [
  { path: 'scm/masterdetail/outsourcetask', ...lazyPage(() => import('./OutsourceTasksPage'), 'OutsourceTasksPage') },
  { path: 'scm/masterdetail/outsourceorder', ...lazyPage(() => import('./OutsourceOrdersPage'), 'OutsourceOrdersPage') },
];
