import { sql } from 'kysely';
import { allEntities, type EntityDef } from '../../model';
import { FIELD_TYPE_TABLE, SYSTEM_COLUMN_TABLE } from '../../model/field-types';
import type { Db } from './database';

/** Normalised PostgreSQL type names as information_schema reports them, per declared sqlType. */
const REPORTED_TYPE: Record<string, string> = {
  text: 'text',
  bigint: 'bigint',
  'numeric(18,4)': 'numeric',
  date: 'date',
  timestamp: 'timestamp without time zone',
  boolean: 'boolean',
  jsonb: 'jsonb',
};

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Foreign-key columns a child entity's table carries: one per parent that lists it as a child collection. */
export function parentKeys(entity: EntityDef): string[] {
  const keys = new Set<string>();
  for (const parent of allEntities()) for (const c of parent.children ?? []) if (c.entity === entity.name) keys.add(c.foreignKey);
  return [...keys].filter((k) => !entity.fields.some((f) => f.key === k));
}

/** The CREATE TABLE statement an entity derives (system columns first, then its fields). */
export function createTableSql(entity: EntityDef): string {
  const cols = [
    ...Object.entries(SYSTEM_COLUMN_TABLE).map(([key, c]) => `${key} ${c.sqlDefinition}`),
    ...parentKeys(entity).map((k) => `${quote(k)} bigint`),
    ...entity.fields.map((f) => `${quote(f.key)} ${FIELD_TYPE_TABLE[f.type].sqlType}`),
  ];
  return `create table if not exists ${quote(entity.table)} (${cols.join(', ')})`;
}

/** An index an entity derives: its name (unique per schema) and the statement that creates it. */
type IndexDef = { name: string; sql: string };

/** Indexes an entity derives: tenant, unique keys per tenant, child foreign keys, state. */
export function indexDefs(entity: EntityDef): IndexDef[] {
  const t = entity.table;
  const index = (suffix: string, columns: string, unique = false): IndexDef => {
    const name = `${t}_${suffix}`;
    return { name, sql: `create ${unique ? 'unique ' : ''}index if not exists ${quote(name)} on ${quote(t)} (${columns})` };
  };
  const out = [index('client_idx', 'client_id, id')];
  for (const f of entity.fields) {
    if (f.unique || f.key === entity.codeField) out.push(index(`${f.key}_uq`, `client_id, ${quote(f.key)}`, true));
    else if (FIELD_TYPE_TABLE[f.type].reference) out.push(index(`${f.key}_idx`, `client_id, ${quote(f.key)}`));
  }
  for (const k of parentKeys(entity)) out.push(index(`${k}_idx`, `client_id, ${quote(k)}`));
  // The lists' orders are served by an index with id as the tie-break, so the first rows and every
  // keyset page are a range of it (benchmark B1): the default order (a field, or a system column
  // such as created_at) and the title, the column a list is sorted by next. The code field's unique
  // index serves its own order; other columns are sorted top-N over the filtered rows.
  for (const key of sortIndexKeys(entity)) out.push(index(`${key}_sort_idx`, `client_id, ${quote(key)}, id`));
  if (entity.states) out.push(index('state_idx', `client_id, ${quote(entity.states.field)}`));
  return out;
}

/** Columns a list sorts by that get a (client_id, column, id) index: the default sort's and the title's. */
export function sortIndexKeys(entity: EntityDef): string[] {
  const sortable = (key: string | undefined): key is string => {
    if (!key || key === 'id' || key === entity.codeField) return false;
    const own = entity.fields.find((f) => f.key === key);
    if (own) return !own.unique && FIELD_TYPE_TABLE[own.type].ordered;
    return key in SYSTEM_COLUMN_TABLE && SYSTEM_COLUMN_TABLE[key as keyof typeof SYSTEM_COLUMN_TABLE].listable;
  };
  return [...new Set([entity.defaultSort?.field, entity.titleField].filter(sortable))];
}

/** The statements of `indexDefs`. */
export function indexSql(entity: EntityDef): string[] {
  return indexDefs(entity).map((d) => d.sql);
}

/**
 * Creates the tables and columns the registry declares and that the database lacks. It only adds:
 * a changed type of an existing column stops the start with a message asking for a timestamped
 * migration (STYLE habit 9: nothing is changed or dropped silently).
 */
export async function syncRegistrySchema(db: Db): Promise<void> {
  // What the schema holds, read once (two catalogue queries instead of two per table: a start on an
  // up-to-date database went from about 1.1 s to a few tens of milliseconds on PGlite).
  const columns = await sql<{ table_name: string; column_name: string; data_type: string }>`
    select table_name, column_name, data_type from information_schema.columns where table_schema = current_schema()`.execute(db);
  const tables = new Map<string, Map<string, string>>();
  for (const r of columns.rows) {
    const have = tables.get(r.table_name) ?? new Map<string, string>();
    have.set(r.column_name, r.data_type);
    tables.set(r.table_name, have);
  }
  const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes where schemaname = current_schema()`.execute(db);
  const indexNames = new Set(indexes.rows.map((r) => r.indexname));
  for (const entity of allEntities()) {
    const have = tables.get(entity.table);
    if (!have) await sql.raw(createTableSql(entity)).execute(db);
    else await addMissingColumns(db, entity, have);
    // PostgreSQL truncates identifiers to 63 bytes: a longer index name is never found by name, and
    // its `if not exists` statement (a no-op then) runs as before.
    for (const d of indexDefs(entity)) if (!indexNames.has(d.name)) await sql.raw(d.sql).execute(db);
  }
}

/** Adds the columns an existing table lacks; a changed type stops the start (see syncRegistrySchema). */
async function addMissingColumns(db: Db, entity: EntityDef, have: Map<string, string>): Promise<void> {
  for (const k of parentKeys(entity)) {
    if (!have.has(k)) await sql.raw(`alter table ${quote(entity.table)} add column if not exists ${quote(k)} bigint`).execute(db);
  }
  for (const f of entity.fields) {
    const sqlType = FIELD_TYPE_TABLE[f.type].sqlType;
    const reported = have.get(f.key);
    if (reported === undefined) {
      await sql.raw(`alter table ${quote(entity.table)} add column if not exists ${quote(f.key)} ${sqlType}`).execute(db);
    } else if (reported !== REPORTED_TYPE[sqlType]) {
      throw new Error(
        `column ${entity.table}.${f.key} is ${reported} in the database but ${sqlType} in entity ${entity.name}: ship a timestamped migration in src/server/db/migrations that converts it`,
      );
    }
  }
}
