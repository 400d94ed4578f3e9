import { sql } from 'kysely';
import type { Db } from '../../src/server/db/database';

/**
 * The maker's schedule replaced by a large one in SQL (issue 31: bench B5 at scale, the viewport e2e):
 * `lines` lines in workshops of 10 (the seeder's L01-L03 kept as the first three), and on every line
 * bars back to back from `from` (1-3 days each, the next starting the day after the last one ends),
 * `bars` in all, none past `days`. One plan per bar, about 80 % of its line's daily capacity at 20
 * minutes a piece; every ninth bar locked; deliveries from 4 days before to 20 after the bar's end
 * (some late). Lines make any category. Returns the bars stored.
 */
export async function seedBoardAtScale(db: Db, o: { lines: number; bars: number; days: number; from: string }): Promise<{ bars: number; lines: number }> {
  const maker = Number((await sql<{ id: number }>`select id from clients where code = 'MAKER01'`.execute(db)).rows[0].id);
  for (const t of ['scm_prodplan_bar', 'scm_prodplan', 'md_workline_sam']) await sql`delete from ${sql.table(t)} where client_id = ${maker}`.execute(db);
  const KEPT = ['L01', 'L02', 'L03'];
  const gone = sql`(select id from md_workline where client_id = ${maker} and code not in (${sql.join(KEPT)}))`;
  for (const t of ['md_workline_member', 'md_workline_capacity']) await sql`delete from ${sql.table(t)} where client_id = ${maker} and workline_id in ${gone}`.execute(db);
  await sql`delete from md_workline where client_id = ${maker} and code not in (${sql.join(KEPT)})`.execute(db);
  const plant = (await sql<{ id: number }>`select id from md_plant where client_id = ${maker} order by id limit 1`.execute(db)).rows[0]?.id ?? null;
  const shops = Math.ceil(o.lines / 10);
  await sql`insert into md_workshop (client_id, code, name, plant_id, process_type)
    select ${maker}, 'BSWS' || lpad(g::text, 2, '0'), '缝制' || g || '车间', ${plant}, 'sewing' from generate_series(1, ${shops}) g
    on conflict (client_id, code) do update set name = excluded.name`.execute(db);
  await sql`insert into md_workline (client_id, code, name, workshop_id, plant_id, operators, work_minutes, efficiency, categories)
    select ${maker}, case when g <= 3 then 'L0' || g else 'L' || lpad(g::text, 3, '0') end, ((g - 1) / 10 + 1) || '车间' || ((g - 1) % 10 + 1) || '线',
      (select id from md_workshop where client_id = ${maker} and code = 'BSWS' || lpad(((g - 1) / 10 + 1)::text, 2, '0')), ${plant}, 30 + g % 11, 510, 90, '[]'::jsonb
    from generate_series(1, ${o.lines}) g
    on conflict (client_id, code) do update set name = excluded.name, workshop_id = excluded.workshop_id, plant_id = excluded.plant_id, operators = excluded.operators,
      work_minutes = excluded.work_minutes, efficiency = excluded.efficiency, categories = excluded.categories, learning_curve = null`.execute(db);
  const perLine = Math.ceil(o.bars / o.lines) + 20;
  await sql`drop table if exists board_scale_seed`.execute(db);
  await sql`create temp table board_scale_seed as
    with l as (select id, (row_number() over (order by code) - 1)::int as li, operators, efficiency from md_workline where client_id = ${maker}),
    b as (select l.*, k, 1 + ((l.li * 7919 + k * 104729) % 3)::int as len from l, generate_series(0, ${perLine - 1}) k),
    p as (select *, (sum(len) over (partition by id order by k) - len)::int as off from b)
    select id as line_id, li, k, len, off, greatest(1, round(0.8 * operators * 510 * efficiency / 100.0 / 20))::int as per_day
    from p where off + len <= ${o.days}`.execute(db);
  // Exactly `bars`, spread over the lines (each line's first bars first).
  await sql`delete from board_scale_seed where (line_id, k) not in (select line_id, k from board_scale_seed order by k, li limit ${o.bars})`.execute(db);
  await sql`insert into scm_prodplan (client_id, plan_no, style_no, category, qty, delivery_date, material_ready_date, priority, minutes_per_piece, status, done_qty)
    select ${maker}, 'S5-' || li || '-' || k, 'ST' || (k % 40), 'woven', per_day * len,
      ${o.from}::date + (off + len - 1 + ((li * 31 + k * 17) % 25) - 4)::int, ${o.from}::date + (off - 10)::int, 3, 20, 'scheduled', 0 from board_scale_seed`.execute(db);
  await sql`insert into scm_prodplan_bar (client_id, plan_id, scenario_id, line_id, start_date, end_date, qty, minutes, locked, daily)
    select ${maker}, p.id, null, s.line_id, ${o.from}::date + s.off::int, ${o.from}::date + (s.off + s.len - 1)::int, s.per_day * s.len, s.per_day * s.len * 20, s.k % 9 = 8, null
    from board_scale_seed s join scm_prodplan p on p.client_id = ${maker} and p.plan_no = 'S5-' || s.li || '-' || s.k`.execute(db);
  await sql`drop table board_scale_seed`.execute(db);
  await sql`analyze`.execute(db);
  const n = (await sql<{ n: number }>`select count(*)::int as n from scm_prodplan_bar where client_id = ${maker}`.execute(db)).rows[0].n;
  const lines = (await sql<{ n: number }>`select count(*)::int as n from md_workline where client_id = ${maker}`.execute(db)).rows[0].n;
  return { bars: n, lines };
}
