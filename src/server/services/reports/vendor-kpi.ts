import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import { vendorQualityEvents } from './vendor-quality';

/**
 * The vendor KPI figures (report `vendor-kpi`; the outsourced orders' vendor proposal), per vendor of
 * one company, from its own purchase orders, inspections, declared capacity and allocation cells, every
 * statement bound to the tenant. With a period (issue 35) each figure covers that period only:
 * - on time: orders due in it (delivery date inside the period; received, or past that date);
 * - quality: inspections made in it;
 * - capacity and allocation: the months of the period (a weekly cycle counts in the month it starts);
 * - price: order lines of orders placed in it, against the average price of the same period.
 * Without a period, everything the company holds (the report's figures before issue 35).
 */
export type ReportPeriod = { from: string; to: string };
export type VendorFigures = { due: number; on_time: number; inspected: number; passed: number; capacity: number; allocated: number; spend: number; benchmark: number };

const month = (d: string) => d.slice(0, 7);
/** An allocation cycle's month: 'YYYY-MM' itself, 'YYYY-Www' the month its Monday falls in. */
const cycleMonth = (col: RawBuilder<unknown>) => sql`(case when ${col} ~ '^[0-9]{4}-W[0-9]{2}$' then to_char(to_date(${col}, 'IYYY-"W"IW'), 'YYYY-MM') else left(${col}, 7) end)`;

export async function vendorKpiFigures(tx: Db, clientId: number, ids: number[], period: ReportPeriod | null): Promise<Map<number, VendorFigures>> {
  const fig = new Map<number, VendorFigures>(ids.map((id) => [id, { due: 0, on_time: 0, inspected: 0, passed: 0, capacity: 0, allocated: 0, spend: 0, benchmark: 0 }]));
  if (!ids.length) return fig;
  const add = (id: number, k: keyof VendorFigures, n: number) => {
    const f = fig.get(id);
    if (f) f[k] += n;
  };
  const dueIn = period ? sql`and p.delivery_date between ${period.from}::date and ${period.to}::date` : sql``;
  // On time: as the scorecard counts it (first receive action, else the last update of a received order).
  const due = await sql<{ vendor_id: number; due: number; on_time: number }>`
    with o as (select p.id, p.vendor_id, p.delivery_date, p.status, p.updated_at from pur_order p
      where p.client_id = ${clientId} and p.vendor_id in (${sql.join(ids)}) and p.status not in ('draft', 'rejected', 'cancelled') and (p.status = 'received' or p.delivery_date < current_date) ${dueIn})
    select o.vendor_id, count(*)::int as due, sum((o.status = 'received' and o.delivery_date is not null and coalesce(
      (select min(a.at) from audit_log a where a.client_id = ${clientId} and a.entity = 'purorder' and a.record_id = o.id and a.action = 'receive'), o.updated_at)::date <= o.delivery_date)::int)::int as on_time
    from o group by o.vendor_id`.execute(tx);
  for (const r of due.rows) {
    add(Number(r.vendor_id), 'due', Number(r.due));
    add(Number(r.vendor_id), 'on_time', Number(r.on_time));
  }
  for (const e of await vendorQualityEvents(tx, clientId)) {
    if (period && (e.day < period.from || e.day > period.to)) continue;
    add(e.vendor_id, 'inspected', 1);
    add(e.vendor_id, 'passed', e.passed);
  }
  const capIn = period ? sql`and cycle between ${month(period.from)} and ${month(period.to)}` : sql``;
  const cap = await sql<{ vendor_id: number; capacity: number }>`select vendor_id, sum(capacity)::float8 as capacity from scm_vendor_capacity
    where client_id = ${clientId} and vendor_id in (${sql.join(ids)}) ${capIn} group by vendor_id`.execute(tx);
  for (const r of cap.rows) add(Number(r.vendor_id), 'capacity', Number(r.capacity));
  const allocIn = period ? sql`and ${cycleMonth(sql`c.cycle`)} between ${month(period.from)} and ${month(period.to)}` : sql``;
  const alloc = await sql<{ vendor_id: number; allocated: number }>`select c.vendor_id, sum(c.qty)::float8 as allocated from scm_alloc_cell c
    join scm_alloc_version v on v.id = c.version_id and v.client_id = ${clientId}
    where c.client_id = ${clientId} and c.vendor_id in (${sql.join(ids)}) and v.status <> 'archived' ${allocIn} group by c.vendor_id`.execute(tx);
  for (const r of alloc.rows) add(Number(r.vendor_id), 'allocated', Number(r.allocated));
  // Price: each priced line against the company's average unit price of its material and currency (weighted by quantity).
  const placedIn = period ? sql`and p.order_date between ${period.from}::date and ${period.to}::date` : sql``;
  const price = await sql<{ vendor_id: number; spend: number; benchmark: number }>`
    with l as (select p.vendor_id, p.currency, x.material_id, x.qty, x.unit_price from pur_order p join pur_order_line x on x.client_id = p.client_id and x.order_id = p.id
      where p.client_id = ${clientId} and p.status not in ('draft', 'rejected', 'cancelled') and x.material_id is not null and x.unit_price > 0 and x.qty > 0 ${placedIn}),
    avg_price as (select material_id, currency, sum(qty * unit_price) / sum(qty) as price from l group by material_id, currency)
    select l.vendor_id, sum(l.qty * l.unit_price)::float8 as spend, sum(l.qty * a.price)::float8 as benchmark
    from l join avg_price a on a.material_id = l.material_id and a.currency = l.currency
    where l.vendor_id in (${sql.join(ids)}) group by l.vendor_id`.execute(tx);
  for (const r of price.rows) {
    add(Number(r.vendor_id), 'spend', Math.round(Number(r.spend) * 100) / 100);
    add(Number(r.vendor_id), 'benchmark', Math.round(Number(r.benchmark) * 100) / 100);
  }
  return fig;
}
