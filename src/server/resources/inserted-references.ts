import { sql } from 'kysely';
import { requireEntity, type EntityDef } from '../../model';
import type { Db } from '../db/database';
import { AppError, type ErrorKeyOf } from '../http/errors';
import { refWhereSql } from './document-stages';
import { isRefField, refTarget } from './references';

type Row = Record<string, unknown>;

/** How a refusal of inserted rows reads: the error, and the field key it names for the row at an index. */
export type InsertedCheck = { message: ErrorKeyOf<'validation'>; at: (index: number) => string };

/**
 * The declared references of rows a service inserted in bulk (issue 30; `insertRecords` with
 * `checked`), one statement per field for all of them rather than a save's row-by-row validation
 * (a suggestion's or a planner's thousands of allocation cells): each reference names a row of the
 * writer's company among those its `where` allows and, with `ref.match`, one whose fields hold the
 * row's own (a cell's demand line of the cell's version); each `within` value lies between its
 * record's bounds. Any row failing refuses the whole write with `check.message`, under `check.at(i)`
 * for each failing row (the caller's transaction then keeps nothing of it).
 */
export async function checkInsertedReferences(tx: Db, entity: EntityDef, inserted: readonly Row[], check: InsertedCheck): Promise<void> {
  if (!inserted.length) return;
  const ids = inserted.map((r) => Number(r.id));
  const bad = new Set<number>();
  const collect = (rows: Array<{ id: unknown }>) => rows.forEach((r) => bad.add(Number(r.id)));
  for (const f of entity.fields) {
    const target = isRefField(f) ? refTarget(f) : null;
    if (target) {
      const matched = Object.entries(f.ref?.match ?? {}).map(([theirs, ours]) => sql` and ${sql.ref(`t.${theirs}`)} = ${sql.ref(`s.${ours}`)}`);
      const r = await sql<{ id: unknown }>`select s.id from ${sql.table(entity.table)} s where s.id in (${sql.join(ids)}) and ${sql.ref(`s.${f.key}`)} is not null
        and not exists (select 1 from ${sql.table(target.table)} t where t.client_id = s.client_id and t.id = ${sql.ref(`s.${f.key}`)}${sql.join(matched, sql``)}${refWhereSql(f)})`.execute(tx);
      collect(r.rows);
    }
    if (f.within) {
      const refField = entity.fields.find((x) => x.key === f.within!.ref);
      const bounds = requireEntity(refField!.ref!.entity);
      const [value, low, high] = [sql.ref(`s.${f.key}`), sql.ref(`t.${f.within.from}`), sql.ref(`t.${f.within.to}`)];
      const r = await sql<{ id: unknown }>`select s.id from ${sql.table(entity.table)} s join ${sql.table(bounds.table)} t on t.client_id = s.client_id and t.id = ${sql.ref(`s.${f.within.ref}`)}
        where s.id in (${sql.join(ids)}) and ((${low} is not null and ${value} < ${low}) or (${high} is not null and ${value} > ${high}))`.execute(tx);
      collect(r.rows);
    }
  }
  if (!bad.size) return;
  const fields = Object.fromEntries(ids.flatMap((id, i) => (bad.has(id) ? [[check.at(i), { key: check.message }]] : [])));
  throw new AppError(check.message, { fields } as never);
}
