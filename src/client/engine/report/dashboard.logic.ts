import type { DashboardFilters } from '../../../model';
import type { DashboardOrg } from '../../../model/calls/dashboards';

/** An organisation of the dashboard's filter (GET /rptapi/dashboard/:name/orgs): its members include those of the organisations below it. */
export type { DashboardOrg } from '../../../model/calls/dashboards';

/** The default range: from the first day of last month to the last day of the month three months on (the control tower's). */
export function defaultRange(today: string): { from: string; to: string } {
  const [y, m] = today.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 2, 1));
  const last = new Date(Date.UTC(y, m + 3, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The dashboard's filters from its URL (`?from=&to=&org=`, so a reload, a link and the back button
 * keep them): a bad or missing date takes the default range's; an organisation not in the list is
 * the whole company.
 */
export function filtersOf(search: URLSearchParams, orgs: DashboardOrg[] | null, today: string): DashboardFilters & { org: number | null } {
  const d = defaultRange(today);
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const orgId = Number(search.get('org'));
  const org = orgs?.find((o) => o.id === orgId) ?? null;
  return { from: ISO.test(from) ? from : d.from, to: ISO.test(to) ? to : d.to, org: org?.id ?? null, users: org ? org.users : null };
}

/** The organisations as an indented list (parents before their children, depth for the indent). */
export function orgOptions(orgs: DashboardOrg[]): Array<DashboardOrg & { depth: number }> {
  const ids = new Set(orgs.map((o) => o.id));
  const out: Array<DashboardOrg & { depth: number }> = [];
  const walk = (parent: number | null, depth: number) => {
    for (const o of orgs.filter((x) => (parent === null ? x.parentId === null || !ids.has(x.parentId) : x.parentId === parent))) {
      out.push({ ...o, depth });
      if (depth < 20) walk(o.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** Socket messages that mean the data under a dashboard changed (the control tower's). */
export const isDashboardRefresh = (m: unknown): boolean => {
  const type = m && typeof m === 'object' ? (m as { type?: unknown }).type : undefined;
  return type === 'report.changed' || type === 'schedule.changed';
};
