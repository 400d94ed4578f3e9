import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { encodeBarColumns, type BoardWindow } from '../../../model/board-window';
import type { Db } from '../../db/database';
import { registerDerivedTables } from '../../db/derived-tables';
import { emptyBarColumns, readBoardColumns, readBoardFrame } from './planning.board-read';
import type { BoardReadQuery } from './planning.service';

/**
 * The board's window read (issue 31): the bars of a time window on the lines in view, as columns and
 * dictionaries (src/model/board-window.ts), with the days and the lines' capacity and load over the
 * window. The same read as the whole board (`readBoardColumns`: the caller's tenant and data scope in
 * SQL, the bars touching the range), narrowed in SQL to the asked lines, encoded from the read's
 * columns without an object per bar.
 */
export async function boardWindow(tx: Db, clientId: number, q: BoardReadQuery & { lines: number[] | null; frame?: boolean; liveUnder?: number | null }): Promise<BoardWindow> {
  // The frame (issue 31, the browser's viewport read): days and lines only, no bar read at all.
  if (q.frame) return { ...(await readBoardFrame(tx, clientId, q)), ...encodeBarColumns(emptyBarColumns()) };
  // Under a scenario (`live_under`): the live window and the live bars of the plans the scenario has in it, not the live schedule whole.
  const { bars, ...rest } = await readBoardColumns(tx, clientId, q.liveUnder != null ? { ...q, scenario: null, livePlansOf: q.liveUnder } : q);
  return { ...rest, ...encodeBarColumns(bars) };
}

/**
 * The index the window read is served from: a schedule's bars of a line ordered by start, so a
 * window is one range per line (start <= the window's end) with the end checked in the index.
 * `scenario_id is null` (the live schedule) is an index condition on a btree in PostgreSQL and PGlite.
 * The bars' table is the registry's (created by syncRegistrySchema after the timestamped migrations),
 * so the index is installed after it, idempotently, like the plan lateness table (db/derived-tables.ts);
 * a timestamped migration runs before the table exists on a new database.
 */
export const BOARD_WINDOW_INDEX = 'scm_prodplan_bar_window_idx';

export async function installBoardWindowIndex(db: Db): Promise<void> {
  await sql.raw(`create index if not exists ${BOARD_WINDOW_INDEX} on scm_prodplan_bar (client_id, scenario_id, line_id, start_date, end_date)`).execute(db);
  await installBoardBarPlaces(db);
  await sql.raw(`create index if not exists ${LIVE_LINE_INDEX} on scm_prodplan_bar (client_id, line_id, start_date, id) include (end_date, plan_category) where scenario_id is null`).execute(db);
}

/**
 * The live bars of a line in order, with what a changeover count needs (issue 34: the control tower's
 * scenario panel at ten million order lines): `changeoversInSql` reads the live schedule's bars in the
 * index alone, already ordered by line and start, instead of joining every bar in range to its plan.
 */
export const LIVE_LINE_INDEX = 'scm_prodplan_bar_live_line_idx';

/**
 * Each bar's place among the bars of its plan in its schedule (the live one or a scenario), kept on
 * the bar (issue 31): `split_index` (1 = first by start, then id) and `split_count`, with the plan's
 * category (`plan_category`, issue 34: a line's changeovers are counted from the bars alone, by the
 * index LIVE_LINE_INDEX; the renumbering keeps it too, for the installation's rebuild). Before, the board
 * counted them per read with window functions over every bar of the plans in view (about a third of
 * the read's SQL at 10,000 bars). Kept as the plan lateness is (plan-lateness.ts): statement-level
 * triggers on the bars (insert, update of the columns that decide a place, delete) renumber the plans
 * a statement touched, in its transaction; every path that writes bars (the board's commands, auto-
 * schedule, publish, imports, services' own SQL) is covered. The renumbering's own update of the bars
 * does not renumber again (`pg_trigger_depth()`). The columns are the database's, not the registry's
 * (no form or list shows them); `installBoardBarPlaces` numbers every bar when the upkeep is new or
 * changed (its signature in `rpt_agg_state`), which migrate() runs on every start.
 */
const BAR = 'scm_prodplan_bar';
const PLAN = 'scm_prodplan';
const renumber = (keys: string) => `update ${BAR} b set split_index = x.i, split_count = x.n, plan_category = x.c
    from (select s.id, row_number() over w as i, count(*) over (partition by s.client_id, s.scenario_id, s.plan_id) as n, p.category as c
      from ${BAR} s join (${keys}) k on k.client_id = s.client_id and k.plan_id = s.plan_id and k.scenario_id is not distinct from s.scenario_id
      left join ${PLAN} p on p.client_id = s.client_id and p.id = s.plan_id
      window w as (partition by s.client_id, s.scenario_id, s.plan_id order by s.start_date, s.id)) x
    where b.id = x.id and (b.split_index is distinct from x.i or b.split_count is distinct from x.n or b.plan_category is distinct from x.c)`;

const [KEYS, PLAN_OF] = ['id, client_id, scenario_id, plan_id', 'select client_id, scenario_id, plan_id from'];
/**
 * The plans an update may have renumbered: those a bar left or joined (another plan or schedule, both
 * sides, a set difference as line-day-load.ts `movedBars`) and those of more than one bar (or not
 * numbered yet). A plan's only bar stays 1 of 1 wherever it goes: a push along a line moves such bars by
 * the hundred and renumbers none.
 */
const UPDATED_PLANS = `with k as materialized (${PLAN_OF} new_rows where split_count is distinct from 1 union ${PLAN_OF} old_rows where split_count is distinct from 1
    union ${PLAN_OF} (select ${KEYS} from new_rows except select ${KEYS} from old_rows) m union ${PLAN_OF} (select ${KEYS} from old_rows except select ${KEYS} from new_rows) m) select * from k`;

const PLACES_DDL = [
  `alter table ${BAR} add column if not exists split_index integer`,
  `alter table ${BAR} add column if not exists split_count integer`,
  `alter table ${BAR} add column if not exists plan_category text`,
  // The plan's category on the bar: set as the bar is written (a new bar, or one given another plan), so that the places' update
  // that follows changes no indexed column and may stay a heap-only update. (A new bar's place is written by the places' trigger
  // after the statement, a second write of the bar: counting the plan's bars in this row trigger instead made a bulk insert
  // quadratic, its cached plan chosen on the empty table: 20,000 bars took minutes. docs/architecture-board.md.)
  `create or replace function board_bar_category_of_plan() returns trigger language plpgsql as $$
begin
  new.plan_category := (select p.category from ${PLAN} p where p.client_id = new.client_id and p.id = new.plan_id);
  return new;
end $$`,
  `create or replace trigger board_bar_category_of_plan before insert or update of plan_id on ${BAR} for each row execute function board_bar_category_of_plan()`,
  // A plan's category changed: its bars, in every schedule, carry the new one (the bars' own update
  // does not renumber: the places' triggers stop at depth 1). A row trigger on the column alone: the
  // plans' kept ends (plan-lateness.ts) update plans by the hundred thousand without naming it, and never fire it.
  `create or replace function board_bar_plan_category() returns trigger language plpgsql as $$
begin
  update ${BAR} b set plan_category = new.category
    where b.client_id = new.client_id and b.plan_id = new.id and b.plan_category is distinct from new.category;
  return null;
end $$`,
  `create or replace trigger board_bar_plan_category after update of category on ${PLAN} for each row when (old.category is distinct from new.category) execute function board_bar_plan_category()`,
  ...(['insert', 'update', 'delete'] as const).map((op) => {
    const keys =
      op === 'insert'
        ? 'select distinct client_id, scenario_id, plan_id from new_rows'
        : op === 'delete'
          ? 'select distinct client_id, scenario_id, plan_id from old_rows'
          : UPDATED_PLANS;
    return `create or replace function board_bar_places_${op}() returns trigger language plpgsql as $$
begin
  if pg_trigger_depth() > 1 then return null; end if;
  ${renumber(keys)};
  return null;
end $$`;
  }),
  `create or replace trigger board_bar_places_insert after insert on ${BAR} referencing new table as new_rows for each statement execute function board_bar_places_insert()`,
  `create or replace trigger board_bar_places_update after update on ${BAR} referencing old table as old_rows new table as new_rows for each statement execute function board_bar_places_update()`,
  `create or replace trigger board_bar_places_delete after delete on ${BAR} referencing old table as old_rows for each statement execute function board_bar_places_delete()`,
];

/** Every bar's place, counted again from the bars (installation, and a test's recount). */
export const BAR_PLACES_REBUILD = renumber(`select distinct client_id, scenario_id, plan_id from ${BAR}`);

export async function installBoardBarPlaces(db: Db): Promise<void> {
  const signature = createHash('sha256').update(PLACES_DDL.join('\n') + BAR_PLACES_REBUILD).digest('hex');
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(72810031)`.execute(tx);
    await sql`create table if not exists rpt_agg_state (name text primary key, signature text not null, built_at timestamptz not null default now())`.execute(tx);
    const seen = (await sql<{ signature: string }>`select signature from rpt_agg_state where name = 'board_bar_places'`.execute(tx)).rows[0];
    if (seen?.signature === signature) return;
    await sql`select set_config('app.client_id', '*', true)`.execute(tx);
    for (const s of PLACES_DDL) await sql.raw(s).execute(tx);
    await sql.raw(`lock table ${BAR} in share row exclusive mode`).execute(tx);
    await sql.raw(BAR_PLACES_REBUILD).execute(tx);
    await sql`insert into rpt_agg_state (name, signature) values ('board_bar_places', ${signature}) on conflict (name) do update set signature = excluded.signature, built_at = now()`.execute(tx);
  });
}

registerDerivedTables({ name: 'board window index', order: 3, install: installBoardWindowIndex, tenantTables: () => [] });
