import { sql } from 'kysely';
import { admittedEvents, vendorQualityEvents, type ServerQuery } from '../../src/server/services/reports/query-kit';

/**
 * Vendor scorecard (report `vendor-scorecard`): the company's purchase orders (the list's WHERE over
 * `pur_order t`) that are due: received, or past their delivery date and not draft, rejected or
 * cancelled. Per order: ordered, received and returned quantities of its lines (same tenant), on time
 * when received in full by its delivery date (the first `receive` action in the audit log, else the
 * last update of a received order), late otherwise.
 *
 * Quality (issue 16): one more row per submitted inspection result the company can attribute to a
 * vendor (vendor-quality.ts: a maker's inspections of its outsourced orders, a brand's orders
 * inspected at its makers through its shares), in the month it was inspected, with no order kind;
 * it passes the same WHERE as the orders (vendor and date filters apply, an order-kind filter or a
 * data permission on another column leaves it out).
 *
 * Period (issue 35, `p.from`/`p.to`): only the orders whose delivery date falls in it and the
 * inspections made in it.
 */
export const query: ServerQuery = async ({ tx, clientId, where, period }) => {
  // A period (issue 35): the orders due in it (delivery date inside it) and the inspections made in it.
  const dueIn = period ? sql`and t.delivery_date between ${period.from}::date and ${period.to}::date` : sql``;
  const r = await sql<Record<string, unknown>>`
    with o as (
      select t.id, t.vendor_id, t.order_kind, t.delivery_date, t.status, t.updated_at
      from pur_order t where ${where} and t.status not in ('draft', 'rejected', 'cancelled')
        and (t.status = 'received' or t.delivery_date < current_date) ${dueIn}
    )
    select o.vendor_id as vendor, to_char(o.delivery_date, 'YYYY-MM') as month, o.order_kind as kind,
      (o.status = 'received' and o.delivery_date is not null and coalesce(
        (select min(a.at) from audit_log a where a.client_id = ${clientId} and a.entity = 'purorder' and a.record_id = o.id and a.action = 'receive'),
        o.updated_at)::date <= o.delivery_date)::int as on_time,
      coalesce(sum(l.qty), 0) as ordered, coalesce(sum(l.received_qty), 0) as received, coalesce(sum(l.returned_qty), 0) as returned
    from o left join pur_order_line l on l.order_id = o.id and l.client_id = ${clientId}
    group by o.id, o.vendor_id, o.order_kind, o.delivery_date, o.status, o.updated_at`.execute(tx);
  const orders = r.rows.map((x) => ({
    vendor: x.vendor === null ? null : Number(x.vendor),
    month: (x.month as string | null) ?? null,
    kind: (x.kind as string | null) ?? null,
    due: 1,
    on_time: Number(x.on_time),
    late: 1 - Number(x.on_time),
    ordered: Number(x.ordered),
    received: Number(x.received),
    returned: Number(x.returned),
    inspected: 0,
    passed: 0,
  }));
  const events = (await vendorQualityEvents(tx, clientId)).filter((e) => !period || (e.day >= period.from && e.day <= period.to));
  const quality = (await admittedEvents(tx, clientId, events, where, 'pur_order', 'vendor_id', 'delivery_date')).map((e) => ({
    vendor: e.vendor_id, month: e.day.slice(0, 7), kind: null, due: 0, on_time: 0, late: 0, ordered: 0, received: 0, returned: 0, inspected: 1, passed: e.passed,
  }));
  return [...orders, ...quality];
};
