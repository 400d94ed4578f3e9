import { sql } from 'kysely';
import type { FinRecord } from '../../../model/finance-match';
import type { Db } from '../../db/database';
import { asTenant } from '../orders/cross-tenant.util';

/**
 * What each company recorded of its trade with the other in a period (issue 18: "the receipts,
 * returns, outsourced work received and deductions that both sides recorded"), read from each
 * company's own documents under that company's own tenant scope, and only documents that name the
 * other company: the buyer's by its vendors whose platform company code is the seller's, the
 * seller's copies by the buyer as their source company. Dates (docs/architecture-finance.md):
 *
 * | type | buyer's record, dated by | seller's record, dated by |
 * | --- | --- | --- |
 * | receipt | purchase order lines received (received qty x price), its latest receipt | its copy's lines dispatched, `dispatched_at` |
 * | return | the same orders' returned qty, negative | its copy's lines' returned qty, negative |
 * | outsource | outsourced order lines received (net of discount), its latest receipt | its task's lines dispatched, `dispatched_at` |
 * | goods | requirement orders the maker finished (qty x price), the finish as the brand's audit has it | its customer orders finished, its own finish |
 * | deduction | deduction tickets between the two (negative); the raising company at once, the other once the ticket is closed; the ticket's close date, else its raise date |
 */
type Row = Record<string, unknown>;
const n = (v: unknown) => (v === null || v === undefined || v === '' ? 0 : Number(v));
const item = (r: Row) => (r.material_code ? String(r.material_code) : [r.style_no, r.colour, r.size].filter((x) => x !== null && x !== undefined && x !== '').join('/'));
const day = (v: unknown) => (v ? String(v).slice(0, 10) : null);

export type Period = { from: string; to: string };
export type Parties = { buyerId: number; sellerId: number; sellerCode: string };

async function buyerRecords(tx: Db, p: Parties, period: Period): Promise<FinRecord[]> {
  const { buyerId } = p;
  const vendors = (await sql<{ id: number }>`select id from md_vendor where client_id = ${buyerId} and upper(platform_client_code) = upper(${p.sellerCode})`.execute(tx)).rows.map((r) => Number(r.id));
  const out: FinRecord[] = [];
  if (vendors.length) {
    const lastReceipt = (entity: string) => sql`(select max(a.at) from audit_log a where a.client_id = ${buyerId} and a.entity = ${entity} and a.record_id = o.id and a.action in ('receive', 'receive_part'))`;
    const po = (await sql<Row>`select * from (select o.po_no as doc_no, o.currency, l.style_no, l.colour, l.size, m.code as material_code, m.name as material_name,
        coalesce(l.received_qty, 0) as received_qty, coalesce(l.returned_qty, 0) as returned_qty, coalesce(l.unit_price, 0) as unit_price, ${lastReceipt('purorder')}::date as at
      from pur_order o join pur_order_line l on l.client_id = o.client_id and l.order_id = o.id
      left join md_material m on m.client_id = o.client_id and m.id = l.material_id
      where o.client_id = ${buyerId} and o.vendor_id = any(${sql.val(vendors)}::bigint[]) and coalesce(l.received_qty, 0) > 0) x
      where x.at between ${period.from}::date and ${period.to}::date order by doc_no`.execute(tx)).rows;
    for (const r of po) {
      const base = { doc_no: String(r.doc_no), item: item(r), item_name: (r.material_name as string | null) ?? null, currency: String(r.currency ?? 'CNY'), date: day(r.at) };
      out.push({ ...base, kind: 'receipt', qty: n(r.received_qty), amount: n(r.received_qty) * n(r.unit_price) });
      if (n(r.returned_qty) > 0) out.push({ ...base, kind: 'return', qty: -n(r.returned_qty), amount: -n(r.returned_qty) * n(r.unit_price) });
    }
    const os = (await sql<Row>`select * from (select o.os_no as doc_no, o.currency, o.discount, l.style_no, l.colour, l.size, coalesce(l.received_qty, 0) as received_qty,
        coalesce(l.unit_price, 0) as unit_price, ${lastReceipt('outsourceorder')}::date as at
      from scm_outsource_order o join scm_outsource_order_line l on l.client_id = o.client_id and l.order_id = o.id
      where o.client_id = ${buyerId} and o.vendor_id = any(${sql.val(vendors)}::bigint[]) and coalesce(l.received_qty, 0) > 0) x
      where x.at between ${period.from}::date and ${period.to}::date order by doc_no`.execute(tx)).rows;
    for (const r of os)
      out.push({ kind: 'outsource', doc_no: String(r.doc_no), item: item(r), item_name: null, currency: String(r.currency ?? 'CNY'), date: day(r.at), qty: n(r.received_qty), amount: n(r.received_qty) * n(r.unit_price) * (1 - n(r.discount) / 100) });
    const pr = (await sql<Row>`select * from (select o.pr_no as doc_no, o.currency, e.style_no, e.style_name, e.colour, e.size, coalesce(e.qty, 0) as qty, coalesce(e.unit_price, 0) as unit_price,
        (select max(a.at) from audit_log a where a.client_id = ${buyerId} and a.entity = 'prorder' and a.record_id = o.id and a.action = 'maker-finished')::date as at
      from scm_pr_order o join scm_pr_order_entry e on e.client_id = o.client_id and e.order_id = o.id
      where o.client_id = ${buyerId} and o.status = 'finished' and o.maker_vendor_id = any(${sql.val(vendors)}::bigint[])) x
      where x.at between ${period.from}::date and ${period.to}::date order by doc_no`.execute(tx)).rows;
    for (const r of pr)
      out.push({ kind: 'goods', doc_no: String(r.doc_no), item: item(r), item_name: (r.style_name as string | null) ?? null, currency: String(r.currency ?? 'CNY'), date: day(r.at), qty: n(r.qty), amount: n(r.qty) * n(r.unit_price) });
  }
  return out;
}

async function sellerRecords(tx: Db, p: Parties, period: Period): Promise<FinRecord[]> {
  const { buyerId, sellerId } = p;
  const out: FinRecord[] = [];
  const so = (await sql<Row>`select s.source_no as doc_no, s.currency, s.dispatched_at::date as at, l.material_code, l.material_name, l.style_no, l.colour, l.size,
      coalesce(l.dispatched_qty, 0) as dispatched_qty, coalesce(l.returned_qty, 0) as returned_qty, coalesce(l.unit_price, 0) as unit_price
    from pur_supplier_order s join pur_supplier_order_line l on l.client_id = s.client_id and l.order_id = s.id
    where s.client_id = ${sellerId} and s.source_client_id = ${buyerId} and s.share_id is not null and s.dispatched_at is not null
      and s.dispatched_at::date between ${period.from}::date and ${period.to}::date and coalesce(l.dispatched_qty, 0) > 0 order by s.source_no`.execute(tx)).rows;
  for (const r of so) {
    const base = { doc_no: String(r.doc_no), item: item(r), item_name: (r.material_name as string | null) ?? null, currency: String(r.currency ?? 'CNY'), date: day(r.at) };
    out.push({ ...base, kind: 'receipt', qty: n(r.dispatched_qty), amount: n(r.dispatched_qty) * n(r.unit_price) });
    if (n(r.returned_qty) > 0) out.push({ ...base, kind: 'return', qty: -n(r.returned_qty), amount: -n(r.returned_qty) * n(r.unit_price) });
  }
  const ot = (await sql<Row>`select t.source_no as doc_no, t.currency, t.discount, t.dispatched_at::date as at, l.style_no, l.colour, l.size,
      coalesce(l.dispatched_qty, 0) as dispatched_qty, coalesce(l.unit_price, 0) as unit_price
    from scm_outsource_task t join scm_outsource_task_line l on l.client_id = t.client_id and l.task_id = t.id
    where t.client_id = ${sellerId} and t.source_client_id = ${buyerId} and t.share_id is not null and t.dispatched_at is not null
      and t.dispatched_at::date between ${period.from}::date and ${period.to}::date and coalesce(l.dispatched_qty, 0) > 0 order by t.source_no`.execute(tx)).rows;
  for (const r of ot)
    out.push({ kind: 'outsource', doc_no: String(r.doc_no), item: item(r), item_name: null, currency: String(r.currency ?? 'CNY'), date: day(r.at), qty: n(r.dispatched_qty), amount: n(r.dispatched_qty) * n(r.unit_price) * (1 - n(r.discount) / 100) });
  const co = (await sql<Row>`select * from (select c.source_no as doc_no, c.currency, e.style_no, e.style_name, e.colour, e.size, coalesce(e.qty, 0) as qty, coalesce(e.unit_price, 0) as unit_price,
      (select max(a.at) from audit_log a where a.client_id = ${sellerId} and a.entity = 'customerorder' and a.record_id = c.id and a.action = 'finish')::date as at
    from scm_customer_order c join scm_customer_order_entry e on e.client_id = c.client_id and e.order_id = c.id
    where c.client_id = ${sellerId} and c.source_client_id = ${buyerId} and c.share_id is not null and c.status = 'finished') x
    where x.at between ${period.from}::date and ${period.to}::date order by doc_no`.execute(tx)).rows;
  for (const r of co)
    out.push({ kind: 'goods', doc_no: String(r.doc_no), item: item(r), item_name: (r.style_name as string | null) ?? null, currency: String(r.currency ?? 'CNY'), date: day(r.at), qty: n(r.qty), amount: n(r.qty) * n(r.unit_price) });
  return out;
}

/**
 * Deduction tickets between the two companies (ticket deduct amount, type other than none): a ticket
 * belongs to the company that raised it and names the other as its partner; read under the raiser's
 * scope. Amounts are in CNY (a ticket carries no currency).
 */
async function deductionTickets(tx: Db, ownerId: number, partnerId: number, period: Period): Promise<Array<Row>> {
  return (await sql<Row>`select ticket_no, title, doc_no, status, coalesce(deduct_amount, 0) as deduct_amount, coalesce(closed_at, created_at)::date as at
    from collab_ticket where client_id = ${ownerId} and partner_client_id = ${partnerId} and coalesce(deduct_type, 'none') <> 'none' and coalesce(deduct_amount, 0) > 0
      and coalesce(closed_at, created_at)::date between ${period.from}::date and ${period.to}::date order by ticket_no`.execute(tx)).rows;
}

/**
 * Both companies' records for the period. Runs each side's reads in that company's scope (the
 * statement's share makes the two parties; `returnTo` is the caller's company, restored after).
 */
export async function gatherRecords(tx: Db, p: Parties, period: Period, returnTo: number): Promise<{ buyer: FinRecord[]; seller: FinRecord[] }> {
  const buyer = await asTenant(tx, p.buyerId, returnTo, (btx) => buyerRecords(btx, p, period));
  const seller = await asTenant(tx, p.sellerId, returnTo, (stx) => sellerRecords(stx, p, period));
  for (const [owner, other] of [[p.buyerId, p.sellerId], [p.sellerId, p.buyerId]] as const) {
    const tickets = await asTenant(tx, owner, returnTo, (ttx) => deductionTickets(ttx, owner, other, period));
    for (const t of tickets) {
      const rec: FinRecord = { kind: 'deduction', doc_no: String(t.ticket_no), item: String(t.doc_no ?? ''), item_name: (t.title as string | null) ?? null, currency: 'CNY', date: day(t.at), qty: 0, amount: -n(t.deduct_amount) };
      // The raising company's record counts at once; the other company's once the ticket is closed (its conclusion agreed).
      const closed = String(t.status) === '100';
      if (owner === p.buyerId || closed) buyer.push(rec);
      if (owner === p.sellerId || closed) seller.push(rec);
    }
  }
  return { buyer, seller };
}
