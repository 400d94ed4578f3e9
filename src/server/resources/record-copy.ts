import { sql, type RawBuilder } from 'kysely';
import { requireEntity, type EntityDef, type TransitionDef } from '../../model';
import type { ActionContext, ActionOutcome } from './action-handlers';
import { childEntities, loadChildren } from './document-read';
import { writeDocument } from './document-writer';
import { insertRecords, insertSelected, serviceWrite, updateRecords } from './record-writer';
import type { WriteContext } from './document-stages';

type Row = Record<string, unknown>;
type CopiedLines = NonNullable<NonNullable<TransitionDef['copy']>['lines']>[number];

/**
 * The engine's handler of a copying transition (TransitionDef `copies` with `copy`, issue 30): a
 * version copied to a new draft with its demand lines and their cells; a process definition with its
 * nodes and steps inside the new document (`children`). The new record is written
 * by the document writer (its rules and unique checks: a taken code is refused as a save refuses
 * it), its lines by the record writer (hooks and audit), the link last so the record's own hooks
 * see its lines. Registered by the entity's area: `registerActionHandler('allocationversion', 'copy', copyRecord)`.
 * Replies `{ id }` of the new record, with its title field.
 */
export async function copyRecord(ctx: ActionContext): Promise<ActionOutcome> {
  const { entity, row, params, transition } = ctx;
  const decl = transition?.copy;
  if (!decl) throw new Error(`${entity.name}.${transition?.action ?? '?'}: copyRecord needs the transition's copy declaration`);
  const w = serviceWrite(ctx.tx, { clientId: ctx.clientId, userId: ctx.auth.userId, username: ctx.auth.username, ip: ctx.ip });
  const body: Row = Object.fromEntries(decl.fields.map((k) => [k, row[k]]));
  // A parameter left empty keeps the copied value (a new name not given keeps the name).
  for (const p of transition.params ?? []) if (params[p.key] !== undefined && params[p.key] !== null && params[p.key] !== '') body[p.key] = params[p.key];
  // The child collections copied within the new document: its rules see them as a save's lines.
  for (const c of decl.children ? childEntities(entity) : []) {
    const stored = await loadChildren(ctx.tx, c.entity, c.def.foreignKey, ctx.clientId, [Number(row.id)], false);
    body[c.def.key] = stored.map((r) => Object.fromEntries(c.entity.fields.filter((f) => !f.readonly).map((f) => [f.key, r[f.key]])));
  }
  const newId = await writeDocument(w, entity, { body });
  const lines = decl.lines ?? [];
  const followed = new Set(lines.flatMap((l) => Object.values(l.follow ?? {})));
  // Old id -> new id of each line entity a later one follows, as one JSON parameter.
  const maps = new Map<string, string>();
  for (const l of lines) await copyLines(w, l, Number(row.id), newId, maps, followed.has(l.entity));
  if (decl.link) await updateRecords(w, entity, [newId], { [decl.link]: Number(row.id) }, { audit: 'copy' });
  return { data: { id: newId, [entity.titleField]: body[entity.titleField] ?? null } };
}

/** One line entity's rows of the record copied, onto the new record (in their order, by id). */
async function copyLines(w: WriteContext, l: CopiedLines, fromId: number, toId: number, maps: Map<string, string>, keepIds: boolean): Promise<void> {
  const line: EntityDef = requireEntity(l.entity);
  const columns = line.fields.filter((f) => !f.readonly && f.key !== l.via).map((f) => f.key);
  const follow = Object.entries(l.follow ?? {});
  const picked = columns.map((c) => {
    const i = follow.findIndex(([f]) => f === c);
    return i >= 0 ? sql`${sql.ref(`m${i}.new_id`)} as ${sql.id(c)}` : sql.ref(`l.${c}`);
  });
  const joins: RawBuilder<unknown>[] = follow.map(
    ([f, e], i) => sql`join jsonb_to_recordset(${maps.get(e) ?? '[]'}::jsonb) as ${sql.id(`m${i}`)}(old_id bigint, new_id bigint) on ${sql.ref(`m${i}.old_id`)} = ${sql.ref(`l.${f}`)}`,
  );
  const from = sql`from ${sql.table(line.table)} l ${joins.length ? sql.join(joins, sql` `) : sql``}
    where l.client_id = ${w.actor.clientId} and ${sql.ref(`l.${l.via}`)} = ${fromId} order by l.id`;
  if (!keepIds) {
    await insertSelected(w, line, [l.via, ...columns], sql`select ${toId}::bigint as ${sql.id(l.via)}, ${sql.join(picked)} ${from}`);
    return;
  }
  const old = (await sql<Row>`select l.id as "$old", ${sql.join(picked)} ${from}`.execute(w.tx)).rows;
  const stored = await insertRecords(w, line, old.map(({ $old: _old, ...values }) => ({ ...values, [l.via]: toId })));
  maps.set(l.entity, JSON.stringify(old.map((r, i) => ({ old_id: Number(r.$old), new_id: Number(stored[i]!.id) }))));
}
