import { sql } from 'kysely';
import type { ServerQuery } from '../../src/server/services/reports/query-kit';

/**
 * Allocation by vendor, version and season (report `allocation-by-vendor`): the allocation cells
 * (the cell list's WHERE on `t`: tenant, data permissions, filters) with the season and category of
 * their demand line, joined within the same tenant.
 */
export const query: ServerQuery = async ({ tx, clientId, where }) => {
  const r = await sql<{ vendor: string; version: string; season: string | null; category: string | null; cycle: string; qty: number }>`
    select t.vendor_id::text as vendor, t.version_id::text as version, d.season, d.category, t.cycle, coalesce(t.qty, 0)::float8 as qty
    from scm_alloc_cell t left join scm_demand d on d.id = t.demand_id and d.client_id = ${clientId}
    where ${where}`.execute(tx);
  return r.rows.map((x) => ({ ...x, qty: Number(x.qty) }));
};
