import type { RouteObject } from 'react-router-dom';

/**
 * Production execution (issue 12). The work order list is the engine's (grids/production), a plan's
 * bundle tickets the bundle page's labels; the scan validation page is the spec's own route.
 */
export const productionRoutes: RouteObject[] = [
  { path: 'zp/prodmgm/index/vfscanvalidate', handle: { titleKey: 'wo.scanpage.title' }, lazy: async () => ({ Component: (await import('./ScanValidatePage')).ScanValidatePage }) },
];
