import { sql, type RawBuilder } from 'kysely';
import { requireEntity, type EntityDef, type FieldDef } from '../../model';
import type { Db } from '../db/database';
import type { FieldError } from '../http/errors';
import { isJsonField, type Row } from './document-input';
import { isRefField, refTarget } from './references';

/** Reading stored documents: the rows a list, a view or a write sees, always within one tenant. */

const SYSTEM_SELECT = ['id', 'version', 'created_by', 'created_at', 'updated_by', 'updated_at'];

/** Table of an entity as an SQL identifier. */
export const tbl = (entity: EntityDef) => sql.table(entity.table);
export const col = (field: string) => sql.id('t', field);

/**
 * Where the rows of a table's entities are read from when the table does not hold their fields as
 * columns (a dynamic form's records: its fields are keys of one JSON object, and its entity is
 * declared at run time): `source` gives, for one entity, a derived table in parentheses with `id`,
 * `client_id`, the system columns and a column per field; `columns` are the source's own columns a
 * row carries beside its fields; `dataScope: false` when the menu's data permissions name no column
 * of it. The list, its count and a record's view read it in place of the table; `store`, where the
 * rows keep their fields as one JSON object, is how the writer, the generic save, removal and
 * history lock, read and write them (below).
 */
export type ReadSource = { source: (entity: EntityDef) => RawBuilder<unknown>; columns?: readonly string[]; dataScope?: false; store?: (entity: EntityDef) => JsonDocumentStore };
const READ_SOURCES = new Map<string, ReadSource>();

export function registerReadSource(table: string, read: ReadSource): void {
  READ_SOURCES.set(table, read);
}

export const readSourceOf = (entity: EntityDef): ReadSource | undefined => READ_SOURCES.get(entity.table);

/**
 * A document kept as one JSON object of its row (a dynamic form's record: `dyn_form_record.data`)
 * instead of a column per field, written through the same stages. The writer reads the stored row
 * with the object's keys beside the row's columns, writes `keys` into `column` (keys the object
 * holds and `keys` does not, an older design's, stay), sets `columns` on every write, and audits
 * under the entity's name. Its save hooks run as any entity's; the store's own steps are the form's:
 * `lockedFor` the keys a writer's roles do not reach (the body's values for them are left out: the
 * stored ones stay), `prepare` before the field rules (computed values), `check` beside the rules' errors.
 */
export type JsonDocumentStore = {
  column: string;
  keys: readonly string[];
  /** Columns of the row set on every write (at least one: the form, its version). */
  columns: Row;
  /** The rows of this kind among the table's (alias `t`). */
  where: RawBuilder<unknown>;
  lockedFor?: (roles: readonly string[]) => readonly string[];
  prepare?: (values: Row) => Row;
  check?: (values: Row, errors: Record<string, FieldError>, roles: readonly string[]) => void;
};

/** The JSON document store an entity's table registered (its read source's), if any. */
export const storeOf = (entity: EntityDef): JsonDocumentStore | undefined => READ_SOURCES.get(entity.table)?.store?.(entity);

/** A stored row of a JSON document store as the writer reads it: the object's keys, then the row's columns. */
export function storedDocument(store: Pick<JsonDocumentStore, 'column'>, row: Row): Row {
  const { [store.column]: data, ...columns } = row;
  return { ...((data as Row | null) ?? {}), ...columns };
}

/** What an entity's rows are read from (alias it `t`): its registered read source, else its table. */
export const readFrom = (entity: EntityDef): RawBuilder<unknown> => READ_SOURCES.get(entity.table)?.source(entity) ?? tbl(entity);

/** A value as an SQL parameter of its column (jsonb fields as JSON text cast to jsonb). */
export function valueParam(field: FieldDef, value: unknown): RawBuilder<unknown> {
  if (value === null || value === undefined) return sql`null`;
  if (isJsonField(field)) return sql`${JSON.stringify(value)}::jsonb`;
  return sql`${value}`;
}

export function childEntities(entity: EntityDef) {
  return (entity.children ?? []).map((c) => ({ def: c, entity: requireEntity(c.entity) }));
}

/** The select list of an entity's rows: system columns, fields, and `<field>__label` of references. */
export function selectList(entity: EntityDef): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [...SYSTEM_SELECT, ...entity.fields.map((f) => f.key), ...(READ_SOURCES.get(entity.table)?.columns ?? [])].map((c) => col(c));
  for (const f of entity.fields) {
    const target = isRefField(f) ? refTarget(f) : null;
    if (!target) continue;
    // A correlated lookup within the same tenant: a label never leaks another tenant's row.
    parts.push(
      sql`(select r.${sql.id(target.labelColumn)} from ${sql.table(target.table)} r where r.id = ${col(f.key)} and r.client_id = t.client_id) as ${sql.id(`${f.key}__label`)}`,
    );
  }
  return sql.join(parts);
}

export async function loadRows(db: Db, entity: EntityDef, clientId: number, ids: number[], scope: RawBuilder<unknown>[], lock: boolean): Promise<Row[]> {
  if (!ids.length) return [];
  const store = lock ? storeOf(entity) : undefined;
  const conds = [sql`t.client_id = ${clientId}`, sql`t.id in (${sql.join(ids.map((i) => sql`${i}`))})`, ...scope, ...(store ? [store.where] : [])];
  // FOR UPDATE locks the rows a write will change (PostgreSQL), a JSON document's as the writer reads it; labels are read later, outside the lock.
  const q = lock
    ? sql<Row>`select t.* from ${tbl(entity)} t where ${sql.join(conds, sql` and `)} order by t.id for update`
    : sql<Row>`select ${selectList(entity)} from ${readFrom(entity)} t where ${sql.join(conds, sql` and `)} order by t.id`;
  const rows = (await q.execute(db)).rows;
  return store ? rows.map((r) => storedDocument(store, r)) : rows;
}

export async function loadChildren(db: Db, child: EntityDef, foreignKey: string, clientId: number, parentIds: number[], withLabels: boolean): Promise<Row[]> {
  if (!parentIds.length) return [];
  const select = withLabels ? sql.join([selectList(child), col(foreignKey)]) : sql`t.*`;
  return (
    await sql<Row>`select ${select} from ${tbl(child)} t where t.client_id = ${clientId}
      and ${col(foreignKey)} in (${sql.join(parentIds.map((i) => sql`${i}`))}) order by t.id`.execute(db)
  ).rows;
}
