import type { RouteObject } from 'react-router-dom';

type PageModule = Record<string, unknown>;

function lazyPage(load: () => Promise<PageModule>, name: string): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const m = await load();
      return { Component: m[name] as React.ComponentType };
    },
  };
}

const workorders = () => import('./WorkOrdersPage');
const scan = () => import('./ScanValidatePage');
const tickets = () => import('./BundleTicketsPage');

/**
 * Production execution (issue 12). The work order list keeps its page declaration (grids/production)
 * and adds the report and bundle dialogs; the scan validation page is the spec's own route; the
 * ticket sheet prints a plan's bundles. Static paths outrank the engine's generic routes.
 */
export const productionRoutes: RouteObject[] = [
  { path: 'scm/index/workorder', ...lazyPage(workorders, 'WorkOrdersPage') },
  { path: 'zp/prodmgm/index/vfscanvalidate', handle: { titleKey: 'wo.scanpage.title' }, ...lazyPage(scan, 'ScanValidatePage') },
  { path: 'zp/prodmgm/page/bundletickets', handle: { titleKey: 'wo.ui.tickets' }, ...lazyPage(tickets, 'BundleTicketsPage') },
];
