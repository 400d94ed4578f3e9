import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { registerDerivedTables } from '../../db/derived-tables';

/**
 * Each plan's lateness, kept by the database (issue 29): `planned_end` is the end of the plan's last
 * bar of the live (published) schedule, `late_days` that end minus the delivery date in days
 * (src/model/measures.ts `lateDays`: the board marks a plan late exactly when it is above 0). Kept
 * as the report aggregates are: statement-level triggers on the bars (insert, update, delete, with
 * their transition tables) set the end of the plans a statement touched, and a row trigger on the
 * plan derives `late_days` whenever its end or delivery date changes. Every path that moves a bar
 * (the board, auto-schedule publishing, imports, services' own SQL) is covered, in its own
 * transaction, so a list filtered on `late_days > 0`, the lateness report, the tower and the board
 * count the same plans.
 */
const PLAN = 'scm_prodplan';
const BAR = 'scm_prodplan_bar';

/**
 * Sets the end and the placed pieces of the plans `ids` (a query of `client_id, plan_id`) from their
 * live bars, each plan's bars read by an index on `(client_id, plan_id)` (the live bars' own
 * LIVE_END_INDEX, or the bars' plan index, as the planner weighs them). Before (issue 34, B8 at scale), the lookup named no company, or the planner,
 * without statistics on a freshly filled table, took the board's window index (company, live
 * bars) and read every live bar of the company for each plan touched: publishing 50,000 bars took
 * minutes, 500,000 did not end, growing with the square of the count.
 */
export const planEndsSql = (ids: string) => `update ${PLAN} p set planned_end = x.e, placed_qty = x.q
    from (select ids.client_id, ids.plan_id, b.e, b.q from (${ids}) ids
      cross join lateral (select max(b.end_date) as e, sum(coalesce(b.qty, 0)) as q from ${BAR} b where b.client_id = ids.client_id and b.plan_id = ids.plan_id and b.scenario_id is null) b) x
    where p.id = x.plan_id and p.client_id = x.client_id and (p.planned_end is distinct from x.e or p.placed_qty is distinct from x.q)`;

export const LIVE_END_INDEX = 'scm_prodplan_bar_live_end_idx';

const DDL = [
  `create index if not exists ${LIVE_END_INDEX} on ${BAR} (client_id, plan_id, end_date) where scenario_id is null`,
  `create or replace function plan_lateness_row() returns trigger language plpgsql as $$
begin
  new.late_days := case when new.planned_end is null or new.delivery_date is null then null else new.planned_end - new.delivery_date end;
  return new;
end $$`,
  ...(['insert', 'update', 'delete'] as const).map((op) => {
    const ids = op === 'insert' ? 'select distinct client_id, plan_id from new_rows' : op === 'delete' ? 'select distinct client_id, plan_id from old_rows' : 'select client_id, plan_id from new_rows union select client_id, plan_id from old_rows';
    return `create or replace function plan_lateness_bars_${op}() returns trigger language plpgsql as $$
begin
  ${planEndsSql(ids)};
  return null;
end $$`;
  }),
  `drop trigger if exists plan_lateness_row on ${PLAN}`,
  `create trigger plan_lateness_row before insert or update of planned_end, delivery_date on ${PLAN} for each row execute function plan_lateness_row()`,
  `drop trigger if exists plan_lateness_bars_insert on ${BAR}`,
  `create trigger plan_lateness_bars_insert after insert on ${BAR} referencing new table as new_rows for each statement execute function plan_lateness_bars_insert()`,
  `drop trigger if exists plan_lateness_bars_update on ${BAR}`,
  `create trigger plan_lateness_bars_update after update on ${BAR} referencing old table as old_rows new table as new_rows for each statement execute function plan_lateness_bars_update()`,
  `drop trigger if exists plan_lateness_bars_delete on ${BAR}`,
  `create trigger plan_lateness_bars_delete after delete on ${BAR} referencing old table as old_rows for each statement execute function plan_lateness_bars_delete()`,
];

const REBUILD = `update ${PLAN} p set (planned_end, placed_qty) = (select max(b.end_date), sum(coalesce(b.qty, 0)) from ${BAR} b where b.client_id = p.client_id and b.plan_id = p.id and b.scenario_id is null)`;

/** Installs the upkeep (idempotent) and, when it is new or changed, sets every plan's figures from its bars. */
export async function installPlanLateness(db: Db): Promise<void> {
  const exists = (await sql<{ n: number }>`select count(*)::int as n from information_schema.columns where table_schema = current_schema() and table_name = ${PLAN} and column_name in ('late_days', 'placed_qty')`.execute(db)).rows[0].n;
  if (exists < 2) return;
  const signature = createHash('sha256').update(DDL.join('\n') + REBUILD).digest('hex');
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(72810014)`.execute(tx);
    await sql`create table if not exists rpt_agg_state (name text primary key, signature text not null, built_at timestamptz not null default now())`.execute(tx);
    const seen = (await sql<{ signature: string }>`select signature from rpt_agg_state where name = 'plan_lateness'`.execute(tx)).rows[0];
    if (seen?.signature === signature) return;
    await sql`select set_config('app.client_id', '*', true)`.execute(tx);
    for (const s of DDL) await sql.raw(s).execute(tx);
    await sql.raw(`lock table ${BAR} in share mode`).execute(tx);
    await sql.raw(REBUILD).execute(tx);
    await sql`insert into rpt_agg_state (name, signature) values ('plan_lateness', ${signature}) on conflict (name) do update set signature = excluded.signature, built_at = now()`.execute(tx);
  });
}

// Installed by migrate() after the report aggregates; its columns sit on the plan table (no table of its own).
registerDerivedTables({ name: 'plan lateness', order: 2, install: installPlanLateness, tenantTables: () => [] });
