import { validateField, type EntityDef, type TransitionDef } from '../../model';
import type { AuthContext } from '../access/auth-context';
import type { Db } from '../db/database';
import { AppError, type FieldError } from '../http/errors';
import { writeAudit } from '../kernel/audit/audit.service';
import { actionGuards, actionHandlers, type ActionOutcome } from './action-handlers';
import type { Row } from './document-input';
import { outsideScope, toFieldError, writeContext } from './document-stages';
import type { RawBuilder } from 'kysely';
import { removeRecords, updateRecords } from './record-writer';
import type { WriteActor } from './save-hooks';

/**
 * The writer's transition stage, shared by a master's actions (resource.service.ts `runAction`) and
 * a line's (line-action.ts `runLineAction`): the transition's parameters validated as a save's
 * fields, then per row the action guards, the registered handler, the patch (parameters that are
 * fields, the handler's patch, the transition's `to`) kept within the actor's data scope and written
 * through the record writer with its audit under the action's name (an audit row alone when nothing
 * changes; a transition that `removes` its line removes it instead), then the handler's `after`. Runs inside the caller's tenant transaction.
 */
export function transitionParams(transition: TransitionDef | null, body: Row): { params: Row; errors: Record<string, FieldError> } {
  const params: Row = {};
  const errors: Record<string, FieldError> = {};
  for (const p of transition?.params ?? []) {
    const r = validateField(p, body[p.key]);
    if (r.error) errors[p.key] = toFieldError(r.error);
    else params[p.key] = r.value;
  }
  return { params, errors };
}

export type StageInput = {
  tx: Db;
  auth: AuthContext;
  actor: WriteActor;
  entity: EntityDef;
  action: string;
  transition: TransitionDef | null;
  /** Validated parameters of the transition; the raw body for a handler-only action. */
  params: Row;
  /** The data permissions the written row must stay within (none for a line: its master was checked). */
  scope: RawBuilder<unknown>[];
  /** The master record of a line (`lineOf`), given to the guards and handler. */
  master?: Row;
};

/** One row through the stage; returns the handler's data for the reply (its `after`'s when it has one). */
export async function transitionRow(s: StageInput, row: Row): Promise<unknown> {
  const { tx, auth, entity, transition, action } = s;
  const clientId = s.actor.clientId;
  const ctx = { tx, auth, clientId, entity, row, transition, params: s.params, ip: s.actor.ip, master: s.master };
  for (const guard of actionGuards.get(entity.name) ?? []) await guard({ ...ctx, action });
  const handler = actionHandlers.get(`${entity.name}.${action}`);
  const outcome: ActionOutcome = (handler ? await handler(ctx) : undefined) ?? {};
  const patch: Row = {};
  const own = (o: Row | undefined, k: string) => Boolean(o) && Object.prototype.hasOwnProperty.call(o, k);
  for (const f of entity.fields) {
    if (transition && !transition.copies && own(s.params, f.key)) patch[f.key] = s.params[f.key];
    if (own(outcome.patch, f.key)) patch[f.key] = outcome.patch![f.key];
  }
  if (transition?.to && entity.states) patch[entity.states.field] = transition.to;
  if (transition?.removes) {
    // A line taken away (a scan undone): its values and the parameters in one audit row under the action's name.
    const note = (transition.params ?? []).map((p) => ({ field: p.key, old: null, new: s.params[p.key] ?? null }));
    await removeRecords(writeContext(tx, s.actor, 'action'), entity, [Number(row.id)], { audit: action, note });
  } else if (Object.keys(patch).length) {
    // The transition's result stays within the actor's data scope, as a save's must (issue 30).
    const w = writeContext(tx, s.actor, 'action', { scope: s.scope });
    if (s.scope.length && (await outsideScope(w, entity, [{ id: Number(row.id), values: { ...row, ...patch } }])).size) throw new AppError('res.outOfScope');
    await updateRecords(w, entity, [Number(row.id)], patch, { audit: action });
  } else {
    await writeAudit(tx, { clientId, userId: auth.userId, username: auth.username, ip: s.actor.ip }, entity.name, Number(row.id), action, []);
  }
  return outcome.after ? await outcome.after() : outcome.data;
}
