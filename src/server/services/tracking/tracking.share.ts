import { sql } from 'kysely';
import { trackOrder, type OrderTracking } from '../../../model/node-tracking';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { asTenant } from '../orders/cross-tenant.util';
import { nodesOf, summaryRow, todayIso, type NodeRow } from './tracking.service';

/**
 * What a brand sees of its orders' node plans at its makers (issue 12): only through its own order
 * share records (ARCHITECTURE "The API": never by loosening the tenant filter). For each requirement
 * order the latest share to a maker's customer order counts while it is active, or closed because
 * the maker finished the order; the maker's rows are read under the maker's tenant scope for a
 * moment (`asTenant`) and only for the customer order that share names, whose own share_id and
 * source company must point back at it. Nothing of the maker's other customers is read.
 */

type Row = Record<string, unknown>;

type ShareRow = { share_id: number; maker_id: number; target_id: number; pr_id: number; pr_no: string; customer_po: string | null; category: string | null; delivery_date: string | null; status: string };

async function brandShares(tx: Db, brandId: number, prId: number | null): Promise<ShareRow[]> {
  const r = await sql<ShareRow>`select distinct on (p.id) s.id as share_id, s.to_client as maker_id, s.target_id, p.id as pr_id, p.pr_no, p.customer_po, p.category, p.delivery_date, p.status
    from scm_order_share s join scm_pr_order p on p.client_id = s.client_id and p.id = s.source_id
    where s.client_id = ${brandId} and s.from_client = ${brandId} and s.source_entity = 'prorder' and s.target_entity = 'customerorder'
      and (s.state = 'active' or p.status = 'finished') and p.status in ('in_progress', 'finished')
      ${prId !== null ? sql`and p.id = ${prId}` : sql``}
    order by p.id, s.id desc`.execute(tx);
  return r.rows
    // The latest share of an order may be a closed one of an earlier, rejected send: only the live one counts.
    .map((x) => ({ ...x, share_id: Number(x.share_id), maker_id: Number(x.maker_id), target_id: Number(x.target_id), pr_id: Number(x.pr_id) }));
}

/** The maker's copies named by the brand's shares, read under the maker's scope; checked to point back at the brand's share. */
async function makerCopies(tx: Db, brandId: number, makerId: number, shares: ShareRow[]): Promise<{ orders: Map<number, Row>; nodes: Map<number, NodeRow[]> }> {
  return asTenant(tx, makerId, brandId, async (mtx) => {
    const ids = shares.map((s) => s.target_id);
    const r = await sql<Row>`select id, order_no, delivery_date, status, share_id from scm_customer_order
      where client_id = ${makerId} and id = any(${ids}::bigint[]) and source_client_id = ${brandId} and status in ('in_progress', 'finished')`.execute(mtx);
    const orders = new Map<number, Row>();
    for (const o of r.rows) {
      const s = shares.find((x) => x.target_id === Number(o.id));
      if (s && Number(o.share_id) === s.share_id) orders.set(Number(o.id), o);
    }
    return { orders, nodes: await nodesOf(mtx, makerId, [...orders.keys()]) };
  });
}

async function makerNames(tx: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const r = await sql<{ id: number; name: string }>`select id, name from clients where id = any(${ids}::int[])`.execute(tx);
  return new Map(r.rows.map((c) => [Number(c.id), c.name]));
}

export type BrandOrderRow = Row & { pr_id: number; pr_no: string; share_id: number; maker_name: string; maker_order_no: unknown; nodes: number; done: number; late: number; at_risk: number; next_node: string | null; projected_end: string | null };

/** The brand's requirement orders at its makers with what their node plans say today. */
export async function brandTrackedOrders(tx: Db, brandId: number): Promise<BrandOrderRow[]> {
  const today = todayIso();
  const shares = await brandShares(tx, brandId, null);
  const names = await makerNames(tx, [...new Set(shares.map((s) => s.maker_id))]);
  const out: BrandOrderRow[] = [];
  for (const makerId of new Set(shares.map((s) => s.maker_id))) {
    const mine = shares.filter((s) => s.maker_id === makerId);
    const { orders, nodes } = await makerCopies(tx, brandId, makerId, mine);
    for (const s of mine) {
      const o = orders.get(s.target_id);
      if (!o) continue;
      const row = summaryRow({ pr_id: s.pr_id, pr_no: s.pr_no, customer_po: s.customer_po, category: s.category, delivery_date: o.delivery_date ?? s.delivery_date, status: s.status }, nodes.get(s.target_id) ?? [], today);
      out.push({ ...row, pr_id: s.pr_id, pr_no: s.pr_no, share_id: s.share_id, maker_name: names.get(makerId) ?? '', maker_order_no: o.order_no ?? null });
    }
  }
  return out.sort((a, b) => String(a.delivery_date ?? '9').localeCompare(String(b.delivery_date ?? '9')) || a.pr_id - b.pr_id);
}

/** One requirement order's nodes at its maker, as they stand today (the brand's record's lines); 404 when the brand has no live share of it. */
export async function brandOrderNodes(tx: Db, brandId: number, prId: number): Promise<OrderTracking<NodeRow>> {
  const s = (await brandShares(tx, brandId, prId))[0];
  if (!s) throw new AppError('tracking.orderNotFound');
  const { orders, nodes } = await makerCopies(tx, brandId, s.maker_id, [s]);
  if (!orders.has(s.target_id)) throw new AppError('tracking.orderNotFound');
  // Who recorded a date at the maker, and which supplier a node went to, are the maker's business: the
  // brand sees dates and sources only.
  return trackOrder((nodes.get(s.target_id) ?? []).map((n) => ({ ...n, actual_by: null, share_id: null })), todayIso());
}
