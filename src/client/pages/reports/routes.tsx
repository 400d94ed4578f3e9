import type { RouteObject } from 'react-router-dom';

/** Report pages (issue 13), loaded on first use with ECharts: `/{cata}/dsrptindex/{opt}` (opt = report name). */
export const reportRoutes: RouteObject[] = [
  {
    path: ':cata/dsrptindex/:opt',
    lazy: async () => ({ Component: (await import('./ReportPage')).ReportPage }),
  },
];
