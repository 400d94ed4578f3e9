import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import '../../../../reports/dashboards';
import { dashboardMenuCode, getDashboard } from '../../../model';
import { authOf, requireAuth } from '../../access/auth-context';
import { serveCall } from '../../http/calls';
import { dashboardCalls, type DashboardOrg } from '../../../model/calls/dashboards';
import { notFound } from '../../http/errors';
import { inputOf } from '../../access/input.util';
import { requestLanguage } from '../../http/envelope';
import { readDashboardLayout, saveDashboardLayout } from './dashboard-layout';
import { assertCan } from '../../resources/permissions';
import type { Db } from '../../db/database';
import { withTenant } from '../../kernel/rls';

/**
 * GET /api/rptapi/dashboard/:name/orgs   the caller's company's organisations (a tree) for the
 * dashboard's organisation filter, each with the users it holds: users whose organisation, or one of
 * whose positions, is that organisation or one below it. The dashboard sends those ids as the
 * reports' `f.created_by.in` filter, which the report engine applies in SQL like any list filter
 * (tenant and data permissions first). Asks for the dashboard's menu entry (`rpt.visual.<name>`).
 * GET|POST /api/rptapi/dashboard/:name/layout   the caller's arrangement of the dashboard or personal board
 * (dashboard-layout.ts).
 */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  serveCall(app, dashboardCalls.orgs, { preHandler: requireAuth }, async (req) => {
    const dashboard = getDashboard((req.params as { name: string }).name);
    // A composed board (the personal boards) has no organisation filter.
    if (!dashboard || dashboard.composed) throw notFound();
    const clientId = await assertCan(authOf(req), dashboardMenuCode(dashboard.name), 'read', { db: app.db });
    return companyOrgs(app.db, clientId);
  });

  // A user arranges every declared dashboard (issue 30), the personal boards too (dashboard-layout.ts).
  const dashboardOf = (req: FastifyRequest) => {
    const dashboard = getDashboard((req.params as { name: string }).name);
    if (!dashboard) throw notFound();
    return dashboard;
  };
  serveCall(app, dashboardCalls.layout, { preHandler: requireAuth }, async (req) => ({ items: await readDashboardLayout(app.db, authOf(req), dashboardOf(req)) }));
  serveCall(app, dashboardCalls.saveLayout, { preHandler: requireAuth, bodyLimit: 64 * 1024 }, async (req) => {
    const dashboard = dashboardOf(req);
    return { items: await saveDashboardLayout(app.db, authOf(req), dashboard, inputOf(req).items, requestLanguage(req)) };
  });
}

/**
 * The company's organisations with the users each holds: users whose organisation, or one of whose
 * positions, is that organisation or one below it (the dashboards' and the control tower's
 * organisation filter; the reports filter `created_by` on those users).
 */
export async function companyOrgs(db: Db, clientId: number): Promise<DashboardOrg[]> {
  const rows = await withTenant(db, clientId, async (tx) =>
    (
      await sql<{ id: number; name: string; code: string; parent_id: number | null; users: number[] | null }>`
        with recursive sub(root, id, depth) as (
          select o.id, o.id, 0 from md_org o where o.client_id = ${clientId}
          union all
          select sub.root, c.id, sub.depth + 1 from md_org c join sub on c.parent_id = sub.id where c.client_id = ${clientId} and sub.depth < 50
        ),
        member(org_id, user_id) as (
          select u.org_id, u.id from users u where u.client_id = ${clientId} and u.org_id is not null
          union
          select p.org_id, p.user_id from md_position p where p.client_id = ${clientId} and p.org_id is not null and p.user_id is not null
        )
        select o.id::int as id, o.name, o.code, o.parent_id::int as parent_id,
          (select array_agg(distinct m.user_id::int order by m.user_id::int) from sub join member m on m.org_id = sub.id where sub.root = o.id) as users
        from md_org o where o.client_id = ${clientId} order by o.code`.execute(tx)
    ).rows,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, code: r.code, parentId: r.parent_id, users: r.users ?? [] }));
}
