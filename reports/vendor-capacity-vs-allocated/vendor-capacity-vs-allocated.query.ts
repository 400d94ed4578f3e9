import { sql } from 'kysely';
import type { ServerQuery } from '../../src/server/services/reports/query-kit';

/**
 * Vendor capacity against allocation (report `vendor-capacity-vs-allocated`): the vendor capacity
 * list's rows (WHERE on `t`: tenant, data permissions, filters) per vendor and month, beside the
 * quantity allocated to that vendor in that month by the cells of published and draft allocation
 * versions of the same tenant (a cell's cycle is its month, or a week inside it).
 */
/** A cycle's month: 'YYYY-MM' as is; an ISO week 'YYYY-Www' by the month of its Thursday. */
export function cycleMonth(cycle: string): string {
  const w = /^(\d{4})-W(\d{2})$/.exec(cycle);
  if (!w) return cycle.slice(0, 7);
  const jan4 = new Date(Date.UTC(Number(w[1]), 0, 4));
  const monday = jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * 86400000 + (Number(w[2]) - 1) * 7 * 86400000;
  return new Date(monday + 3 * 86400000).toISOString().slice(0, 7);
}

export const query: ServerQuery = async ({ tx, clientId, where }) => {
  const cap = await sql<{ vendor: string; month: string; capacity: number }>`
    select t.vendor_id::text as vendor, t.cycle as month, sum(t.capacity)::float8 as capacity
    from scm_vendor_capacity t where ${where} and t.vendor_id is not null group by 1, 2`.execute(tx);
  const vendors = [...new Set(cap.rows.map((r) => Number(r.vendor)))];
  const alloc = vendors.length
    ? await sql<{ vendor: string; month: string; allocated: number }>`
      select c.vendor_id::text as vendor, c.cycle as month, sum(c.qty)::float8 as allocated
      from scm_alloc_cell c join scm_alloc_version v on v.id = c.version_id and v.client_id = ${clientId}
      where c.client_id = ${clientId} and c.vendor_id in (${sql.join(vendors)}) and v.status <> 'archived'
      group by 1, 2`.execute(tx)
    : { rows: [] };
  const key = (v: string, m: string) => `${v}|${m}`;
  const allocated = new Map<string, number>();
  for (const r of alloc.rows) {
    const k = key(r.vendor, cycleMonth(r.month));
    allocated.set(k, (allocated.get(k) ?? 0) + Number(r.allocated));
  }
  const months = new Set(cap.rows.map((r) => key(r.vendor, r.month)));
  return [
    ...cap.rows.map((r) => ({ vendor: r.vendor, month: r.month, capacity: Number(r.capacity), allocated: allocated.get(key(r.vendor, r.month)) ?? 0 })),
    // Allocation in a month the vendor declared no capacity for: load without capacity.
    ...[...allocated].filter(([k]) => !months.has(k)).map(([k, qty]) => ({ vendor: k.split('|')[0], month: k.split('|')[1], capacity: 0, allocated: qty })),
  ];
};
