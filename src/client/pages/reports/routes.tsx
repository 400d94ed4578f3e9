import type { RouteObject } from 'react-router-dom';
import { earlySettled } from '../../api/early-calls';

const reportPage = async () => ({ Component: (await import('../../engine/report/ReportPage')).ReportRoute });
const reportDocument = async () => ({ Component: (await import('../../engine/report/ReportPage')).ReportDocumentRoute });
const wallDashboard = async () => ({ Component: (await import('../../engine/report/Dashboard')).DashboardRoute });
const workbenchDashboard = async () => ({ Component: (await import('../../engine/report/Dashboard')).WorkbenchDashboardRoute });
/**
 * The tower mounts once the designed tiles the document asked on a first visit (early-calls.js) are
 * in, or 2.5 s after the navigation: drawn in its first frame, they do not push the tower's widgets
 * down when they come (a layout shift of 0.18 when they came after the tower's code). Its own call's
 * reply too, 1.5 s at most: then its first frame draws the widgets and their charts, in one commit,
 * instead of a frame of spinners and a second render with the reply.
 */
const controlTower = async () => {
  const [page] = await Promise.all([import('../visual/ControlTower'), earlySettled('__tilesEarly', 2500), earlySettled('__towerEarly', 1500)]);
  return { Component: page.ControlTower };
};

/**
 * Report pages (issue 13), loaded on first use with ECharts: `/{cata}/dsrptindex/{opt}` (opt = report
 * name), the control tower `/visual/control-tower`, the declared dashboards (reports/dashboards) on
 * the wall `/visual/{opt}` and in the workbench `/workspace/ecindex/{opt}`, and the client reports
 * `/clientrpt/{opt}` and `/clientrpt/index/{opt}` (a report), `/clientrpt/page/{opt}` (a dashboard) and
 * `/clientrpt/document/{opt}` (a report as a printable document).
 * These come before the "not available yet" spec routes of the same paths.
 */
export const reportRoutes: RouteObject[] = [
  // Figure alerts (issue 34): before the generic `/{cata}/page/{opt}` routes.
  { path: 'rpt/page/alerts', lazy: async () => ({ Component: (await import('../visual/alerts/AlertsPage')).AlertsPage }) },
  // The tile designer (issue 34).
  { path: 'rpt/page/tiles', lazy: async () => ({ Component: (await import('../visual/tiles/TilesPage')).TilesPage }) },
  { path: ':cata/dsrptindex/:opt', lazy: reportPage },
  {
    path: 'visual/control-tower',
    lazy: controlTower,
  },
  { path: 'visual/:opt', lazy: wallDashboard },
  // The production area's visual pages (`/zp/visual/{opt}`): the same walls.
  {
    path: 'zp/visual/control-tower',
    lazy: controlTower,
  },
  { path: 'zp/visual/:opt', lazy: wallDashboard },
  { path: 'workspace/ecindex/:opt', lazy: workbenchDashboard },
  { path: 'clientrpt/:opt', lazy: reportPage },
  { path: 'clientrpt/index/:opt', lazy: reportPage },
  { path: 'clientrpt/page/:opt', lazy: workbenchDashboard },
  { path: 'clientrpt/document/:opt', lazy: reportDocument },
];
