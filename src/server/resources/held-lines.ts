import { sql } from 'kysely';
import { allEntities, requireEntity, type EntityDef, type FieldDef } from '../../model';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import { removeRecords, serviceWrite } from './record-writer';
import type { RemoveContext, SaveHook, SaveHookContext } from './save-hooks';

/**
 * The save checks a line's reference declares on the record it belongs to (issue 30), run by every
 * write as the entity's declared hooks (save-hooks.ts `hooksOf`):
 * - `ref.lockedWith`: a line is written or removed only while its record is in none of its locked
 *   states (a demand line of a published allocation version), the old record and the new alike;
 * - `within`: a value lies between two fields of the record a reference names (a demand line's month
 *   within its version's months);
 * - `ref.onTargetRemoved: 'remove'`: the lines go, through the writer, just before their record does.
 */

type Row = Record<string, unknown>;

/** The record a reference names, read once per write (an import's rows share a few records). */
async function targetRow(tx: Db, clientId: number, target: EntityDef, id: number, memo: Map<string, unknown>): Promise<Row | null> {
  const key = `held-lines:${target.name}:${id}`;
  if (!memo.has(key)) {
    const r = await sql<Row>`select * from ${sql.table(target.table)} t where t.client_id = ${clientId} and t.id = ${id}`.execute(tx);
    memo.set(key, r.rows[0] ?? null);
  }
  return memo.get(key) as Row | null;
}

/** Refuses when one of the named records is in a locked state of its own. */
async function assertTargetsOpen(tx: Db, clientId: number, field: FieldDef, ids: unknown[], memo: Map<string, unknown>): Promise<void> {
  const target = requireEntity(field.ref!.entity);
  const states = target.states;
  if (!states?.locked?.length) return;
  for (const id of new Set(ids.filter((x) => x !== null && x !== undefined && x !== '').map(Number))) {
    const row = await targetRow(tx, clientId, target, id, memo);
    if (row && states.locked.includes(String(row[states.field]))) throw new AppError(field.ref!.lockedWith!.message);
  }
}

/** A value outside the bounds its declared record gives it gets the field's error. */
async function checkWithin(ctx: SaveHookContext, field: FieldDef): Promise<void> {
  const { ref, from, to, message } = field.within!;
  const value = ctx.values[field.key];
  const id = ctx.values[ref];
  if (value === null || value === undefined || value === '' || !id || ctx.errors[field.key]) return;
  const refField = ctx.entity.fields.find((f) => f.key === ref);
  if (!refField?.ref) throw new Error(`${ctx.entity.name}.${field.key}: within names ${ref}, not a reference field`);
  const row = await targetRow(ctx.tx, ctx.clientId, requireEntity(refField.ref.entity), Number(id), ctx.memo);
  const low = row?.[from];
  const high = row?.[to];
  const v = value as string | number;
  if ((low !== null && low !== undefined && v < (low as string | number)) || (high !== null && high !== undefined && v > (high as string | number))) {
    ctx.errors[field.key] = { key: message };
  }
}

/** The lines declared to go with a record of `entity`, removed first by the writer. */
async function removeLines(ctx: RemoveContext, lines: Array<{ entity: EntityDef; field: FieldDef }>): Promise<void> {
  const ids = ctx.rows.map((r) => Number(r.id));
  const w = serviceWrite(ctx.tx, { clientId: ctx.clientId, userId: ctx.actor.userId, username: ctx.actor.username, ip: ctx.actor.ip });
  for (const l of lines) await removeRecords(w, l.entity, { where: sql`${sql.ref(`t.${l.field.key}`)} in (${sql.join(ids)})` });
}

/** The hooks an entity's lines and `within` fields declare (empty when it declares none). */
export function heldLineHooks(entity: EntityDef): SaveHook[] {
  const held = entity.fields.filter((f) => f.ref?.lockedWith);
  const within = entity.fields.filter((f) => f.within);
  const lines: Array<{ entity: EntityDef; field: FieldDef }> = [];
  for (const e of allEntities()) for (const f of e.fields) if (f.ref?.entity === entity.name && f.ref.onTargetRemoved === 'remove') lines.push({ entity: e, field: f });
  lines.sort((a, b) => a.entity.name.localeCompare(b.entity.name) || a.field.key.localeCompare(b.field.key));
  const hooks: SaveHook[] = [];
  if (held.length || within.length)
    hooks.push({
      validate: async (ctx) => {
        for (const f of held) await assertTargetsOpen(ctx.tx, ctx.clientId, f, [ctx.values[f.key], ctx.before?.[f.key]], ctx.memo);
        for (const f of within) await checkWithin(ctx, f);
      },
    });
  if (held.length || lines.length)
    hooks.push({
      beforeRemove: async (ctx) => {
        const memo = new Map<string, unknown>();
        for (const f of held) await assertTargetsOpen(ctx.tx, ctx.clientId, f, ctx.rows.map((r) => r[f.key]), memo);
        await removeLines(ctx, lines);
      },
    });
  return hooks;
}
