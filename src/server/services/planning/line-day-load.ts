import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { workingWeekdays } from '../../../../calendars/capacity';
import type { Db } from '../../db/database';
import { registerDerivedTables } from '../../db/derived-tables';

/**
 * Each line's load per day of the published schedule, kept by the database (issue 34, B8 at scale;
 * docs/architecture-board.md "Line load: one figure"): table `rpt_line_day_load`, one row per company,
 * line and day some live bar covers, holding the sum over those bars of the board's figure
 * (`barLoad`, calendars/capacity.ts): the bar's pieces of the day (its kept `daily` when it fits its
 * run, else its pieces spread evenly over the run's working days of the company's cycle calendar) x
 * its minutes per piece on its line (the line's own SAM of the plan's category, else the plan's).
 * The capacity-load report (the tower's line utilisation) sums these days per week instead of laying
 * out every bar of five months in Node.
 *
 * Why statement triggers and not the board's writer hooks: the figure of a day changes when a bar is
 * written (board commands, auto-schedule's publish, plan actions that remove bars, seeds, bulk SQL),
 * but also when a plan's category or minutes per piece, a line's SAM or the company's calendar change,
 * each written by another writer, and a bulk path (the B8 generator, imports) writes by SQL. A trigger
 * sees every statement whatever wrote it, in the write's own transaction (a reader never sees a bar
 * without its load), and costs one grouped merge per statement. The figure is computed in SQL by
 * `line_load_bar_pieces`, which states `barPiecesOfDays` / `spreadOver` step by step; the API tests
 * compare the table with the board's own days after random board commands, publishes and removes
 * (tests/api/successful-kept-line-load-is-the-boards.test.ts).
 *
 * Upkeep by source:
 * - bars (insert, update, delete): the old rows' loads subtracted, the new rows' added (live bars only);
 * - plans (insert, update, delete): the live bars of the plans whose category or minutes per piece
 *   changed, or which appeared or went, subtracted with the old plan and added with the new;
 * - a line's SAMs: the lines touched are computed again from their live bars;
 * - the cycle calendars and their days: the companies touched are computed again (a holiday moves the
 *   spread of every bar over it; rare writes).
 *
 * The board takes the calendar of its range's first year (the year's own, else the newest); the kept
 * figure takes the newest calendar's working weekdays. They are the same figure when every calendar
 * of the company has the same working weekdays (holidays and overtime days are read from every year
 * alike); otherwise the report reads the bars (`lineDayLoadRefusal`).
 */
export const LINE_DAY_LOAD = 'rpt_line_day_load';
const BAR = 'scm_prodplan_bar';
const PLAN = 'scm_prodplan';
const SAM = 'md_workline_sam';

/**
 * The loads per company, line and day of a set of bars (`bars`: rows of the bar table) with their
 * plans (`plans`: rows of the plan table), live bars only: the board's day figure, summed, and how
 * many bar-days made it (a day whose count drops to 0 is removed).
 */
export function barLoadsSql(bars: string, plans: string, signed = false): string {
  return `with cal as (select k.client_id, c.weekdays, c.holidays, c.overtime
      from (select distinct client_id from ${bars} b0) k cross join lateral line_load_calendar(k.client_id) c),
    sams as (select distinct on (s.client_id, s.workline_id, s.category) s.client_id, s.workline_id, s.category, s.sam from ${SAM} s
      where s.client_id in (select client_id from cal) and s.sam > 0 and s.category <> '' order by s.client_id, s.workline_id, s.category, s.id desc)
    select b.client_id, b.line_id, x.day, sum(${signed ? 'b.sign * ' : ''}x.pieces * coalesce(s.sam, p.minutes_per_piece, 0)) as load, ${signed ? 'sum(b.sign)' : 'count(*)'}::int as bar_days
    from ${bars} b
    join ${plans} p on p.id = b.plan_id and p.client_id = b.client_id
    join cal c on c.client_id = b.client_id
    left join sams s on s.client_id = b.client_id and s.workline_id = b.line_id and s.category = p.category
    cross join lateral line_load_bar_pieces(coalesce(b.qty, 0), b.daily, b.start_date, b.end_date, c.weekdays, c.holidays, c.overtime) x
    where b.scenario_id is null
    group by 1, 2, 3`;
}

/**
 * The bars' changes of one statement applied in one statement (issue 31: before, two upserts and a
 * cleanup, each computing the moved bars and the company's calendar again): `bars` (a query of bar rows
 * with a `sign`, -1 for a load taken away, 1 for one added; their plans' rows in `plans`) summed per
 * line and day, and the kept days changed by the difference, removed when no bar covers them any more,
 * added when new. A push moves the bars behind one day each: most days lose one bar and gain another, a
 * difference of nothing, and are not written.
 */
const applySigned = (bars: string, plans = PLAN) => `merge into ${LINE_DAY_LOAD} g using (with signed as materialized (${bars}) select * from (${barLoadsSql('signed', plans, true)}) l) d
    on g.client_id = d.client_id and g.line_id = d.line_id and g.day = d.day
    when matched and g.bar_days + d.bar_days = 0 then delete
    when matched and (d.bar_days <> 0 or d.load <> 0) then update set load = g.load + d.load, bar_days = g.bar_days + d.bar_days
    when not matched and d.bar_days <> 0 then insert (client_id, line_id, day, load, bar_days) values (d.client_id, d.line_id, d.day, d.load, d.bar_days)`;
/** The rows of `bars` (a table, or a query in parentheses), what their loads read of them, each with `sign`. */
const signedAs = (sign: 1 | -1, bars: string) => `select ${LOAD_FIELDS.join(', ')}, ${sign} as sign from ${bars} b`;

/** Computes again the rows of the lines (or companies) the query `keys` names: every live bar of them. */
const recompute = (keys: string, by: 'line' | 'company') => {
  const match = by === 'line' ? 'b.client_id = k.client_id and b.line_id = k.line_id' : 'b.client_id = k.client_id';
  return `delete from ${LINE_DAY_LOAD} g using (${keys}) k where g.client_id = k.client_id${by === 'line' ? ' and g.line_id = k.line_id' : ''};
  ${applySigned(signedAs(1, `(select b.* from ${BAR} b where b.scenario_id is null and exists (select 1 from (${keys}) k where ${match}))`))}`;
};

const FUNCTIONS = [
  // workingWeekdays (calendars/capacity.ts): the listed numbers 1..7, Monday to Saturday when none is set.
  `create or replace function line_load_weekdays(p_raw text) returns int[] language sql immutable as $$
    select coalesce(array_agg(distinct n::int order by n::int), '{}') from (
      select case when trim(part) ~ '^[+]?[0-9]+(\\.0*)?$' then trim(part)::numeric end as n
      from unnest(string_to_array(coalesce(p_raw, '1,2,3,4,5,6'), ',')) part) x
    where n between 1 and 7 $$`,
  // companyCalendar / calendarDays (planning.service.ts): the newest calendar's working weekdays; the
  // holidays and overtime days each year's newest calendar lists for its own year.
  `create or replace function line_load_calendar(p_client integer) returns table(weekdays int[], holidays date[], overtime date[]) language sql stable as $$
    select line_load_weekdays((select c.work_weekdays from scm_cycle_calendar c where c.client_id = p_client order by c.year desc, c.id desc limit 1)),
      coalesce((select array_agg(d.day_date) from scm_cycle_calendar_day d join (select distinct on (year) id, year from scm_cycle_calendar where client_id = p_client order by year, id desc) c on c.id = d.calendar_id
        where d.client_id = p_client and extract(year from d.day_date) = c.year and d.kind = 'holiday'), '{}'),
      coalesce((select array_agg(d.day_date) from scm_cycle_calendar_day d join (select distinct on (year) id, year from scm_cycle_calendar where client_id = p_client order by year, id desc) c on c.id = d.calendar_id
        where d.client_id = p_client and extract(year from d.day_date) = c.year and d.kind = 'overtime'), '{}') $$`,
  // barPiecesOfDays (calendars/capacity.ts), step by step: a bar's pieces on each day of its run.
  // - its kept pieces when they fit the run: one whole, non-negative number a day, adding up to its pieces;
  // - else spreadOver: its pieces over the run's working days (overtime wins over a holiday and a
  //   weekend), the remainder one each on the first working days, none on the others; a run without a
  //   working day takes everything on its first day.
  `create or replace function line_load_bar_pieces(p_qty numeric, p_daily jsonb, p_start date, p_end date, p_weekdays int[], p_holidays date[], p_overtime date[])
    returns table(day date, pieces numeric) language sql immutable as $$
    with run as (
      select i, p_start + i as d,
        ((p_start + i) = any(p_overtime) or (not ((p_start + i) = any(p_holidays)) and extract(isodow from p_start + i)::int = any(p_weekdays))) as working,
        case when jsonb_typeof(p_daily) = 'array' and jsonb_array_length(p_daily) = p_end - p_start + 1 and jsonb_typeof(p_daily -> i) = 'number' then (p_daily -> i)::numeric end as kept
      from generate_series(0, p_end - p_start) i
    ), counted as (
      select i, d, working, kept,
        count(*) filter (where working) over (order by i) as nth,
        count(*) filter (where working) over () as workdays,
        bool_and(coalesce(kept >= 0 and kept = trunc(kept), false)) over () and sum(kept) over () = p_qty as fits
      from run
    )
    select d, case
        when fits then kept
        when workdays = 0 then case when i = 0 then p_qty else 0 end
        when not working then 0
        else floor(p_qty / workdays) + case when nth <= p_qty - floor(p_qty / workdays) * workdays then 1 else 0 end
      end
    from counted order by i $$`,
];

// The plans whose load-deciding fields an update changed, as a set difference (EXCEPT: hashed or sorted
// whatever the planner expects of the transition tables) rather than a join on the id, see `movedBars`.
const changedPlans = `with changed as materialized (select id, client_id from (select id, client_id, category, minutes_per_piece from new_rows
    except select id, client_id, category, minutes_per_piece from old_rows) c) select * from changed`;
/**
 * The rows of `rows` whose load-deciding fields differ from their other side (`other`) in an update: the
 * bars' places (planning.window.ts renumbers every bar a statement touched) and the writer's stamps
 * change no day's load, and are not laid out again.
 */
const LOAD_FIELDS = ['client_id', 'plan_id', 'scenario_id', 'line_id', 'start_date', 'end_date', 'qty', 'daily'];
// A set difference on the id and the load-deciding fields (EXCEPT compares NULLs as equal, as `is not
// distinct from` does), hashed or sorted, never a loop of one table per row of the other. Inside the
// trigger's function the planner takes a transition table for one row: the former anti join on the id
// (`not exists (... x.id = r.id and (...) is not distinct from (...))`) became a nested loop, 325 x 325
// comparisons of eight fields, 27-46 ms each time, five times per statement; a push of 325 bars on
// PostgreSQL at 100,000 bars spent ~180 ms in this trigger (auto_explain, 2026-12-05 seventh session).
// Materialized (both sides, signed, in `applySigned`): planned on its own, so the live-bar filter is not
// pushed into it (45,000 bars renumbered after an insert once took 6 minutes that way). Only the id and
// the load-deciding fields are kept: all that barLoadsSql reads of a bar.
const movedBars = (rows: 'old_rows' | 'new_rows', other: 'old_rows' | 'new_rows') => {
  const fields = ['id', ...LOAD_FIELDS].join(', ');
  return `select ${fields}, ${rows === 'old_rows' ? -1 : 1} as sign from (select ${fields} from ${rows} except select ${fields} from ${other}) m`;
};
const liveBarsOf = (plans: string) => `(select b.* from ${BAR} b join (${plans}) k on k.client_id = b.client_id and k.id = b.plan_id where b.scenario_id is null)`;
const calendarCompanies = 'select client_id from new_rows union select client_id from old_rows';

type Op = 'insert' | 'update' | 'delete';
/** The upkeep of one source table: a statement trigger per operation, its body in plpgsql. */
type Upkeep = { table: string; name: string; body: Record<Op, string> };

const UPKEEP: Upkeep[] = [
  {
    table: BAR,
    name: 'line_day_load_bars',
    body: {
      insert: `${applySigned(signedAs(1, 'new_rows'))};`,
      update: `${applySigned(`${movedBars('old_rows', 'new_rows')} union all ${movedBars('new_rows', 'old_rows')}`)};`,
      delete: `${applySigned(signedAs(-1, 'old_rows'))};`,
    },
  },
  {
    // Plan lateness sets every touched plan's end after each statement on bars: most plan updates
    // change neither field, and leave at the first test. (A count, not `exists`: for an exists the
    // planner takes a nested loop over the two transition tables, expecting an early row; when no
    // row qualifies it compared 45,000 x 45,000 plans, 11 minutes.)
    table: PLAN,
    name: 'line_day_load_plans',
    body: {
      insert: `${applySigned(signedAs(1, liveBarsOf('select id, client_id from new_rows')), 'new_rows')};`,
      update: `if (select count(*) from (${changedPlans}) c) = 0 then return null; end if;
  ${applySigned(signedAs(-1, liveBarsOf(changedPlans)), 'old_rows')};
  ${applySigned(signedAs(1, liveBarsOf(changedPlans)), 'new_rows')};`,
      delete: `${applySigned(signedAs(-1, liveBarsOf('select id, client_id from old_rows')), 'old_rows')};`,
    },
  },
  {
    table: SAM,
    name: 'line_day_load_sams',
    body: {
      insert: `${recompute('select distinct client_id, workline_id as line_id from new_rows', 'line')};`,
      update: `${recompute('select client_id, workline_id as line_id from new_rows union select client_id, workline_id from old_rows', 'line')};`,
      delete: `${recompute('select distinct client_id, workline_id as line_id from old_rows', 'line')};`,
    },
  },
  ...['scm_cycle_calendar', 'scm_cycle_calendar_day'].map((table) => ({
    table,
    name: `line_day_load_${table === 'scm_cycle_calendar' ? 'calendars' : 'calendar_days'}`,
    body: {
      insert: `${recompute('select distinct client_id from new_rows', 'company')};`,
      update: `${recompute(calendarCompanies, 'company')};`,
      delete: `${recompute('select distinct client_id from old_rows', 'company')};`,
    },
  })),
];

function upkeepDdl(u: Upkeep): string[] {
  const out: string[] = [];
  for (const op of ['insert', 'update', 'delete'] as const) {
    const fn = `${u.name}_${op}`;
    const refs = op === 'insert' ? 'referencing new table as new_rows' : op === 'delete' ? 'referencing old table as old_rows' : 'referencing old table as old_rows new table as new_rows';
    out.push(`create or replace function ${fn}() returns trigger language plpgsql as $fn$
begin
  ${u.body[op]}
  return null;
end $fn$`);
    out.push(`drop trigger if exists ${fn} on ${u.table}`);
    out.push(`create trigger ${fn} after ${op} on ${u.table} ${refs} for each statement execute function ${fn}()`);
  }
  return out;
}

/** The table, its functions and triggers (idempotent statements). */
export const LINE_DAY_LOAD_DDL = [
  `create table if not exists ${LINE_DAY_LOAD} (
    client_id integer not null,
    line_id bigint not null,
    day date not null,
    load numeric not null default 0,
    bar_days integer not null default 0,
    primary key (client_id, line_id, day)
  )`,
  ...FUNCTIONS,
  ...UPKEEP.flatMap(upkeepDdl),
  // Emptying the bars empties their loads.
  `create or replace function line_day_load_bars_truncate() returns trigger language plpgsql as $fn$
begin
  delete from ${LINE_DAY_LOAD};
  return null;
end $fn$`,
  `drop trigger if exists line_day_load_bars_truncate on ${BAR}`,
  `create trigger line_day_load_bars_truncate after truncate on ${BAR} for each statement execute function line_day_load_bars_truncate()`,
];

/** Every row the table must hold, computed from the live bars now (the rebuild and the tests' reference). */
export const LINE_DAY_LOAD_FIGURES = barLoadsSql(BAR, PLAN);

/** Builds the table again from the live bars (all companies in the system scope, else the caller's). */
export async function rebuildLineDayLoad(tx: Db): Promise<void> {
  await sql.raw(`delete from ${LINE_DAY_LOAD}`).execute(tx);
  await sql.raw(applySigned(signedAs(1, BAR))).execute(tx);
}

/**
 * Installs the table, its functions and triggers (idempotent) and, when they are new or changed,
 * builds the table from the live bars in the system scope of row-level security, under a share lock
 * of the sources, in one transaction with its triggers, so no write slips between build and upkeep.
 */
export async function installLineDayLoad(db: Db): Promise<void> {
  const sources = [BAR, PLAN, SAM, 'scm_cycle_calendar', 'scm_cycle_calendar_day'];
  const present = (await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = current_schema() and table_name in (${sql.join(sources)})`.execute(db)).rows[0].n;
  if (present < sources.length) return;
  const signature = createHash('sha256').update(LINE_DAY_LOAD_DDL.join('\n')).digest('hex');
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(72810015)`.execute(tx);
    await sql`create table if not exists rpt_agg_state (name text primary key, signature text not null, built_at timestamptz not null default now())`.execute(tx);
    const seen = (await sql<{ signature: string }>`select signature from rpt_agg_state where name = 'line_day_load'`.execute(tx)).rows[0];
    if (seen?.signature === signature) return;
    await sql`select set_config('app.client_id', '*', true)`.execute(tx);
    await sql.raw(`drop table if exists ${LINE_DAY_LOAD}`).execute(tx);
    for (const s of LINE_DAY_LOAD_DDL) await sql.raw(s).execute(tx);
    await sql.raw(`lock table ${sources.join(', ')} in share mode`).execute(tx);
    await rebuildLineDayLoad(tx);
    await sql`insert into rpt_agg_state (name, signature) values ('line_day_load', ${signature}) on conflict (name) do update set signature = excluded.signature, built_at = now()`.execute(tx);
  });
}

/**
 * Why a run cannot read the kept loads of a company, or null: its cycle calendars must agree on the
 * working weekdays (the board takes its range's year's calendar, the kept figure the newest), as JS
 * reads them (`workingWeekdays`) and as the database does (`line_load_weekdays`).
 */
export async function lineDayLoadRefusal(tx: Db, clientId: number): Promise<string | null> {
  const rows = (await sql<{ raw: string | null; parsed: number[] | null }>`select work_weekdays as raw, line_load_weekdays(work_weekdays) as parsed
    from scm_cycle_calendar where client_id = ${clientId}`.execute(tx)).rows;
  const sets = new Set<string>();
  for (const r of rows) {
    const js = [...workingWeekdays({ work_weekdays: r.raw })].sort().join(',');
    const db = (r.parsed ?? []).map(Number).sort().join(',');
    if (js !== db) return 'calendar weekdays';
    sets.add(js);
  }
  return sets.size > 1 ? 'calendars of different weekdays' : null;
}

/**
 * Load per line per day over [from, to] from the kept table, under `where` (alias `t`: the company and
 * whatever of the user's scope and filters names the line): a map line id -> minutes per day aligned
 * with the range, as `scheduleLoad` gives it from the bars.
 */
export async function keptLineLoad(tx: Db, where: RawBuilder<unknown>, from: string, to: string): Promise<Map<number, number[]>> {
  const rows = (await sql<{ line_id: number; i: number; load: number }>`select t.line_id, (t.day - ${from}::date) as i, t.load::float8 as load
    from ${sql.table(LINE_DAY_LOAD)} t where ${where} and t.day between ${from}::date and ${to}::date and t.bar_days <> 0`.execute(tx)).rows;
  return loadByLineDay(rows, Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1);
}

/** Rows of (line, day index, load) as a map line id -> load per day of a range of `days` days. */
export function loadByLineDay(rows: Iterable<{ line_id: number; i: number; load: number }>, days: number): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const r of rows) {
    const id = Number(r.line_id);
    let row = out.get(id);
    if (!row) out.set(id, (row = new Array<number>(days).fill(0)));
    row[Number(r.i)] = Number(r.load);
  }
  return out;
}

// Installed by migrate() after the plan figures; its table holds one company's rows (row-level security).
registerDerivedTables({ name: 'line day load', order: 3, install: installLineDayLoad, tenantTables: () => [LINE_DAY_LOAD] });
