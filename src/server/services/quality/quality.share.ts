import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { asTenant } from '../orders/cross-tenant.util';

/**
 * What a brand sees of the inspections of its own orders at its makers (issue 18: "the brand sees the
 * results of its own orders"), as node tracking's brand timeline does (docs/architecture-tracking.md):
 * only through the brand's own order shares (requirement order → the maker's customer order, the
 * latest share of each order, active or closed because the maker finished the order); the maker's
 * records are read under the maker's scope for a moment, for the customer order the share names and
 * whose own share_id and source company point back at it. Submitted results only (no drafts); who
 * inspected is the maker's business and is left out.
 */
type Row = Record<string, unknown>;
type Share = { share_id: number; maker_id: number; target_id: number; pr_id: number; pr_no: string };

export async function brandInspectionResults(tx: Db, brandId: number): Promise<Row[]> {
  const shares = (await sql<Share>`select distinct on (p.id) s.id as share_id, s.to_client as maker_id, s.target_id, p.id as pr_id, p.pr_no
    from scm_order_share s join scm_pr_order p on p.client_id = s.client_id and p.id = s.source_id
    where s.client_id = ${brandId} and s.from_client = ${brandId} and s.source_entity = 'prorder' and s.target_entity = 'customerorder'
      and (s.state = 'active' or p.status = 'finished') and p.status in ('in_progress', 'finished')
    order by p.id, s.id desc`.execute(tx)).rows.map((x) => ({ ...x, share_id: Number(x.share_id), maker_id: Number(x.maker_id), target_id: Number(x.target_id), pr_id: Number(x.pr_id) }));
  const out: Row[] = [];
  for (const makerId of new Set(shares.map((s) => s.maker_id))) {
    const mine = shares.filter((s) => s.maker_id === makerId);
    const maker = (await sql<{ name: string }>`select name from clients where id = ${makerId}`.execute(tx)).rows[0]?.name ?? '';
    const rows = await asTenant(tx, makerId, brandId, async (mtx) => (await sql<Row>`select i.insp_no, i.stage, i.lot_size, i.level, i.aql, i.code_letter, i.sample_size, i.ac, i.re,
        i.critical_qty, i.major_qty, i.minor_qty, i.result, i.status, i.inspected_at, i.order_id, co.order_no, co.share_id, o.insp_no as reinspect_of_no
      from qm_inspection i join scm_customer_order co on co.client_id = i.client_id and co.id = i.order_id
      left join qm_inspection o on o.client_id = i.client_id and o.id = i.reinspect_of
      where i.client_id = ${makerId} and i.order_id = any(${sql.val(mine.map((s) => s.target_id))}::bigint[]) and co.source_client_id = ${brandId}
        and i.status in ('submitted', 'reinspected')
      order by i.inspected_at desc nulls last, i.id desc`.execute(mtx)).rows);
    for (const r of rows) {
      const s = mine.find((x) => x.target_id === Number(r.order_id));
      // The maker's copy must point back at the brand's share.
      if (!s || Number(r.share_id) !== s.share_id) continue;
      const { order_id: _o, share_id: _s, ...rest } = r;
      out.push({ ...rest, pr_id: s.pr_id, pr_no: s.pr_no, maker_name: maker });
    }
  }
  return out;
}
