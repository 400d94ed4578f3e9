import type { RouteObject } from 'react-router-dom';

const station = () => import('./InspectionStationPage');

/** Quality inspection (issue 18): the inspection station; the lists are the engine's (grids/quality). */
export const qualityRoutes: RouteObject[] = [
  {
    path: 'zp/quality/index/inspectstation',
    handle: { titleKey: 'qm.station.title' },
    lazy: async () => ({ Component: (await station()).InspectionStationPage }),
  },
];
