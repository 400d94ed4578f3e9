import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { registerDerivedTables } from '../../db/derived-tables';

/**
 * Each work order's pieces scanned out per day, kept by the database (issue 31, plan against actual):
 * `scm_wo_output_day (client_id, workorder_id, day)` with the plan and the pieces. The board's actuals
 * read (planning.actuals.ts) takes a plan's output days from here instead of summing its scans on every
 * read (bench B9b-read: 0.46 million scans over 180 days x 300 lines). Kept as the plan lateness is:
 * statement-level triggers on the scans (insert, update, delete, with their transition tables) compute
 * again the days of the work orders a statement touched from the scans themselves (the scans' index
 * `scm_wo_scan_output_idx`), so no path that writes a scan (the scan page, the seed, a service's SQL, a
 * removal) can make it drift. A day is the scan time's date in the database session's time zone, as
 * the read's.
 */
export const OUTPUT_DAY = 'scm_wo_output_day';
const SCAN = 'scm_wo_scan';

/** The days (client_id, workorder_id, day) of the scans out in `rows`, summed again from the scans. */
const refreshSql = (rows: string) => `
  delete from ${OUTPUT_DAY} a using (select distinct client_id, workorder_id, scanned_at::date as day from (${rows}) r where direction = 'out') k
    where a.client_id = k.client_id and a.workorder_id = k.workorder_id and a.day = k.day;
  insert into ${OUTPUT_DAY} (client_id, workorder_id, plan_id, day, qty)
    select s.client_id, s.workorder_id, max(s.plan_id), k.day, sum(s.qty)
    from (select distinct client_id, workorder_id, scanned_at::date as day from (${rows}) r where direction = 'out') k
      join ${SCAN} s on s.client_id = k.client_id and s.workorder_id = k.workorder_id and s.direction = 'out'
        and s.scanned_at >= k.day::timestamptz and s.scanned_at < (k.day + 1)::timestamptz
    group by s.client_id, s.workorder_id, k.day;`;

const DDL = [
  `create table if not exists ${OUTPUT_DAY} (client_id integer not null, workorder_id bigint not null, plan_id bigint, day date not null, qty numeric not null default 0,
    primary key (client_id, workorder_id, day))`,
  ...(['insert', 'update', 'delete'] as const).map((op) => {
    const rows = op === 'insert' ? 'select * from new_rows' : op === 'delete' ? 'select * from old_rows' : 'select * from new_rows union all select * from old_rows';
    return `create or replace function wo_output_day_${op}() returns trigger language plpgsql as $$
begin
  ${refreshSql(rows)}
  return null;
end $$`;
  }),
  `drop trigger if exists wo_output_day_insert on ${SCAN}`,
  `create trigger wo_output_day_insert after insert on ${SCAN} referencing new table as new_rows for each statement execute function wo_output_day_insert()`,
  `drop trigger if exists wo_output_day_update on ${SCAN}`,
  `create trigger wo_output_day_update after update on ${SCAN} referencing old table as old_rows new table as new_rows for each statement execute function wo_output_day_update()`,
  `drop trigger if exists wo_output_day_delete on ${SCAN}`,
  `create trigger wo_output_day_delete after delete on ${SCAN} referencing old table as old_rows for each statement execute function wo_output_day_delete()`,
];

const REBUILD = [
  `delete from ${OUTPUT_DAY}`,
  `insert into ${OUTPUT_DAY} (client_id, workorder_id, plan_id, day, qty)
    select client_id, workorder_id, max(plan_id), scanned_at::date, sum(qty) from ${SCAN} where direction = 'out' group by client_id, workorder_id, scanned_at::date`,
];

/** Installs the table and its upkeep (idempotent) and, when new or changed, fills it from the scans. */
export async function installScanOutputDay(db: Db): Promise<void> {
  const signature = createHash('sha256').update([...DDL, ...REBUILD].join('\n')).digest('hex');
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(72810031)`.execute(tx);
    await sql`create table if not exists rpt_agg_state (name text primary key, signature text not null, built_at timestamptz not null default now())`.execute(tx);
    const seen = (await sql<{ signature: string }>`select signature from rpt_agg_state where name = 'wo_output_day'`.execute(tx)).rows[0];
    const exists = (await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = current_schema() and table_name = ${OUTPUT_DAY}`.execute(tx)).rows[0].n;
    if (seen?.signature === signature && exists) return;
    await sql`select set_config('app.client_id', '*', true)`.execute(tx);
    for (const s of DDL) await sql.raw(s).execute(tx);
    await sql.raw(`lock table ${SCAN} in share mode`).execute(tx);
    for (const s of REBUILD) await sql.raw(s).execute(tx);
    await sql`insert into rpt_agg_state (name, signature) values ('wo_output_day', ${signature}) on conflict (name) do update set signature = excluded.signature, built_at = now()`.execute(tx);
  });
}

// After the scans' index (planning.actuals.ts, order 4): the triggers' look-ups read it.
registerDerivedTables({ name: 'scan output per day', order: 5, install: installScanOutputDay, tenantTables: () => [OUTPUT_DAY] });
