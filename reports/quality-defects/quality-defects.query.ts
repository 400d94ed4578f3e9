import { sql } from 'kysely';
import type { ServerQuery } from '../../src/server/services/reports/query-kit';

/**
 * Defect rates (report `quality-defects`): the company's submitted and re-inspected inspection
 * records (the inspection list's WHERE over `qm_inspection t`), each with the line that made the lot
 * (its work order's line, else the line of the first published bar of its plan, or of its order's
 * plans when it names no plan) and the vendor of its
 * outsourced order, every join bound to the same tenant. Rows: line, vendor, style, stage, month,
 * inspections 1, failed 0/1, sampled (sample size), defects (critical + major + minor found).
 */
export const query: ServerQuery = async ({ tx, clientId, where }) => {
  const r = await sql<Record<string, unknown>>`
    select coalesce(w.line_id, (select b.line_id from scm_prodplan_bar b join scm_prodplan p on p.id = b.plan_id and p.client_id = b.client_id
        where b.client_id = ${clientId} and b.scenario_id is null and (p.id = t.plan_id or (t.plan_id is null and p.order_id = t.order_id))
        order by b.start_date, b.id limit 1))::text as line,
      o.vendor_id::text as vendor, t.style_no as style, t.stage, to_char(t.inspected_at, 'YYYY-MM') as month,
      (t.result = 'fail')::int as failed, coalesce(t.sample_size, 0)::float8 as sampled,
      (coalesce(t.critical_qty, 0) + coalesce(t.major_qty, 0) + coalesce(t.minor_qty, 0))::float8 as defects
    from qm_inspection t
      left join scm_workorder w on w.id = t.workorder_id and w.client_id = ${clientId}
      left join scm_outsource_order o on o.id = t.outsource_id and o.client_id = ${clientId}
    where ${where} and t.status in ('submitted', 'reinspected')`.execute(tx);
  return r.rows.map((x) => ({
    line: (x.line as string | null) ?? null,
    vendor: (x.vendor as string | null) ?? null,
    style: (x.style as string | null) ?? null,
    stage: (x.stage as string | null) ?? null,
    month: (x.month as string | null) ?? null,
    inspections: 1,
    failed: Number(x.failed),
    sampled: Number(x.sampled),
    defects: Number(x.defects),
  }));
};
