import { sql } from 'kysely';
import type { ServerQuery } from '../../src/server/services/reports/query-kit';

/**
 * Sourcing projects by stage (report `sourcing-in-progress`): each project under the project list's
 * WHERE (`srm_src_project t`: tenant, data permissions, filters) with its state, type, priority and
 * deadline month; overdue = its deadline is before today and it has neither ended nor been cancelled; suppliers
 * = its sourcing records not eliminated, joined in the same tenant.
 */
export const query: ServerQuery = async ({ tx, where, clientId }) => {
  const r = await sql<Record<string, unknown>>`
    select t.status, t.src_type, t.priority, to_char(t.deadline, 'YYYY-MM') as month,
      (t.deadline is not null and t.deadline < current_date and t.status not in ('evaluation_ended', 'cancelled')) as overdue,
      (select count(*)::int from srm_src_record r where r.client_id = ${clientId} and r.project_id = t.id and r.status <> 'eliminated') as suppliers
    from srm_src_project t where ${where}`.execute(tx);
  return r.rows.map((x) => ({
    status: (x.status as string | null) ?? null,
    type: (x.src_type as string | null) ?? null,
    priority: (x.priority as string | null) ?? null,
    month: (x.month as string | null) ?? null,
    projects: 1,
    on_schedule: x.overdue ? 0 : 1,
    overdue: x.overdue ? 1 : 0,
    suppliers: Number(x.suppliers),
  }));
};
