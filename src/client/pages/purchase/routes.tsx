import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../engine/lazy-page';

const purchase = () => import('./PurchaseListPage');

/**
 * The purchasing lists with table dialogs (issue 17). Their static paths outrank the engine's generic
 * `/:cata/masterdetail/:opt` route, so the purchase orders open with the receipt dialog and the
 * incoming purchase orders with the shipment editor, while their page declarations (grids/purchase)
 * still drive the columns, tabs, form and actions. The shell mounts these beside the engine's routes.
 */
export const purchaseRoutes: RouteObject[] = [
  { path: 'srm/masterdetail/purorder', ...lazyPage(purchase, 'PurOrdersPage') },
  { path: 'srm/masterdetail/supplierorder', ...lazyPage(purchase, 'SupplierOrdersPage') },
];
