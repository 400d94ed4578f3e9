import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { EntityDef } from '../../../model';
import type { PushEventKind, PushSubscription } from '../../../model/calls/gateway';
import { afterCommit } from '../../db/after-commit';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { withTenant } from '../../kernel/rls';
import { registerActionGuard } from '../../resources/action-handlers';
import { childEntities, loadChildren, loadRows } from '../../resources/document-read';
import { registerSaveHook, type AfterWriteContext, type SaveHook } from '../../resources/save-hooks';
import { gatewayEntities } from './api-key-scopes';

/**
 * Out-api auto-push (spec 7, issue 35): a company chooses which document events (create, update,
 * transition of chosen entities) go to its own system. The events are written to the outbox in the
 * writer's own transaction (`origin = 'push'`), so an event exists exactly when its change
 * committed; the push sender (push.sender.ts) delivers them, signed, with retries.
 */
export const PUSH_EVENTS: readonly PushEventKind[] = ['create', 'update', 'transition'];

const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

// ------------------------------------------------------------------------------------------------
// events from the writer

/** The action a transition runs, per transaction and record (its afterWrite hook names no action). */
const actionsOf = new WeakMap<object, Map<string, string>>();

const rememberAction = async ({ tx, entity, row, action }: { tx: Db; entity: EntityDef; row: Record<string, unknown>; action: string }) => {
  let m = actionsOf.get(tx);
  if (!m) actionsOf.set(tx, (m = new Map()));
  m.set(`${entity.name}:${String(row.id)}`, action);
};

/** Whether an endpoint's subscriptions take an event. */
export function subscribes(events: readonly PushSubscription[], entity: string, kind: PushEventKind): boolean {
  return events.some((s) => s.entity === entity && s.events.includes(kind));
}

/** The body of one event (JSON): the spec's out-api `DATA`, a list of items, here the one record. */
export type PushBody = {
  id: string;
  type: string;
  entity: string;
  event: PushEventKind | 'ping';
  action: string | null;
  occurred_at: string;
  company: { id: number; code: string };
  DATA: Array<Record<string, unknown>>;
};

const MEMO_KEY = 'push:endpoints';

async function queueEvents(ctx: AfterWriteContext): Promise<void> {
  // Demo data and a service's own bookkeeping are not events of the company's documents.
  if (ctx.source === 'seed') return;
  const kind: PushEventKind = ctx.source === 'action' ? 'transition' : ctx.created ? 'create' : 'update';
  const { tx, clientId, entity } = ctx;
  // Read once per write (an import's whole file shares its memo).
  let all = ctx.memo.get(MEMO_KEY) as Array<{ id: number; url: string; events: unknown }> | undefined;
  if (!all) ctx.memo.set(MEMO_KEY, (all = (await sql<{ id: number; url: string; events: unknown }>`select id, url, events from push_endpoint where client_id = ${clientId} and enabled`.execute(tx)).rows));
  const endpoints = all.filter((e) => subscribes(jsonOf<PushSubscription[]>(e.events), entity.name, kind));
  if (!endpoints.length) return;
  const records = await loadRows(tx, entity, clientId, ctx.ids, [], false);
  for (const { def, entity: child } of childEntities(entity)) {
    const lines = await loadChildren(tx, child, def.foreignKey, clientId, ctx.ids, true);
    for (const r of records) r[def.key] = lines.filter((l) => Number(l[def.foreignKey]) === Number(r.id));
  }
  const company = (await sql<{ code: string }>`select code from clients where id = ${clientId}`.execute(tx)).rows[0]?.code ?? '';
  const actions = actionsOf.get(tx);
  const now = new Date().toISOString();
  for (const record of records) {
    const action = kind === 'transition' ? (actions?.get(`${entity.name}:${String(record.id)}`) ?? null) : null;
    for (const ep of endpoints) await queueDelivery(tx, clientId, ep, { id: randomUUID(), type: `${entity.name}.${kind}`, entity: entity.name, event: kind, action, occurred_at: now, company: { id: clientId, code: company }, DATA: [record] });
  }
  afterCommit(tx, wakePushSenders);
}

/** One outbox row of a push (due now). */
async function queueDelivery(db: Db, clientId: number, ep: { id: number; url: string }, body: PushBody, replayOf: number | null = null): Promise<number> {
  const r = await sql<{ id: number }>`insert into outbox (client_id, channel, to_address, subject, body, status, origin, endpoint_id, event_id, next_attempt_at, replay_of)
    values (${clientId}, 'webhook', ${ep.url}, ${body.type}, ${JSON.stringify(body)}, 'queued', 'push', ${ep.id}, ${body.id}, now(), ${replayOf}) returning id`.execute(db);
  return Number(r.rows[0].id);
}

const pushHook: SaveHook = { afterWrite: queueEvents };

/** Hooks the push into every write of every entity a push may name (once per process). */
export function installPushHooks(): void {
  for (const e of gatewayEntities()) {
    registerSaveHook(e.name, pushHook);
    registerActionGuard(e.name, rememberAction);
  }
}

// ------------------------------------------------------------------------------------------------
// the push sender's wake-up (the sender registers itself here)

const wakers = new Set<() => void>();
export function onPushQueued(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}
export function wakePushSenders(): void {
  for (const w of wakers) w();
}

// ------------------------------------------------------------------------------------------------
// the administrator's test event and replay (the set-up and the log are views: push.views.ts)

/** Queues a `ping` event to an endpoint (the administrator's "send a test event"). */
export async function pingEndpoint(db: Db, clientId: number, id: number): Promise<{ delivery_id: number }> {
  const deliveryId = await withTenant(db, clientId, async (tx) => {
    const ep = (await sql<{ id: number; url: string }>`select id, url from push_endpoint where id = ${id} and client_id = ${clientId}`.execute(tx)).rows[0];
    if (!ep) throw new AppError('gateway.endpointNotFound');
    const company = (await sql<{ code: string }>`select code from clients where id = ${clientId}`.execute(tx)).rows[0]?.code ?? '';
    return queueDelivery(tx, clientId, ep, { id: randomUUID(), type: 'ping', entity: '', event: 'ping', action: null, occurred_at: new Date().toISOString(), company: { id: clientId, code: company }, DATA: [] });
  });
  wakePushSenders();
  return { delivery_id: deliveryId };
}

/**
 * Delivers a delivery's event again: a new delivery with the same body and event id (the receiver
 * can tell it has seen it), signed when it is sent, to the endpoint's current address.
 */
export async function replayDelivery(db: Db, clientId: number, id: number): Promise<{ delivery_id: number }> {
  const deliveryId = await withTenant(db, clientId, async (tx) => {
    const d = (await sql<{ id: number; endpoint_id: number | null; body: string }>`select id, endpoint_id, body from outbox where id = ${id} and client_id = ${clientId} and origin = 'push'`.execute(tx)).rows[0];
    if (!d) throw new AppError('gateway.deliveryNotFound');
    const ep = d.endpoint_id === null ? undefined : (await sql<{ id: number; url: string }>`select id, url from push_endpoint where id = ${d.endpoint_id} and client_id = ${clientId}`.execute(tx)).rows[0];
    if (!ep) throw new AppError('gateway.endpointNotFound');
    return queueDelivery(tx, clientId, ep, JSON.parse(d.body) as PushBody, Number(d.id));
  });
  wakePushSenders();
  return { delivery_id: deliveryId };
}
