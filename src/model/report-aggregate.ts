/**
 * Kept report tables, declared by the report folders that read them (docs/architecture-reports.md
 * "Pre-aggregated tables"): `reports/<name>/<name>.aggregate.ts`, loaded by the server's catalogue
 * only (the browser never loads one). The runtime that creates, keeps and reads them is the report
 * engine's (src/server/services/report-engine/aggregates.ts).
 *
 * An aggregate keeps one entity's rows summed per tenant, calendar month of one date field and the
 * values of a few fields; its columns carry the entity's own field names, so the list's WHERE reads
 * the same on it whenever every condition names a kept column.
 */
export type AggregateDef = {
  name: string;
  /** The registry entity whose rows are summed (its list WHERE is reused on the aggregate). */
  entity: string;
  source: string;
  table: string;
  /** Entity fields kept as they are (columns of the same name and type). */
  keys: Array<{ field: string; type: string }>;
  /** The date field kept by calendar month (column of the same name: the month's first day); none: keys only. */
  month?: string;
  /** Only the source rows meeting this condition (over `r`) count (e.g. the published schedule's bars). */
  where?: string;
  /** Summed figures: column -> SQL expression over a source row `r` (evaluated when the row is written). */
  measures: Record<string, string>;
  /** The column that counts rows (a report's `count` measure reads its sum). */
  count: string;
};

/**
 * A table kept by another service that a report's server query may read instead of its entity's
 * rows: its kept fields, its month or its `range` (a date field whose `between` filter is the days
 * shown), and `checked`: the service that keeps it must register what the company's data must meet
 * for its figure to hold (`registerKeptCheck`), else no run reads it.
 */
export type KeptTableDecl = {
  name: string;
  entity: string;
  table: string;
  keys: ReadonlyArray<{ field: string }>;
  month?: string;
  range?: string;
  checked?: boolean;
};

/** An aggregate no longer declared: dropped at start (table, triggers, upkeep function, state row). */
export type RetiredAggregate = { name: string; table: string; source: string };

/** An index of a source table that a report's part depending on today reads beside its aggregate. */
export type SourceIndex = { source: string; sql: string };

export const AGGREGATES: AggregateDef[] = [];
export const KEPT_TABLES: KeptTableDecl[] = [];
export const RETIRED_AGGREGATES: RetiredAggregate[] = [];
export const SOURCE_INDEXES: SourceIndex[] = [];

function add<T extends { name: string }>(list: T[], def: T, what: string): T {
  if (list.some((x) => x.name === def.name)) throw new Error(`${what} ${def.name} is declared twice`);
  list.push(def);
  return def;
}

export const defineAggregate = (def: AggregateDef): AggregateDef => add(AGGREGATES, def, 'aggregate');
export const defineKeptTable = (def: KeptTableDecl): KeptTableDecl => add(KEPT_TABLES, def, 'kept table');
export const retireAggregate = (def: RetiredAggregate): RetiredAggregate => add(RETIRED_AGGREGATES, def, 'retired aggregate');
export const defineSourceIndex = (def: SourceIndex): SourceIndex => (SOURCE_INDEXES.push(def), def);
