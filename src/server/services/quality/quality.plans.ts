import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * Inspection plans (issue 18): the most specific active plan of the company for an inspection's
 * stage, order and process decides its level and AQL; a required final plan holds an order's
 * finish until a final inspection passed. Specificity: one order (8) > a customer (4) > a category
 * (2) > a process (1); ties go to the older plan. A plan's customer matches an order by the
 * customer's platform company (the order's sender) or, for orders entered by hand, by name.
 */
export type AppliedPlan = { id: number; code: string; name: string; level: string; aql: string; required: boolean };

export async function inspectionPlanFor(tx: Db, clientId: number, q: { stage: string; orderId: number | null; processId: number | null; requiredOnly?: boolean }): Promise<AppliedPlan | null> {
  const orderId = q.orderId ?? -1;
  const processId = q.processId ?? -1;
  const r = await sql<AppliedPlan>`
    with o as (
      select co.id, co.category, co.brand_name, upper(cl.code) as sender from scm_customer_order co
      left join clients cl on cl.id = co.source_client_id
      where co.client_id = ${clientId} and co.id = ${orderId}
    )
    select p.id::int as id, p.code, p.name, p.level, p.aql, coalesce(p.required, false) as required
    from qm_inspection_plan p
    left join o on true
    left join md_customer c on c.client_id = p.client_id and c.id = p.customer_id
    where p.client_id = ${clientId} and coalesce(p.status, 'active') = 'active' and p.stage = ${q.stage}
      and (p.order_id is null or p.order_id = ${orderId})
      and (p.process_id is null or p.process_id = ${processId})
      and (p.category is null or p.category = o.category)
      and (p.customer_id is null or (o.id is not null and (upper(c.platform_client_code) = o.sender or c.name = o.brand_name)))
      ${q.requiredOnly ? sql`and coalesce(p.required, false)` : sql``}
    order by (case when p.order_id is not null then 8 else 0 end + case when p.customer_id is not null then 4 else 0 end
      + case when p.category is not null then 2 else 0 end + case when p.process_id is not null then 1 else 0 end) desc, p.id
    limit 1`.execute(tx);
  return r.rows[0] ?? null;
}

/** The process an inspection is at: its work order's. */
export async function processOfWorkOrder(tx: Db, clientId: number, workorderId: unknown): Promise<number | null> {
  const id = Number(workorderId);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const r = await sql<{ p: number | null }>`select process_id::int as p from scm_workorder where client_id = ${clientId} and id = ${id}`.execute(tx);
  return r.rows[0]?.p ?? null;
}

/** Whether the order has a submitted final inspection that passed. */
export async function hasPassedFinal(tx: Db, clientId: number, orderId: number): Promise<boolean> {
  const r = await sql<{ n: number }>`select count(*)::int as n from qm_inspection
    where client_id = ${clientId} and order_id = ${orderId} and stage = 'final' and status = 'submitted' and result = 'pass'`.execute(tx);
  return r.rows[0].n > 0;
}
