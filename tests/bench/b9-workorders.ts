/**
 * Bench B9 (issue 12): generating the work orders of 10,000 scheduled plans (one per in-house process
 * of the plant's routing, with their audit rows) in at most 2 s, through the production service's
 * set-based generation (`generateWorkOrders`: one check query, one INSERT ... SELECT with its audit
 * rows), against the per-row baseline measured in the same run on the same plans: what a loop over
 * plans and processes writes, one INSERT of the work order and one of its audit row at a time.
 *
 * The baseline runs over `B9_BASELINE_PLANS` plans (default 1,000: on the shared machine the full
 * per-row run takes 7 to 14 minutes) and is scaled to the full set (per-row insertion is linear in
 * rows; the printed line says so); `B9_BASELINE_PLANS=10000` measures it all. The machine's load
 * average is printed with the figures: the timings of a shared 2-core machine move with it.
 * Runs on in-memory PGlite, or on PostgreSQL with TEST_DATABASE_URL. Usage: `npm run bench -- b9`.
 */
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/database';
import { withTenant } from '../../src/server/kernel/rls';
import { generateWorkOrders } from '../../src/server/services/production/production.workorders';
import { createTestApp } from '../support/test-app';
import type { Bench } from './run';

const PLANS = Number(process.env.B9_PLANS ?? 10_000);
const BASELINE_PLANS = Math.min(PLANS, Number(process.env.B9_BASELINE_PLANS ?? 1000));

/** 10,000 scheduled plans with a colour x size matrix, each with one live bar on a line of the plant. */
async function fillPlans(db: Db, clientId: number, lineId: number): Promise<number[]> {
  const r = await sql<{ id: number }>`insert into scm_prodplan (client_id, plan_no, style_no, category, qty, delivery_date, status, done_qty, minutes_per_piece, matrix)
    select ${clientId}, 'B9' || lpad(g::text, 6, '0'), 'ST-B9-' || (g % 300), 'knit_top', 600 + (g % 7) * 100, date '2026-12-01' + (g % 90), 'scheduled', 0, 12,
      jsonb_build_array(jsonb_build_object('colour', '黑色', 'size', 'M', 'qty', 300 + (g % 7) * 50), jsonb_build_object('colour', '白色', 'size', 'L', 'qty', 300 + (g % 7) * 50))
    from generate_series(1, ${PLANS}) g returning id`.execute(db);
  const ids = r.rows.map((x) => Number(x.id));
  await sql`insert into scm_prodplan_bar (client_id, plan_id, scenario_id, line_id, start_date, end_date, qty, minutes, locked)
    select ${clientId}, p.id, null, ${lineId}, date '2026-10-01' + (p.id % 60)::int, date '2026-10-05' + (p.id % 60)::int, p.qty, p.qty * 12, false
    from scm_prodplan p where p.client_id = ${clientId} and p.plan_no like 'B9%'`.execute(db);
  await sql`analyze scm_prodplan`.execute(db);
  await sql`analyze scm_prodplan_bar`.execute(db);
  return ids;
}

type Actor = { clientId: number; userId: number; username: string; fullname: string; ip: string | null; roles: string[] };

/** The per-row baseline: for each plan and each in-house process of its plant, one INSERT and one audit INSERT. */
async function perRow(db: Db, actor: Actor, ids: number[]): Promise<number> {
  return withTenant(db, actor.clientId, async (tx) => {
    let n = 0;
    const routing = (await sql<Record<string, unknown>>`select pr.id, pr.code, pr.sequence, pr.process_type, pr.estimated_rate, pr.force_in_scan, pr.force_out_scan, pr.plant_id
      from md_process pr where pr.client_id = ${actor.clientId} and pr.parent_id is null and not coalesce(pr.is_vendor, false) order by pr.sequence`.execute(tx)).rows;
    for (const id of ids) {
      const p = (await sql<Record<string, unknown>>`select p.id, p.plan_no, p.order_id, p.style_no, p.qty, p.matrix, b.line_id, l.plant_id, b.start_date, b.end_date
        from scm_prodplan p join scm_prodplan_bar b on b.client_id = p.client_id and b.plan_id = p.id and b.scenario_id is null
        left join md_workline l on l.id = b.line_id where p.client_id = ${actor.clientId} and p.id = ${id} limit 1`.execute(tx)).rows[0];
      const steps = routing.filter((x) => x.plant_id === p.plant_id);
      for (const [k, pr] of steps.entries()) {
        const w = await sql<{ id: number }>`insert into scm_workorder (client_id, created_by, updated_by, wo_no, plan_id, order_id, process_id, sequence, process_type, is_last, line_id,
            plant_id, style_no, qty, done_qty, start_date, end_date, estimated_rate, force_in_scan, force_out_scan, status, matrix)
          values (${actor.clientId}, ${actor.userId}, ${actor.userId}, ${`${p.plan_no}-${pr.code}`}, ${p.id}, ${p.order_id}, ${pr.id}, ${pr.sequence}, ${pr.process_type}, ${k === steps.length - 1}, ${p.line_id},
            ${p.plant_id}, ${p.style_no}, ${p.qty}, 0, ${p.start_date}, ${p.end_date}, ${pr.estimated_rate}, ${pr.force_in_scan === true}, ${pr.force_out_scan === true}, 'draft', ${JSON.stringify(p.matrix)}::jsonb)
          returning id`.execute(tx);
        await sql`insert into audit_log (client_id, entity, record_id, action, user_id, username, ip, changes)
          values (${actor.clientId}, 'workorder', ${w.rows[0].id}, 'create', ${actor.userId}, ${actor.username}, null, ${JSON.stringify([{ field: 'wo_no', old: null, new: `${p.plan_no}-${pr.code}` }])}::jsonb)`.execute(tx);
        n++;
      }
    }
    return n;
  });
}

async function clear(db: Db, clientId: number): Promise<void> {
  await sql`delete from scm_workorder where client_id = ${clientId} and wo_no like 'B9%'`.execute(db);
  await sql`delete from audit_log where client_id = ${clientId} and entity = 'workorder' and changes->0->>'new' like 'B9%'`.execute(db);
}

export const bench: Bench = {
  id: 'B9',
  title: `work orders of ${PLANS.toLocaleString('en')} scheduled plans: set-based generation vs per-row inserts`,
  run: async () => {
    const t = await createTestApp();
    try {
      const db = t.database.db;
      const maker = (await sql<{ id: number }>`select id from clients where code = 'MAKER01'`.execute(db)).rows[0];
      const clientId = Number(maker.id);
      const admin = (await sql<{ id: number }>`select id from users where username = 'maker'`.execute(db)).rows[0];
      const actor: Actor = { clientId, userId: Number(admin.id), username: 'maker', fullname: 'maker', ip: null, roles: ['clientadmin'] };
      const line = (await sql<{ id: number }>`select l.id from md_workline l where l.client_id = ${clientId} and l.plant_id is not null
        and exists (select 1 from md_process pr where pr.client_id = l.client_id and pr.plant_id = l.plant_id and not coalesce(pr.is_vendor, false)) order by l.id limit 1`.execute(db)).rows[0];
      const ids = await fillPlans(db, clientId, Number(line.id));

      // Warm-up on 100 plans (plans, JIT), cleared before timing.
      await withTenant(db, clientId, (tx) => generateWorkOrders(tx, actor, ids.slice(0, 100)));
      await clear(db, clientId);

      const t0 = performance.now();
      const made = await withTenant(db, clientId, (tx) => generateWorkOrders(tx, actor, ids));
      const setMs = performance.now() - t0;
      await clear(db, clientId);

      const t1 = performance.now();
      const rowMade = await perRow(db, actor, ids.slice(0, BASELINE_PLANS));
      const rowMsMeasured = performance.now() - t1;
      const rowMs = (rowMsMeasured * PLANS) / BASELINE_PLANS;
      await clear(db, clientId);

      const expected = (rowMade * PLANS) / BASELINE_PLANS;
      const passed = setMs <= 2000 && made.created === expected;
      return {
        target: `set-based generation of ${PLANS.toLocaleString('en')} plans <= 2000 ms, same work orders as the per-row baseline`,
        passed,
        lines: [
          { label: 'database', value: t.database.kind },
          { label: 'load average (1 min) at the end', value: loadavg()[0].toFixed(1) },
          { label: 'work orders written', value: `${made.created.toLocaleString('en')} (${(made.created / PLANS).toFixed(1)} per plan) + as many audit rows` },
          { label: 'set-based (generateWorkOrders)', value: `${setMs.toFixed(0)} ms` },
          {
            label: 'per-row baseline',
            value: BASELINE_PLANS === PLANS ? `${rowMs.toFixed(0)} ms` : `${rowMs.toFixed(0)} ms (measured ${rowMsMeasured.toFixed(0)} ms on ${BASELINE_PLANS.toLocaleString('en')} plans, scaled)`,
          },
          { label: 'ratio set-based / per-row', value: `${(setMs / rowMs).toFixed(3)}x (${(rowMs / setMs).toFixed(1)} times faster)` },
        ],
      };
    } finally {
      await t.close();
    }
  },
};
