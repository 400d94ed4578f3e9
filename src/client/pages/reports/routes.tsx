import type { RouteObject } from 'react-router-dom';

/**
 * Report pages (issue 13), loaded on first use with ECharts: `/{cata}/dsrptindex/{opt}` (opt = report
 * name) and the dashboards `/visual/{opt}` (the control tower: `/visual/control-tower`).
 */
export const reportRoutes: RouteObject[] = [
  {
    path: ':cata/dsrptindex/:opt',
    lazy: async () => ({ Component: (await import('./ReportPage')).ReportRoute }),
  },
  {
    path: 'visual/control-tower',
    lazy: async () => ({ Component: (await import('../visual/ControlTower')).ControlTower }),
  },
];
