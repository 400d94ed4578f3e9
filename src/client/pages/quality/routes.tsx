import type { RouteObject } from 'react-router-dom';

const station = () => import('./InspectionStationPage');
const brand = () => import('./BrandInspectionsPage');

/** Quality inspection (issue 18): the inspection station, the brand's results; the lists are the engine's (grids/quality). */
export const qualityRoutes: RouteObject[] = [
  {
    path: 'zp/quality/index/inspectstation',
    handle: { titleKey: 'qm.station.title' },
    lazy: async () => ({ Component: (await station()).InspectionStationPage }),
  },
  // The brand's results of its own orders (static, so it outranks the generic /{cata}/page/{opt}).
  { path: 'scm/page/order-inspections', handle: { titleKey: 'qm.brand.title' }, lazy: async () => ({ Component: (await brand()).BrandInspectionsPage }) },
];
