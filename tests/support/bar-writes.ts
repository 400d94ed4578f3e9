import { sql } from 'kysely';
import type { TestApp } from './test-app';

/**
 * What a board command writes to the bars (issue 31), for the API tests that count it: the row
 * versions of `scm_prodplan_bar` and the bars' audit rows, and the bars whose kept place is not a recount.
 */
type Db = TestApp['app']['db'];

/** In the system scope (every company's rows). */
export const inSystemScope = <T>(db: Db, work: (tx: Db) => Promise<T>) =>
  db.transaction().execute(async (tx) => {
    await sql`select set_config('app.client_id', '*', true)`.execute(tx);
    return work(tx);
  });

export type BarWrite = { id: number; op: 'INSERT' | 'UPDATE'; depth: number; place_changed: boolean };

/**
 * The row versions `work` writes to the bars, counted by a row trigger: the bar, the statement
 * (an insert or an update), the trigger depth (1: the command's own statement; 2: a statement
 * trigger's update, the places' renumbering) and whether an update changed the bar's kept place;
 * and the bars' audit rows it adds.
 */
export async function barWrites(db: Db, work: () => Promise<void>): Promise<{ writes: BarWrite[]; audited: number[] }> {
  const lastAudit = await inSystemScope(db, async (tx) => Number((await sql<{ n: number }>`select coalesce(max(id), 0) as n from audit_log`.execute(tx)).rows[0].n));
  await inSystemScope(db, async (tx) => {
    await sql.raw(`create table test_bar_writes (id bigint, op text, depth int, place_changed boolean)`).execute(tx);
    await sql.raw(`create function test_bar_write() returns trigger language plpgsql security definer as $$ begin
      insert into test_bar_writes values (new.id, tg_op, pg_trigger_depth(), tg_op = 'UPDATE' and (old.split_index is distinct from new.split_index or old.split_count is distinct from new.split_count or old.plan_category is distinct from new.plan_category));
      return null; end $$`).execute(tx);
    await sql.raw(`create trigger test_bar_write after insert or update on scm_prodplan_bar for each row execute function test_bar_write()`).execute(tx);
  });
  try {
    await work();
    return await inSystemScope(db, async (tx) => ({
      writes: (await sql<BarWrite>`select id, op, depth, place_changed from test_bar_writes`.execute(tx)).rows.map((w) => ({ ...w, id: Number(w.id) })),
      audited: (await sql<{ record_id: number }>`select record_id from audit_log where id > ${lastAudit} and entity = 'prodplan_bar'`.execute(tx)).rows.map((a) => Number(a.record_id)),
    }));
  } finally {
    await inSystemScope(db, async (tx) => {
      for (const s of ['drop trigger test_bar_write on scm_prodplan_bar', 'drop function test_bar_write()', 'drop table test_bar_writes']) await sql.raw(s).execute(tx);
    });
  }
}

/** Bars whose kept place (scm_prodplan_bar split_index, split_count) is not a recount from the bars. */
export const wrongPlaces = (db: Db) =>
  inSystemScope(db, async (tx) => (await sql<{ id: number }>`select id from (select id, split_index, split_count,
      row_number() over (partition by client_id, scenario_id, plan_id order by start_date, id)::int as i, count(*) over (partition by client_id, scenario_id, plan_id)::int as n
    from scm_prodplan_bar) x where split_index is distinct from i or split_count is distinct from n`.execute(tx)).rows);
