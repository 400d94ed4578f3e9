import { getCall } from './call';

/**
 * The declared dashboards' calls (src/model/dashboard.ts, reports/dashboards), served by
 * src/server/services/reports/dashboard.routes.ts; the widgets' runs are `reportCalls.run`.
 */
/** An organisation of the caller's company with the users it holds (itself and the organisations below it). */
export type DashboardOrg = { id: number; name: string; code: string; parentId: number | null; users: number[] };

export const dashboardCalls = {
  /** The company's organisations for a dashboard's organisation filter (asks for the dashboard's menu entry). */
  orgs: getCall<{ name: string }, DashboardOrg[]>('/rptapi/dashboard/:name/orgs'),
};
