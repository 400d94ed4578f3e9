import { getCall, postCall } from './call';
import type { BoardItem } from '../widget-settings';

/**
 * The declared dashboards' calls (src/model/dashboard.ts, reports/dashboards), served by
 * src/server/services/reports/dashboard.routes.ts; the widgets' runs are `reportCalls.run`.
 */
/** An organisation of the caller's company with the users it holds (itself and the organisations below it). */
export type DashboardOrg = { id: number; name: string; code: string; parentId: number | null; users: number[] };

export const dashboardCalls = {
  /** The company's organisations for a dashboard's organisation filter (asks for the dashboard's menu entry). */
  orgs: getCall<{ name: string }, DashboardOrg[]>('/rptapi/dashboard/:name/orgs'),
  /** The caller's arrangement of the dashboard (its widgets' order and hidden ones), null until arranged. */
  layout: getCall<{ name: string }, { items: BoardItem[] | null }>('/rptapi/dashboard/:name/layout'),
  /** Replaces the caller's arrangement; a key that is no widget of the dashboard is refused (11000, `items`). */
  saveLayout: postCall<{ name: string; items: BoardItem[] }, { items: BoardItem[] }>('/rptapi/dashboard/:name/layout'),
};
