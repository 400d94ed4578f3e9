import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { EntityDef } from '../../../model';
import type { PushDeliveryView, PushEndpointSave, PushEndpointView, PushEventKind, PushHost, PushSubscription } from '../../../model/calls/gateway';
import type { AuthContext } from '../../access/auth-context';
import { callerCan } from '../../access/permission.service';
import { afterCommit } from '../../db/after-commit';
import type { Db } from '../../db/database';
import { AppError, validationError, type FieldError } from '../../http/errors';
import { withTenant } from '../../kernel/rls';
import { registerActionGuard } from '../../resources/action-handlers';
import { childEntities, loadChildren, loadRows } from '../../resources/document-read';
import { registerSaveHook, type AfterWriteContext, type SaveHook } from '../../resources/save-hooks';
import { gatewayEntities, gatewayEntity } from './api-key-scopes';
import { newPushSecret, normaliseHost, pushUrlProblem, sealSecret } from './push-signature';

/**
 * Out-api auto-push (spec 7, issue 35): a company chooses which document events (create, update,
 * transition of chosen entities) go to its own system. The events are written to the outbox in the
 * writer's own transaction (`origin = 'push'`), so an event exists exactly when its change
 * committed; the push sender (push.sender.ts) delivers them, signed, with retries.
 */
export const PUSH_EVENTS: readonly PushEventKind[] = ['create', 'update', 'transition'];

const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const isoOf = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());

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
// the company's set-up: allowed hosts and endpoints

export async function listHosts(db: Db, clientId: number): Promise<PushHost[]> {
  return withTenant(db, clientId, async (tx) =>
    (await sql<{ id: number; host: string; created_at: string }>`select id, host, created_at from push_allowed_host where client_id = ${clientId} order by host`.execute(tx)).rows
      .map((h) => ({ id: Number(h.id), host: h.host, created_at: isoOf(h.created_at)! })),
  );
}

export async function addHost(db: Db, auth: AuthContext, clientId: number, raw: unknown): Promise<PushHost> {
  const host = typeof raw === 'string' ? normaliseHost(raw) : null;
  if (!host) throw validationError({ host: { key: typeof raw === 'string' && raw.trim() ? 'gatewayui.hostInvalid' : 'rule.required' } });
  return withTenant(db, clientId, async (tx) => {
    await sql`insert into push_allowed_host (client_id, host, created_by) values (${clientId}, ${host}, ${auth.userId}) on conflict (client_id, host) do nothing`.execute(tx);
    const r = (await sql<{ id: number; host: string; created_at: string }>`select id, host, created_at from push_allowed_host where client_id = ${clientId} and host = ${host}`.execute(tx)).rows[0];
    return { id: Number(r.id), host: r.host, created_at: isoOf(r.created_at)! };
  });
}

/** Removes an allowed host; refused while an endpoint still points at it (its pushes would all fail). */
export async function removeHost(db: Db, clientId: number, id: number): Promise<{ id: number }> {
  return withTenant(db, clientId, async (tx) => {
    const h = (await sql<{ host: string }>`select host from push_allowed_host where id = ${id} and client_id = ${clientId}`.execute(tx)).rows[0];
    if (!h) throw new AppError('err.notFound');
    const urls = (await sql<{ url: string }>`select url from push_endpoint where client_id = ${clientId}`.execute(tx)).rows;
    if (urls.some((u) => { try { const x = new URL(u.url); return x.host === h.host || x.hostname === h.host; } catch { return false; } })) throw new AppError('gateway.hostInUse');
    await sql`delete from push_allowed_host where id = ${id} and client_id = ${clientId}`.execute(tx);
    return { id };
  });
}

type EndpointRow = { id: number; name: string; url: string; events: unknown; enabled: boolean; version: number; created_at: string; updated_at: string; sent: number; failed: number; pending: number };

function endpointView(r: EndpointRow): PushEndpointView {
  return {
    id: Number(r.id), name: r.name, url: r.url, events: jsonOf<PushSubscription[]>(r.events), enabled: r.enabled, version: Number(r.version),
    created_at: isoOf(r.created_at)!, updated_at: isoOf(r.updated_at)!, recent: { sent: Number(r.sent), failed: Number(r.failed), pending: Number(r.pending) },
  };
}

export async function listEndpoints(db: Db, clientId: number, id?: number): Promise<PushEndpointView[]> {
  const rows = await withTenant(db, clientId, async (tx) =>
    (await sql<EndpointRow>`select e.id, e.name, e.url, e.events, e.enabled, e.version, e.created_at, e.updated_at,
        count(o.id) filter (where o.status = 'sent')::int as sent, count(o.id) filter (where o.status = 'failed')::int as failed,
        count(o.id) filter (where o.status in ('queued', 'sending'))::int as pending
      from push_endpoint e left join outbox o on o.endpoint_id = e.id and o.origin = 'push' and o.client_id = ${clientId} and o.created_at > now() - interval '1 day'
      where e.client_id = ${clientId} ${id ? sql`and e.id = ${id}` : sql``}
      group by e.id order by e.id`.execute(tx)).rows,
  );
  return rows.map(endpointView);
}

/** Reads an endpoint's subscriptions from a body: entities a push may name, each with known events. */
function parseSubscriptions(raw: unknown): PushSubscription[] | null {
  let v = raw;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v) as unknown;
    } catch {
      return null;
    }
  }
  if (!Array.isArray(v) || v.length > 100) return null;
  const out = new Map<string, Set<PushEventKind>>();
  for (const item of v) {
    if (!item || typeof item !== 'object') return null;
    const { entity, events } = item as Record<string, unknown>;
    if (typeof entity !== 'string' || !gatewayEntity(entity) || !Array.isArray(events)) return null;
    const set = out.get(entity) ?? new Set<PushEventKind>();
    for (const e of events) {
      if (!PUSH_EVENTS.includes(e as PushEventKind)) return null;
      set.add(e as PushEventKind);
    }
    if (set.size) out.set(entity, set);
  }
  return [...out].map(([entity, set]) => ({ entity, events: PUSH_EVENTS.filter((e) => set.has(e)) })).sort((a, b) => a.entity.localeCompare(b.entity));
}

/** Creates an endpoint (a new signing secret, returned once) or changes one at its version. */
export async function saveEndpoint(db: Db, auth: AuthContext, clientId: number, input: Partial<Record<keyof PushEndpointSave, unknown>>, options: { serverSecret: string; allowLoopback: boolean }): Promise<{ endpoint: PushEndpointView; secret: string | null }> {
  const errors: Record<string, FieldError> = {};
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name) errors.name = { key: 'rule.required' };
  else if (name.length > 60) errors.name = { key: 'rule.maxLength', params: { max: 60 } };
  const url = typeof input.url === 'string' ? input.url.trim() : '';
  const hosts = (await listHosts(db, clientId)).map((h) => h.host);
  if (!url) errors.url = { key: 'rule.required' };
  else {
    const problem = pushUrlProblem(url, hosts, options.allowLoopback);
    if (problem) errors.url = { key: `gatewayui.url.${problem}` };
  }
  const events = parseSubscriptions(input.events ?? '');
  if (!events) errors.events = { key: 'gatewayui.eventsInvalid' };
  else if (!events.length) errors.events = { key: 'gatewayui.eventsEmpty' };
  if (Object.keys(errors).length) throw validationError(errors);
  // The administrator sends out only what they may read themselves.
  for (const s of events!) {
    const entity = gatewayEntity(s.entity)!;
    if (!(await callerCan(db, auth, entity.menuCode, 'view'))) throw validationError({ events: { key: 'gateway.scopeBeyondCreator', params: { entity: entity.label } } });
  }
  const enabled = input.enabled === undefined ? true : input.enabled === true || input.enabled === 'true' || input.enabled === '1';
  const id = Number(input.id ?? 0);
  return withTenant(db, clientId, async (tx) => {
    if (!id) {
      const secret = newPushSecret();
      const r = await sql<{ id: number }>`insert into push_endpoint (client_id, name, url, secret_sealed, events, enabled, created_by)
        values (${clientId}, ${name}, ${url}, ${sealSecret(options.serverSecret, secret)}, ${JSON.stringify(events)}::jsonb, ${enabled}, ${auth.userId}) returning id`.execute(tx);
      return { endpoint: (await endpointIn(tx, clientId, Number(r.rows[0].id))), secret };
    }
    const version = Number(input.version);
    const r = await sql`update push_endpoint set name = ${name}, url = ${url}, events = ${JSON.stringify(events)}::jsonb, enabled = ${enabled}, version = version + 1, updated_at = now()
      where id = ${id} and client_id = ${clientId} and version = ${Number.isSafeInteger(version) ? version : -1}`.execute(tx);
    if (!Number(r.numAffectedRows ?? 0)) {
      const exists = (await sql`select 1 from push_endpoint where id = ${id} and client_id = ${clientId}`.execute(tx)).rows.length;
      throw exists ? new AppError('err.staleVersion') : new AppError('gateway.endpointNotFound');
    }
    return { endpoint: await endpointIn(tx, clientId, id), secret: null };
  });
}

async function endpointIn(tx: Db, clientId: number, id: number): Promise<PushEndpointView> {
  const r = (await sql<EndpointRow>`select id, name, url, events, enabled, version, created_at, updated_at, 0 as sent, 0 as failed, 0 as pending
    from push_endpoint where id = ${id} and client_id = ${clientId}`.execute(tx)).rows[0];
  if (!r) throw new AppError('gateway.endpointNotFound');
  return endpointView(r);
}

/** A new signing secret for an endpoint (the old one stops signing at once); returned once. */
export async function rotateSecret(db: Db, clientId: number, id: number, serverSecret: string): Promise<{ endpoint: PushEndpointView; secret: string }> {
  const secret = newPushSecret();
  return withTenant(db, clientId, async (tx) => {
    const r = await sql`update push_endpoint set secret_sealed = ${sealSecret(serverSecret, secret)}, version = version + 1, updated_at = now() where id = ${id} and client_id = ${clientId}`.execute(tx);
    if (!Number(r.numAffectedRows ?? 0)) throw new AppError('gateway.endpointNotFound');
    return { endpoint: await endpointIn(tx, clientId, id), secret };
  });
}

/** Removes an endpoint; its deliveries stay in the log (their endpoint reads as removed). */
export async function removeEndpoint(db: Db, clientId: number, id: number): Promise<{ id: number }> {
  return withTenant(db, clientId, async (tx) => {
    const r = await sql`delete from push_endpoint where id = ${id} and client_id = ${clientId}`.execute(tx);
    if (!Number(r.numAffectedRows ?? 0)) throw new AppError('gateway.endpointNotFound');
    return { id };
  });
}

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

// ------------------------------------------------------------------------------------------------
// the delivery log

type DeliveryRow = Omit<PushDeliveryView, 'created_at' | 'sent_at' | 'next_attempt_at'> & { to_address: string; subject: string; created_at: unknown; sent_at: unknown; next_attempt_at: unknown };

/** The company's pushes, newest first: status, attempts, the receiver's last HTTP status and error. */
export async function listDeliveries(db: Db, clientId: number, q: { page: number; size: number; status?: string; endpointId?: number }): Promise<{ rows: PushDeliveryView[]; total: number }> {
  const status = q.status && ['queued', 'sending', 'sent', 'failed'].includes(q.status) ? sql`and o.status = ${q.status}` : sql``;
  const endpoint = q.endpointId ? sql`and o.endpoint_id = ${q.endpointId}` : sql``;
  // The outbox is an identity table (no row-level security): the company filter is this SQL's.
  const where = sql`o.client_id = ${clientId} and o.origin = 'push' ${status} ${endpoint}`;
  const total = (await sql<{ n: number }>`select count(*)::int as n from outbox o where ${where}`.execute(db)).rows[0].n;
  // The endpoint's name is read under the company's row-level security (push_endpoint has it): outside
  // the tenant, a plain database role sees no endpoint and every delivery would read as removed.
  const rows = await withTenant(db, clientId, async (tx) =>
    (await sql<DeliveryRow>`select o.id, o.endpoint_id, e.name as endpoint_name, o.to_address, o.subject, o.event_id, o.status, o.attempts, o.response_status,
      o.error, o.created_at, o.sent_at, o.next_attempt_at, o.replay_of, o.body
    from outbox o left join push_endpoint e on e.id = o.endpoint_id and e.client_id = o.client_id
    where ${where} order by o.id desc limit ${q.size} offset ${(q.page - 1) * q.size}`.execute(tx)).rows,
  );
  return {
    total: Number(total),
    rows: rows.map((r) => ({
      id: Number(r.id), endpoint_id: r.endpoint_id === null ? null : Number(r.endpoint_id), endpoint_name: r.endpoint_name ?? null, url: r.to_address, event: r.subject,
      event_id: r.event_id ?? null, status: r.status, attempts: Number(r.attempts), response_status: r.response_status === null ? null : Number(r.response_status),
      error: r.error ?? null, created_at: isoOf(r.created_at)!, sent_at: isoOf(r.sent_at), next_attempt_at: r.status === 'queued' ? isoOf(r.next_attempt_at) : null,
      replay_of: r.replay_of === null ? null : Number(r.replay_of), body: r.body,
    })),
  };
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
