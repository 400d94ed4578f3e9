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

/** Indexes an entity derives: tenant, unique keys per tenant, child foreign keys, state. */
export function indexSql(entity: EntityDef): string[] {
  const t = entity.table;
  const out = [`create index if not exists ${quote(`${t}_client_idx`)} on ${quote(t)} (client_id, id)`];
  for (const f of entity.fields) {
    if (f.unique || f.key === entity.codeField)
      out.push(`create unique index if not exists ${quote(`${t}_${f.key}_uq`)} on ${quote(t)} (client_id, ${quote(f.key)})`);
    else if (FIELD_TYPE_TABLE[f.type].reference)
      out.push(`create index if not exists ${quote(`${t}_${f.key}_idx`)} on ${quote(t)} (client_id, ${quote(f.key)})`);
  }
  for (const k of parentKeys(entity)) out.push(`create index if not exists ${quote(`${t}_${k}_idx`)} on ${quote(t)} (client_id, ${quote(k)})`);
  // The default list order is served by an index, so deep pages stay fast (benchmark B1).
  const sortKey = entity.defaultSort?.field;
  if (sortKey && sortKey !== entity.codeField && entity.fields.some((f) => f.key === sortKey && !f.unique))
    out.push(`create index if not exists ${quote(`${t}_${sortKey}_sort_idx`)} on ${quote(t)} (client_id, ${quote(sortKey)}, id)`);
  if (entity.states) out.push(`create index if not exists ${quote(`${t}_state_idx`)} on ${quote(t)} (client_id, ${quote(entity.states.field)})`);
  return out;
}

/**
 * Creates the tables and columns the registry declares and that the database lacks. It only adds:
 * a changed type of an existing column stops the start with a message asking for a timestamped
 * migration (STYLE habit 9: nothing is changed or dropped silently).
 */
export async function syncRegistrySchema(db: Db): Promise<void> {
  for (const entity of allEntities()) {
    await sql.raw(createTableSql(entity)).execute(db);
    const existing = await sql<{ column_name: string; data_type: string }>`
      select column_name, data_type from information_schema.columns
      where table_schema = current_schema() and table_name = ${entity.table}`.execute(db);
    const have = new Map(existing.rows.map((r) => [r.column_name, r.data_type]));
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
    for (const statement of indexSql(entity)) await sql.raw(statement).execute(db);
  }
}
