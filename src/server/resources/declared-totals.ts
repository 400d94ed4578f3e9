import { sql, type RawBuilder } from 'kysely';
import { allEntities, requireEntity, type EntityDef, type FieldDef, type LineTotal } from '../../model';
import type { Db } from '../db/database';
import { deriveRecords, serviceWrite } from './record-writer';
import type { SaveHook } from './save-hooks';

/**
 * A record's declared totals over its lines (FieldDef.total, issue 30), kept by every write as the
 * entities' declared hooks (save-hooks.ts `hooksOf`): after a write of the record itself, and after
 * a write or a remove of its lines (or of its lines' lines, for a `less`), whatever writes them (a
 * form, an import, an action's cells, a copy), the totals of the records they name are recomputed
 * by SQL in one statement (`deriveRecords`: no version change, no audit). An allocation version's
 * demand, allocated and unplaced pieces are three such fields.
 */

/** The SQL of a total for the record aliased `t`, within its company. */
function totalSql(total: LineTotal): RawBuilder<unknown> {
  const lines = requireEntity(total.lines);
  const less = total.less;
  const value = less
    ? sql`greatest(${sql.ref(`l.${total.sum}`)} - coalesce((select sum(${sql.ref(`s.${less.sum}`)}) from ${sql.table(requireEntity(less.lines).table)} s
        where s.client_id = l.client_id and ${sql.ref(`s.${less.via}`)} = l.id), 0), 0)`
    : sql.ref(`l.${total.sum}`);
  return sql`(select coalesce(sum(${value}), 0) from ${sql.table(lines.table)} l where l.client_id = t.client_id and ${sql.ref(`l.${total.via}`)} = t.id)`;
}

/** Recomputes the declared totals of `entity`'s records `ids`. */
export async function storeTotals(tx: Db, clientId: number, entity: EntityDef, ids: readonly number[]): Promise<void> {
  const fields = entity.fields.filter((f) => f.total);
  const target = [...new Set(ids)].filter((id) => id > 0);
  if (!fields.length || !target.length) return;
  await deriveRecords(serviceWrite(tx, { clientId }), entity, target, Object.fromEntries(fields.map((f) => [f.key, totalSql(f.total!)])));
}

/** The distinct values of `via` on the rows `ids` of `table` (the records those rows name). */
async function named(tx: Db, clientId: number, table: string, via: string, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const r = await sql<{ v: unknown }>`select distinct ${sql.ref(via)} as v from ${sql.table(table)} where client_id = ${clientId} and id = any(${[...ids]}::bigint[])`.execute(tx);
  return r.rows.map((x) => Number(x.v));
}

const idsOf = (rows: readonly Record<string, unknown>[], key: string) => rows.map((r) => Number(r[key])).filter((x) => Number.isFinite(x) && x > 0);

/**
 * The records of `owner` whose totals rows of `entity` count in: written rows by their ids, removed
 * ones as they were stored. A total's lines name it directly (`via`); its `less` rows through their line.
 */
async function ownersOf(tx: Db, clientId: number, entity: EntityDef, fields: FieldDef[], rows: { ids: readonly number[] } | { removed: readonly Record<string, unknown>[] }): Promise<number[]> {
  const out = new Set<number>();
  for (const f of fields) {
    const t = f.total!;
    const direct = t.lines === entity.name;
    const via = direct ? t.via : t.less!.via;
    const first = 'ids' in rows ? await named(tx, clientId, entity.table, via, rows.ids) : idsOf(rows.removed, via);
    const owners = direct ? first : await named(tx, clientId, requireEntity(t.lines).table, t.via, first);
    for (const id of owners) out.add(id);
  }
  return [...out];
}

/** The hooks that keep declared totals: of the entity's own totals, and of the records its rows are lines of. */
export function lineTotalHooks(entity: EntityDef): SaveHook[] {
  const hooks: SaveHook[] = [];
  if (entity.fields.some((f) => f.total)) hooks.push({ afterWrite: (ctx) => storeTotals(ctx.tx, ctx.clientId, entity, ctx.ids) });
  for (const owner of allEntities()) {
    const fields = owner.fields.filter((f) => f.total && (f.total.lines === entity.name || f.total.less?.lines === entity.name));
    if (!fields.length) continue;
    hooks.push({
      afterWrite: async (ctx) => storeTotals(ctx.tx, ctx.clientId, owner, await ownersOf(ctx.tx, ctx.clientId, entity, fields, { ids: ctx.ids })),
      afterRemove: async (ctx) => storeTotals(ctx.tx, ctx.clientId, owner, await ownersOf(ctx.tx, ctx.clientId, entity, fields, { removed: ctx.rows })),
    });
  }
  return hooks;
}
