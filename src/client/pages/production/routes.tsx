import type { RouteObject } from 'react-router-dom';

/**
 * Production execution (issue 12). The work order list keeps its page declaration (grids/production)
 * and adds its two tools; the scan validation page is the spec's own route; the ticket sheet prints
 * a plan's bundles. Static paths outrank the engine's generic routes.
 */
export const productionRoutes: RouteObject[] = [
  { path: 'scm/index/workorder', lazy: async () => ({ Component: (await import('./WorkOrdersPage')).WorkOrdersPage }) },
  { path: 'zp/prodmgm/index/vfscanvalidate', handle: { titleKey: 'wo.scanpage.title' }, lazy: async () => ({ Component: (await import('./ScanValidatePage')).ScanValidatePage }) },
  { path: 'zp/prodmgm/page/bundletickets', handle: { titleKey: 'wo.ui.tickets' }, lazy: async () => ({ Component: (await import('./BundleTicketsPage')).BundleTicketsPage }) },
];
