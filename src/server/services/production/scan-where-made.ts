import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { registerDerivedTables } from '../../db/derived-tables';
import { deriveRecords, serviceWrite } from '../../resources/record-writer';

/**
 * A scan keeps the line and the style it was made on (wo_scan `line_id`, `style_no`: the scan route
 * and the demo's scans write them from the work order and the bundle; the production output report
 * groups by them and a data permission on the line narrows the scans). Scans recorded before those
 * columns existed take them once from their work order and bundle, through the writer's derived
 * values, at the first start that has the columns (rpt_agg_state remembers it: a later start reads
 * one row).
 */
const WHERE_MADE = {
  line_id: sql`(select w.line_id from scm_workorder w where w.client_id = t.client_id and w.id = t.workorder_id)`,
  style_no: sql`(select coalesce(b.style_no, w.style_no) from scm_workorder w left join scm_wo_bundle b on b.client_id = t.client_id and b.id = t.bundle_id
    where w.client_id = t.client_id and w.id = t.workorder_id)`,
};
const VERSION = 'wo_scan line_id, style_no from the work order and bundle: 1';

export async function fillScanWhereMade(db: Db): Promise<void> {
  const signature = createHash('sha256').update(VERSION).digest('hex');
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(72810032)`.execute(tx);
    await sql`create table if not exists rpt_agg_state (name text primary key, signature text not null, built_at timestamptz not null default now())`.execute(tx);
    const seen = (await sql<{ signature: string }>`select signature from rpt_agg_state where name = 'wo_scan_where_made'`.execute(tx)).rows[0];
    if (seen?.signature === signature) return;
    await sql`select set_config('app.client_id', '*', true)`.execute(tx);
    const companies = (await sql<{ client_id: number }>`select distinct client_id from scm_wo_scan where line_id is null and style_no is null`.execute(tx)).rows;
    for (const c of companies) await deriveRecords(serviceWrite(tx, { clientId: Number(c.client_id) }), 'wo_scan', { where: sql`t.line_id is null and t.style_no is null` }, WHERE_MADE);
    await sql`insert into rpt_agg_state (name, signature) values ('wo_scan_where_made', ${signature}) on conflict (name) do update set signature = excluded.signature, built_at = now()`.execute(tx);
  });
}

// After the scans' kept days (order 5): the fill's update runs their triggers, which must exist.
registerDerivedTables({ name: 'scan line and style', order: 6, install: fillScanWhereMade, tenantTables: () => [] });
