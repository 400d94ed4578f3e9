import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { EntityDef, ReportDef, ReportDimension } from '../../../model';
import { AGGREGATES, KEPT_TABLES, RETIRED_AGGREGATES, SOURCE_INDEXES, type AggregateDef, type KeptTableDecl } from '../../../model/report-aggregate';
import type { DataRule } from '../../access/permission-model';
import type { Db } from '../../db/database';
import { registerDerivedTables } from '../../db/derived-tables';
import type { PageQuery } from '../../resources/page-query';

/**
 * The runtime of the kept report tables (issue 13, B8; docs/architecture-reports.md "Pre-aggregated
 * tables"). Each report folder declares the aggregate it reads (`reports/<name>/<name>.aggregate.ts`,
 * src/model/report-aggregate.ts; loaded by the catalogue); this file creates and keeps them and
 * says when a run may read them.
 *
 * Kept current by the database itself: statement-level triggers with transition tables on the source
 * table (insert, update, delete, truncate) subtract the old rows' figures and add the new ones in one
 * upsert per statement. Every write reaches them: the document writer, imports, state actions (which
 * run no save hooks), services' own statements and seeds alike, in the write's own transaction, so a
 * reader never sees an order without its figures. A changed definition (its signature) rebuilds the
 * table from the source rows at the next start.
 */
export { AGGREGATES, type AggregateDef };

export const aggregateOf = (name: string | undefined): AggregateDef | undefined => AGGREGATES.find((a) => a.name === name);

/**
 * A kept table a report's server query may read instead of its entity's rows: an aggregate, or a
 * table kept by another service. What a run must meet to read it is `aggregateRefusal`'s: its
 * filters and the user's data permissions name only kept fields (or the month of the date field, or
 * `range`: a date filter read as the days the report covers, `between` only), and `check` (the
 * company's data the figure assumes) finds nothing against it.
 */
export type KeptTable = Omit<KeptTableDecl, 'checked'> & { check?: (tx: Db, clientId: number) => Promise<string | null> };

const CHECKS = new Map<string, (tx: Db, clientId: number) => Promise<string | null>>();

/** The service keeping a declared table says what the company's data must meet for its figure to hold. */
export function registerKeptCheck(name: string, check: (tx: Db, clientId: number) => Promise<string | null>): void {
  CHECKS.set(name, check);
}

/** A declared kept table whose check is not registered is never read (its figure might not hold). */
const unchecked = async (): Promise<string> => 'kept table not checked';

function keptOf(d: KeptTableDecl): KeptTable {
  const { checked, ...rest } = d;
  return checked ? { ...rest, check: CHECKS.get(d.name) ?? unchecked } : rest;
}

/** The kept table of that name a server query may read: an aggregate or another service's table. */
export const keptTableOf = (name: string | undefined): KeptTable | undefined => {
  const a = aggregateOf(name);
  if (a) return a;
  const d = KEPT_TABLES.find((k) => k.name === name);
  return d ? keptOf(d) : undefined;
};

const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
const keyCols = (a: AggregateDef): string[] => ['client_id', ...(a.month ? [a.month] : []), ...a.keys.map((k) => k.field)];

/** The figures of a set of source rows (`rows`), grouped by the aggregate's keys, times `sign`. */
function groupedSql(a: AggregateDef, rows: string, sign: 1 | -1): string {
  const keys = keyCols(a);
  const exprs = keys.map((k) => (k === a.month ? `date_trunc('month', r.${q(k)})::date as ${q(k)}` : `r.${q(k)}`));
  // A figure of rows whose fields are empty (an order without a status) counts as 0, never null.
  const sums = Object.entries(a.measures).map(([c, e]) => `${sign === -1 ? '-' : ''}coalesce(sum(${e}), 0) as ${q(c)}`);
  return `select ${[...exprs, ...sums].join(', ')} from ${rows} r ${a.where ? `where ${a.where} ` : ''}group by ${keys.map((_, i) => i + 1).join(', ')} order by ${keys.map((_, i) => i + 1).join(', ')}`;
}

/** The figures computed from every source row now (what the table must hold; the consistency test's reference). */
export const figuresSql = (a: AggregateDef): string => groupedSql(a, q(a.source), 1);
export const keyColumns = keyCols;

function upsertSql(a: AggregateDef, rows: string, sign: 1 | -1): string {
  const keys = keyCols(a).map(q);
  const cols = Object.keys(a.measures).map(q);
  return `insert into ${q(a.table)} as g (${[...keys, ...cols].join(', ')}) ${groupedSql(a, rows, sign)}
    on conflict (${keys.join(', ')}) do update set ${cols.map((c) => `${c} = g.${c} + excluded.${c}`).join(', ')}`;
}

/** The statements that create the table, its trigger function and triggers (idempotent). */
export function aggregateDdl(a: AggregateDef): string[] {
  const t = q(a.table);
  const fn = q(`${a.table}_upkeep`);
  const keys = keyCols(a);
  const cleanup = `delete from ${t} g using (select distinct ${keys.map((k) => (k === a.month ? `date_trunc('month', r.${q(k)})::date as ${q(k)}` : `r.${q(k)}`)).join(', ')} from old_rows r${a.where ? ` where ${a.where}` : ''}) k
      where g.${q(a.count)} = 0 and ${keys.map((k) => `g.${q(k)} is not distinct from k.${q(k)}`).join(' and ')}`;
  return [
    `create table if not exists ${t} (
      client_id integer not null,${a.month ? `
      ${q(a.month)} date,` : ''}
      ${a.keys.map((k) => `${q(k.field)} ${k.type}`).join(',\n      ')},
      ${Object.keys(a.measures).map((m) => `${q(m)} numeric not null default 0`).join(',\n      ')}
    )`,
    `create unique index if not exists ${q(`${a.table}_key`)} on ${t} (${keys.map(q).join(', ')}) nulls not distinct`,
    `create or replace function ${fn}() returns trigger language plpgsql as $fn$
begin
  if tg_op = 'TRUNCATE' then
    delete from ${t};
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    ${upsertSql(a, 'old_rows', -1)};
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    ${upsertSql(a, 'new_rows', 1)};
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    ${cleanup};
  end if;
  return null;
end
$fn$`,
    ...['i', 'u', 'd', 't'].map((s) => `drop trigger if exists ${q(`${a.table}_${s}`)} on ${q(a.source)}`),
    `create trigger ${q(`${a.table}_i`)} after insert on ${q(a.source)} referencing new table as new_rows for each statement execute function ${fn}()`,
    `create trigger ${q(`${a.table}_u`)} after update on ${q(a.source)} referencing old table as old_rows new table as new_rows for each statement execute function ${fn}()`,
    `create trigger ${q(`${a.table}_d`)} after delete on ${q(a.source)} referencing old table as old_rows for each statement execute function ${fn}()`,
    `create trigger ${q(`${a.table}_t`)} after truncate on ${q(a.source)} for each statement execute function ${fn}()`,
  ];
}

/** The figures of every source row, as the triggers would have kept them (rebuild and the consistency test). */
export function rebuildSql(a: AggregateDef): string {
  const keys = keyCols(a).map(q);
  const cols = Object.keys(a.measures).map(q);
  return `insert into ${q(a.table)} (${[...keys, ...cols].join(', ')}) ${groupedSql(a, q(a.source), 1)}`;
}

export const signatureOf = (a: AggregateDef): string => createHash('sha256').update(JSON.stringify({ a, ddl: aggregateDdl(a) })).digest('hex').slice(0, 16);

/**
 * Creates or brings up to date every aggregate (run by `migrate` after the registry's tables exist):
 * a new or changed definition is (re)built from its source rows, in the system scope of row-level
 * security, inside one transaction with its triggers, so no write slips between build and upkeep.
 */
export async function installReportAggregates(db: Db): Promise<void> {
  await sql`create table if not exists rpt_agg_state (name text primary key, signature text not null, built_at timestamptz not null default now())`.execute(db);
  for (const r of RETIRED_AGGREGATES) {
    const seen = (await sql<{ n: number }>`select count(*)::int as n from rpt_agg_state where name = ${r.name}`.execute(db)).rows[0].n;
    const exists = (await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = current_schema() and table_name = ${r.source}`.execute(db)).rows[0].n;
    if (!seen) continue;
    await db.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(72810013)`.execute(tx);
      if (exists) for (const s of ['i', 'u', 'd', 't']) await sql.raw(`drop trigger if exists ${q(`${r.table}_${s}`)} on ${q(r.source)}`).execute(tx);
      await sql.raw(`drop function if exists ${q(`${r.table}_upkeep`)}()`).execute(tx);
      await sql.raw(`drop table if exists ${q(r.table)}`).execute(tx);
      await sql`delete from rpt_agg_state where name = ${r.name}`.execute(tx);
    });
  }
  for (const i of SOURCE_INDEXES) {
    const exists = (await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = current_schema() and table_name = ${i.source}`.execute(db)).rows[0].n;
    if (exists) await sql.raw(i.sql).execute(db);
  }
  for (const a of AGGREGATES) {
    const exists = (await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = current_schema() and table_name = ${a.source}`.execute(db)).rows[0].n;
    if (!exists) continue;
    const sig = signatureOf(a);
    await db.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(72810013)`.execute(tx);
      const seen = (await sql<{ signature: string }>`select signature from rpt_agg_state where name = ${a.name}`.execute(tx)).rows[0];
      if (seen?.signature === sig) return;
      await sql`select set_config('app.client_id', '*', true)`.execute(tx);
      await sql.raw(`drop table if exists ${q(a.table)}`).execute(tx);
      for (const s of aggregateDdl(a)) await sql.raw(s).execute(tx);
      await sql.raw(`lock table ${q(a.source)} in share mode`).execute(tx);
      await sql.raw(rebuildSql(a)).execute(tx);
      await sql`insert into rpt_agg_state (name, signature) values (${a.name}, ${sig}) on conflict (name) do update set signature = excluded.signature, built_at = now()`.execute(tx);
    });
  }
}

/** The aggregate tables, for row-level security (rls.service.ts protects them like tenant tables). */
export const aggregateTables = (): string[] => AGGREGATES.map((a) => a.table);

const firstOfMonth = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-01$/.test(v);
function lastOfMonth(v: unknown): boolean {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.getUTCDate() === 1;
}

/**
 * Why a report run cannot read the aggregate, or null when it can: every grouping is a kept field
 * (or the month of the date field), every measure a kept figure, every filter a kept field or a date
 * condition on month boundaries (the column holds each month's first day, so `between` the first
 * of a month and the last day of a month keeps exactly the months wholly inside; a kept table of
 * days takes its `range` field's `between` as the days shown), and every data permission rule of the
 * user on a kept field. Otherwise the raw table answers (same results).
 */
export function aggregateRefusal(a: KeptTable, entity: EntityDef, report: ReportDef, dims: ReportDimension[], pq: PageQuery, rules: DataRule[]): string | null {
  if (a.entity !== entity.name) return 'entity';
  const kept = new Set(a.keys.map((k) => k.field));
  // A server query reads the aggregate's columns itself (its dimensions are its own); a GROUP BY
  // report groups the aggregate by its dimensions.
  if (!report.query) {
    for (const d of dims) {
      if (a.month && d.field === a.month) {
        if (d.bucket !== 'month') return `dimension ${d.key}`;
      } else if (!kept.has(d.field) || d.bucket) return `dimension ${d.key}`;
    }
    const sums = 'measures' in a ? (a as AggregateDef).measures : {};
    for (const m of report.measures) if (m.agg === 'sum' && !(m.field! in sums)) return `measure ${m.key}`;
  }
  for (const f of pq.filters) {
    if (kept.has(f.field)) continue;
    if (a.range && f.field === a.range) {
      if (f.op !== 'between') return `filter ${f.field}.${f.op}`;
      continue;
    }
    if (!a.month || f.field !== a.month) return `filter ${f.field}`;
    const ok =
      f.op === 'null' || f.op === 'notnull' ||
      (f.op === 'between' && firstOfMonth(f.values[0]) && lastOfMonth(f.values[1])) ||
      ((f.op === 'gte' || f.op === 'lt') && firstOfMonth(f.values[0])) ||
      ((f.op === 'lte' || f.op === 'gt') && lastOfMonth(f.values[0]));
    if (!ok) return `filter ${f.field}.${f.op}`;
  }
  if (pq.q || pq.tab) return 'search';
  for (const r of rules) if (!kept.has(r.field)) return `data permission on ${r.field}`;
  return null;
}

/** A dimension's SQL on the aggregate (alias t): a kept field, or the month column as 'YYYY-MM'. */
export function aggregateDimSql(a: AggregateDef, d: ReportDimension): RawBuilder<unknown> {
  const c = sql.id('t', d.field);
  return a.month && d.field === a.month ? sql`to_char(${c}, 'YYYY-MM')` : sql`${c}::text`;
}

// Installed by migrate() after the registry's schema; their tables are protected by row-level security.
registerDerivedTables({ name: 'report aggregates', order: 1, install: installReportAggregates, tenantTables: aggregateTables });
