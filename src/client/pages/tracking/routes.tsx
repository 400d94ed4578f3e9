import type { RouteObject } from 'react-router-dom';
import { NODE_TIMELINE_BRAND_PATH, NODE_TRACKING_PATH, SUPPLIER_NODES_PATH } from '../../../model/node-tracking';
import { lazyPage } from '../../engine/lazy-page';

const pages = () => import('./NodeTrackingPages');
const supplierPages = () => import('./SupplierNodes');

/**
 * Node tracking's screens (issue 12): the maker's order node tracking, the brand's order node
 * progress, the supplier's nodes sent to it by its customers. (The node calendar is a declared
 * calendar view, calendars/node-tracking.calendar.ts, drawn by the calendar views' generic page.)
 */
export const trackingRoutes: RouteObject[] = [
  { path: NODE_TRACKING_PATH.slice(1), ...lazyPage(pages, 'NodeTrackingPage') },
  { path: NODE_TIMELINE_BRAND_PATH.slice(1), ...lazyPage(pages, 'BrandNodeTimelinePage') },
  { path: SUPPLIER_NODES_PATH.slice(1), ...lazyPage(supplierPages, 'SupplierNodesPage') },
];
