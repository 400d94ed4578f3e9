import { sql } from 'kysely';
import type { EntityDef } from '../../model';
import type { AuthContext } from '../access/auth-context';
import type { Db } from '../db/database';
import { AppError, forbidden, notFound } from '../http/errors';
import { diffRecords, writeAudit } from '../kernel/audit/audit.service';
import { withTenant } from '../kernel/rls';
import { actionHandlers, type ActionOutcome } from './action-handlers';
import { parseIds, type Row } from './document-input';
import { isSqlExpression } from './record-writer';
import { tbl, valueParam } from './document-read';
import type { ResourceContext } from './resource.service';
import { transitionParams } from './transition-stage';

/**
 * The writer of a journal view (`EntityDef.journal`, issue 30): the transitions of rows that are
 * each one person's to act on and carry no version (an approval task, the flow's own record of who
 * must decide). The stages, for the rows a call names:
 *
 *   a signed-in member of a company -> the company's rows (read unlocked: the handler takes the
 *   locks its area orders, a flow's instance first, so two writers never wait on each other in
 *   opposite orders) -> each row the caller's (`holder`, else 403) -> the parameters validated as
 *   fields -> per row: the from-states (else `moved`) -> the handler registered for the action
 *   (`registerActionHandler`: its refusals, its patch) -> one UPDATE guarded by the from-states
 *   (the parameters that are fields, the handler's patch and the state `to`; a transition that
 *   keeps the state sets nothing on the row, the flow's own rows record it, and is guarded all the
 *   same) -> nothing matched: `moved` (another write came first) -> audit under the action's name
 *   -> the handler's `after` (the area's moves, in the same transaction), the reply's data.
 *
 * Why no version: the row's state is its version. What a stale version is to a document, a row
 * moved out of the transition's from-states is to a journal's row, and SQL decides it
 * (`where <state> in (<from>)`), so of concurrent transitions on one row exactly one counts.
 *
 * Example: `journalAction(ctx, approvalTask, 'approve', { ids: [taskId], comment: '同意' })`.
 */
export type JournalWho = { auth: AuthContext; clientId: number; ip: string | null };

/** `POST /{prefix}/{entity}/action/{action}` of a journal view, in the caller's company's transaction. */
export async function journalAction(ctx: ResourceContext, entity: EntityDef, action: string, body: Row): Promise<{ rows: Row[]; data: unknown[] }> {
  if (!ctx.auth) throw new AppError('err.unauthorized');
  const auth = ctx.auth;
  if (auth.clientId === null) throw forbidden();
  const who = { auth, clientId: auth.clientId, ip: ctx.ip };
  return withTenant(ctx.db, who.clientId, (tx) => journalTransition(tx, who, entity, action, body));
}

/** The row at its from-states set to `set` (or only touched, when `set` is empty), as stored now; undefined when it left them. */
async function guardedUpdate(tx: Db, entity: EntityDef, row: Row, set: Row, from: readonly string[], stateField: string): Promise<Row | undefined> {
  const param = (k: string, v: unknown) => {
    const f = entity.fields.find((x) => x.key === k);
    return isSqlExpression(v) ? v : f ? valueParam(f, v) : sql`${v ?? null}`;
  };
  const keys = Object.keys(set);
  const sets = keys.length ? keys.map((k) => sql`${sql.id(k)} = ${param(k, set[k])}`) : [sql`${sql.id(stateField)} = t.${sql.id(stateField)}`];
  return (
    await sql<Row>`update ${tbl(entity)} as t set ${sql.join(sets)}
      where t.client_id = ${Number(row.client_id)} and t.id = ${Number(row.id)} and t.${sql.id(stateField)}::text in (${sql.join(from.map((s) => sql`${s}`))}) returning t.*`.execute(tx)
  ).rows[0];
}

/** The transition inside the caller's company's transaction (the route's, or a seed's). */
export async function journalTransition(tx: Db, who: JournalWho, entity: EntityDef, action: string, body: Row): Promise<{ rows: Row[]; data: unknown[] }> {
  const { journal, states } = entity;
  const transition = states?.transitions.find((t) => t.action === action);
  if (!journal || !states || !transition) throw new AppError('res.unknownAction', { as: 'notFound', params: { action } });
  const ids = parseIds(body);
  if (!ids.length) throw new AppError('res.noIds');
  const { params, errors } = transitionParams(transition, body);
  const rows = (await sql<Row>`select * from ${tbl(entity)} t where t.client_id = ${who.clientId} and t.id in (${sql.join(ids.map((i) => sql`${i}`))}) order by t.id`.execute(tx)).rows;
  if (rows.length !== ids.length) throw notFound();
  if (rows.some((r) => Number(r[journal.holder]) !== who.auth.userId)) throw forbidden();
  if (Object.keys(errors).length) throw new AppError('err.validation', { fields: errors });
  const handler = actionHandlers.get(`${entity.name}.${action}`);
  const fields = Object.fromEntries(entity.fields.filter((f) => Object.prototype.hasOwnProperty.call(params, f.key)).map((f) => [f.key, params[f.key]]));
  const written: Row[] = [];
  const data: unknown[] = [];
  for (const row of rows) {
    if (!transition.from.includes(String(row[states.field]))) throw new AppError(journal.moved);
    const outcome: ActionOutcome = (await handler?.({ tx, auth: who.auth, clientId: who.clientId, entity, row, transition, params, ip: who.ip })) ?? {};
    const set: Row = transition.to ? { ...fields, ...outcome.patch, [states.field]: transition.to } : {};
    const after = await guardedUpdate(tx, entity, row, set, transition.from, states.field);
    if (!after) throw new AppError(journal.moved);
    const actor = { clientId: who.clientId, userId: who.auth.userId, username: who.auth.username, ip: who.ip };
    await writeAudit(tx, actor, entity.name, Number(row.id), action, diffRecords(Object.keys(set), row, after));
    written.push(after);
    const result = outcome.after ? await outcome.after() : outcome.data;
    if (result !== undefined) data.push(result);
  }
  return { rows: written, data };
}
