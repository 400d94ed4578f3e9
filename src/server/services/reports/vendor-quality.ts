import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import { brandInspectionResults } from '../quality/quality.share';

/**
 * Quality by vendor (issue 16 vendor KPI; quality inspections of issue 18): the submitted inspection
 * results a company can attribute to one of its vendors, one event per inspection (its day and
 * whether it passed; a re-inspected record counts as the failure it was, its re-inspection as its
 * own result).
 *
 * - A maker's own inspections of an outsourced order: the order's vendor (same tenant).
 * - A brand's orders inspected at its makers: read only through the brand's order shares
 *   (`brandInspectionResults`, services/quality/quality.share.ts: submitted results of the brand's own
 *   orders, nothing else of the maker), attributed to the brand's vendor record linked to that
 *   maker's platform company (`platform_client_code`), the lowest id when several are linked.
 */
export type QualityEvent = { vendor_id: number; day: string; passed: 0 | 1 };

export async function vendorQualityEvents(tx: Db, clientId: number): Promise<QualityEvent[]> {
  const own = (await sql<{ vendor_id: number; day: string; passed: number }>`select os.vendor_id, to_char(i.inspected_at::date, 'YYYY-MM-DD') as day, (i.result = 'pass')::int as passed
    from qm_inspection i join scm_outsource_order os on os.client_id = i.client_id and os.id = i.outsource_id
    where i.client_id = ${clientId} and i.status in ('submitted', 'reinspected') and i.inspected_at is not null and os.vendor_id is not null`.execute(tx)).rows;
  const out: QualityEvent[] = own.map((r) => ({ vendor_id: Number(r.vendor_id), day: r.day, passed: Number(r.passed) ? 1 : 0 }));
  const shared = await brandInspectionResults(tx, clientId);
  if (!shared.length) return out;
  // The makers the company shares orders with, by the name the results carry, and the vendor linked to each.
  const makers = (await sql<{ name: string; vendor_id: number | null }>`select c.name,
      (select min(v.id) from md_vendor v where v.client_id = ${clientId} and upper(v.platform_client_code) = upper(c.code)) as vendor_id
    from clients c where c.id in (select s.to_client from scm_order_share s where s.client_id = ${clientId} and s.from_client = ${clientId} and s.source_entity = 'prorder')`.execute(tx)).rows;
  const vendorOf = new Map(makers.filter((m) => m.vendor_id !== null).map((m) => [m.name, Number(m.vendor_id)]));
  for (const r of shared) {
    const vendor = vendorOf.get(String(r.maker_name));
    if (!vendor || !r.inspected_at) continue;
    out.push({ vendor_id: vendor, day: String(r.inspected_at).slice(0, 10), passed: r.result === 'pass' ? 1 : 0 });
  }
  return out;
}

/**
 * The events a report's list WHERE admits, evaluated over a row of `table`'s type that holds only
 * the tenant, the vendor and the day (in `vendorColumn` and `dayColumn`): a filter on the vendor or
 * the date applies as it does to the list's rows, and a data permission on any other column of that
 * list admits none of them (its column is empty), so quality is never shown beyond the rows a user
 * may see.
 */
export async function admittedEvents(tx: Db, clientId: number, events: QualityEvent[], where: RawBuilder<unknown>, table: 'pur_order' | 'md_vendor', vendorColumn: string, dayColumn: string | null): Promise<QualityEvent[]> {
  if (!events.length) return [];
  const rows = events.map((e, idx) => ({ idx, vendor_id: e.vendor_id, day: e.day }));
  const fields = sql`jsonb_build_object('client_id', ${clientId}::bigint, ${vendorColumn}::text, q.vendor_id${dayColumn ? sql`, ${dayColumn}::text, q.day` : sql``})`;
  const kept = await sql<{ idx: number }>`select q.idx from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as q(idx int, vendor_id bigint, day date)
    cross join lateral jsonb_populate_record(null::${sql.table(table)}, ${fields}) t where ${where}`.execute(tx);
  return kept.rows.map((r) => events[Number(r.idx)]);
}
