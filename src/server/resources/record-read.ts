import { sql } from 'kysely';
import { fieldOf, type EntityDef } from '../../model';
import { readTyped } from '../../model/typed-read';
import type { Db } from '../db/database';

/**
 * What a service reads of an entity's rows (issue 30): the fields asked (declared fields or `id`),
 * the rows whose fields equal the values in `where` (a list: any of them; an empty list reads
 * nothing), ordered by `order`; with `sum`, those fields summed over the rows that share the other
 * fields asked. Always within the company; each row read as its declaration types it (readTyped).
 *
 * Example, a vendor's capacity per group and month:
 * `readRecords(tx, vendorCapacity, clientId, { where: { cycle_type: 'month', cycle: months }, fields: ['vendor_id', 'group_id', 'cycle'], sum: ['capacity'] })`.
 */
export type RecordQuery = { where?: Record<string, unknown>; fields: readonly string[]; order?: readonly string[]; sum?: readonly string[] };

/** A field of the entity's declaration, or `id` (a query naming another is a programming error). */
function columnOf(entity: EntityDef, key: string) {
  if (key !== 'id' && !fieldOf(entity, key)) throw new Error(`readRecords: ${entity.name} declares no field ${key}`);
  return sql.ref(`t.${key}`);
}

export async function readRecords<T extends object>(db: Db, entity: EntityDef, clientId: number, q: RecordQuery): Promise<T[]> {
  const conds = [sql`t.client_id = ${clientId}`];
  for (const [key, value] of Object.entries(q.where ?? {})) {
    if (!Array.isArray(value)) conds.push(sql`${columnOf(entity, key)} = ${value}`);
    else if (!value.length) return [];
    else conds.push(sql`${columnOf(entity, key)} in (${sql.join(value)})`);
  }
  const sums = q.sum ?? [];
  const select = [...q.fields.map((k) => columnOf(entity, k)), ...sums.map((k) => sql`sum(${columnOf(entity, k)}) as ${sql.id(k)}`)];
  const group = sums.length && q.fields.length ? sql`group by ${sql.join(q.fields.map((k) => columnOf(entity, k)))}` : sql``;
  const order = q.order?.length ? sql`order by ${sql.join(q.order.map((k) => columnOf(entity, k)))}` : sql``;
  const rows = (await sql<Record<string, unknown>>`select ${sql.join(select)} from ${sql.table(entity.table)} t where ${sql.join(conds, sql` and `)} ${group} ${order}`.execute(db)).rows;
  const keys = [...q.fields, ...sums];
  return rows.map((r) => {
    const typed = readTyped<Record<string, unknown>>(entity, r);
    return Object.fromEntries(keys.map((k) => [k, typed[k]])) as T;
  });
}
