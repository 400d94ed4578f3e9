import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { pushDelivery, pushEndpoint, pushHost } from '../../../model/entities/admin-push.entity';
import { gatewayCalls, type PushEventKind, type PushSubscription } from '../../../model/calls/gateway';
import { authOf, requireAuth, type AuthContext } from '../../access/auth-context';
import { inputOf, intOf, pagingOf, text } from '../../access/input.util';
import { callerCan } from '../../access/permission.service';
import { assertCan } from '../../access/permissions';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { serveCall } from '../../http/calls';
import { requestLanguage } from '../../http/envelope';
import { AppError, validationError } from '../../http/errors';
import { registerViewScope, viewPage } from '../../resources/view-reader';
import { registerViewWriter, viewAction, viewRemove, viewSave, type ViewSaveContext } from '../../resources/view-writer';
import { entityOptions, gatewayEntity } from './api-key-scopes';
import { newPushSecret, normaliseHost, pushUrlProblem, sealSecret } from './push-signature';
import { PUSH_EVENTS, pingEndpoint, replayDelivery } from './push.service';

type Row = Record<string, unknown>;

/**
 * The push set-up and log of a company as the engine's views (issue 30): endpoints (`push_endpoint`,
 * editable: made with a signing secret given once, a new secret given once, a test event), allowed
 * hosts (`push_host`, editable: added, changed, removed while no endpoint uses them) and deliveries
 * (`push_delivery`, read-only over the outbox's push rows). All under menu code `admin.push`, each
 * row its company's: another company's is a 404.
 */
const companyScope = (menuCode: string, extra = sql`true`) => async (auth: AuthContext, db: Db) => {
  const clientId = await assertCan(auth, menuCode, 'read', { db });
  return { where: sql`t.client_id = ${clientId} and ${extra}`, tenant: clientId };
};

const EVENT_WORDS: Record<PushEventKind, { zh: string; en: string }> = { create: { zh: '新建', en: 'created' }, update: { zh: '修改', en: 'changed' }, transition: { zh: '状态变更', en: 'state change' } };
const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** An endpoint's events in words (`供应商：新建、状态变更`), in the reader's language. */
function eventsText(events: unknown, en: boolean): string {
  return (jsonOf<PushSubscription[] | null>(events) ?? [])
    .map((s) => {
      const label = gatewayEntity(s.entity)?.label;
      const words = s.events.map((e) => (en ? EVENT_WORDS[e].en : EVENT_WORDS[e].zh)).join(en ? ', ' : '、');
      return `${label ? (en ? label.en : label.zh) : s.entity}${en ? ': ' : '：'}${words}`;
    })
    .join(en ? '; ' : '；');
}

/** Deliveries of the last 24 hours of an endpoint by outcome (the outbox's push rows of its company). */
const recent = (statuses: string) =>
  sql`(select count(*)::int from outbox o where o.endpoint_id = t.id and o.origin = 'push' and o.client_id = t.client_id and o.created_at > now() - interval '1 day' and o.status in (${sql.join(statuses.split(',').map((x) => sql`${x}`))}))`;

registerViewScope(pushEndpoint.name, companyScope(pushEndpoint.menuCode), {
  computed: {
    events_text: sql`t.events::text`,
    state: sql`(case when t.enabled then 'enabled' else 'disabled' end)`,
    sent_24h: recent('sent'),
    failed_24h: recent('failed'),
    pending_24h: recent('queued,sending'),
  },
  present: (rows, { language }) => rows.map((r) => ({ ...r, events_text: eventsText(r.events, language === 'en') })),
});

/** A host is in use while an endpoint's address names it (with its port or without). */
const HOST_IN_USE = sql`(case when exists (select 1 from push_endpoint e where e.client_id = t.client_id
  and t.host in (substring(e.url from '^[A-Za-z]+://([^/?#]+)'), split_part(substring(e.url from '^[A-Za-z]+://([^/?#]+)'), ':', 1))) then 'in_use' else 'free' end)`;

registerViewScope(pushHost.name, companyScope(pushHost.menuCode), {
  computed: { state: HOST_IN_USE, created_by_name: sql`(select coalesce(u.fullname, u.username) from users u where u.id = t.created_by)` },
});

// The endpoint's name is read in the company's transaction (push_endpoint is under its row-level security).
registerViewScope(pushDelivery.name, companyScope(pushDelivery.menuCode, sql`t.origin = 'push'`), {
  computed: { endpoint_name: sql`(select e.name from push_endpoint e where e.id = t.endpoint_id and e.client_id = t.client_id)` },
});

/** Reads an endpoint's subscriptions: objects a push may name, each with known events; null when malformed. */
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
    const { entity, events } = (item ?? {}) as Record<string, unknown>;
    if (typeof entity !== 'string' || !gatewayEntity(entity) || !Array.isArray(events) || events.some((e) => !PUSH_EVENTS.includes(e as PushEventKind))) return null;
    const set = out.get(entity) ?? new Set<PushEventKind>();
    for (const e of events) set.add(e as PushEventKind);
    if (set.size) out.set(entity, set);
  }
  return [...out].map(([entity, set]) => ({ entity, events: PUSH_EVENTS.filter((e) => set.has(e)) })).sort((a, b) => a.entity.localeCompare(b.entity));
}

/** The address on an allowed host (https, not internal), the events within what the administrator may read. */
async function checkEndpoint(sc: ViewSaveContext, allowLoopback: boolean): Promise<void> {
  const { tx, clientId, values, errors } = sc;
  if (typeof values.url === 'string' && !errors.url) {
    const hosts = (await sql<{ host: string }>`select host from push_allowed_host where client_id = ${clientId}`.execute(tx)).rows.map((h) => h.host);
    const problem = pushUrlProblem(values.url, hosts, allowLoopback);
    if (problem) errors.url = { key: `gatewayui.url.${problem}` };
  }
  if (!('events' in values) || errors.events) return;
  const events = parseSubscriptions(values.events ?? '');
  if (!events) return void (errors.events = { key: 'gatewayui.eventsInvalid' });
  if (!events.length) return void (errors.events = { key: 'gatewayui.eventsEmpty' });
  values.events = events;
  for (const s of events) {
    const entity = gatewayEntity(s.entity)!;
    if (!(await callerCan(sc.db, sc.auth, entity.menuCode, 'view'))) return void (errors.events = { key: 'gateway.scopeBeyondCreator', params: { entity: entity.label } });
  }
}

/** A host in its plain form, once per company. */
async function checkHost(sc: ViewSaveContext): Promise<void> {
  const { tx, clientId, values, errors, before } = sc;
  if (typeof values.host !== 'string' || errors.host) return;
  const host = normaliseHost(values.host);
  if (!host) return void (errors.host = { key: 'gatewayui.hostInvalid' });
  values.host = host;
  if ((await sql`select 1 from push_allowed_host where client_id = ${clientId} and host = ${host} and id <> ${Number(before.id ?? 0)}`.execute(tx)).rows.length) errors.host = { key: 'gateway.hostTaken' };
  else if (before.id !== undefined && host !== before.host) await refuseHostInUse(tx, clientId, [String(before.host)]);
}

/** Refuses to take hosts off the list while an endpoint of the company points at one (its pushes would all fail). */
async function refuseHostInUse(tx: Db, clientId: number, hosts: string[]): Promise<void> {
  const urls = (await sql<{ url: string }>`select url from push_endpoint where client_id = ${clientId}`.execute(tx)).rows;
  const hostOf = (url: string) => {
    try {
      const u = new URL(url);
      return [u.host, u.hostname];
    } catch {
      return [];
    }
  };
  if (urls.some((u) => hostOf(u.url).some((h) => hosts.includes(h)))) throw new AppError('gateway.hostInUse');
}

/** Registers the push views' writers: the signing secrets are sealed with the server's key. */
export function registerPushViews(config: AppConfig): void {
  const made = ({ auth, clientId }: { auth: AuthContext; clientId: number }) => ({ client_id: clientId, created_by: auth.userId });
  registerViewWriter(pushEndpoint.name, {
    validate: (sc) => checkEndpoint(sc, config.push.allowLoopback),
    // A new endpoint's signing secret: sealed in the row, given in the reply once.
    beforeSave: async (sc) => {
      if (sc.before.id !== undefined) return;
      const secret = newPushSecret();
      sc.values.secret_sealed = sealSecret(config.jwtSecret, secret);
      sc.reply = { secret };
    },
    create: made,
    // Its deliveries stay in the log (their endpoint reads as removed).
    beforeRemove: async () => undefined,
    actions: {
      ping: async ({ row, clientId, db }) => ({ afterCommit: async () => void (await pingEndpoint(db, clientId, Number(row.id))) }),
      'rotate-secret': async () => {
        const secret = newPushSecret();
        return { patch: { secret_sealed: sealSecret(config.jwtSecret, secret) }, data: { secret } };
      },
    },
  });
  registerViewWriter(pushHost.name, {
    validate: checkHost,
    create: made,
    beforeRemove: async ({ tx, clientId, rows }) => refuseHostInUse(tx, clientId, rows.map((r) => String(r.host))),
  });
}

const contextOf = (app: FastifyInstance, req: FastifyRequest) => ({ db: app.db, auth: authOf(req), ip: req.ip ?? null, language: requestLanguage(req) });
const idOf = (req: FastifyRequest): number => {
  const id = intOf(inputOf(req), 'id');
  if (!id) throw validationError({ id: { key: 'rule.required' } });
  return id;
};
/** A stored row's version (the old screen's removals and actions named the id alone). */
const versionOf = async (app: FastifyInstance, req: FastifyRequest, entity: typeof pushHost, id: number) =>
  (await viewPage(contextOf(app, req), entity, { 'f.id.eq': String(id), count: 'none' })).rows[0]?.version;

/** An endpoint as the old screen read it. */
const oldEndpoint = (r: Row) => ({ ...r, recent: { sent: r.sent_24h, failed: r.failed_24h, pending: r.pending_24h } });

/**
 * The addresses the push screen always had (`/adminapi/push/...`: the set-up, an endpoint's save,
 * new secret, removal and test event, a host's save and removal, the deliveries and a replay),
 * answered by the same readers and writers; a replay queues the event again (push.service.ts).
 */
export function pushRoutes(app: FastifyInstance): void {
  const opts = { preHandler: requireAuth, bodyLimit: 64 * 1024 };
  const all = async (req: FastifyRequest, entity: typeof pushHost, query: Row = {}) => (await viewPage(contextOf(app, req), entity, { size: '100', count: 'none', ...query })).rows;
  serveCall(app, gatewayCalls.pushSetup, opts, async (req) => ({
    endpoints: (await all(req, pushEndpoint)).map(oldEndpoint) as never,
    hosts: (await all(req, pushHost)) as never,
    entities: await entityOptions(app.db, authOf(req)),
    allow_loopback: app.config.push.allowLoopback,
  }));
  serveCall(app, gatewayCalls.saveEndpoint, opts, async (req) => {
    const input = inputOf(req);
    const body: Row = { name: input.name, url: input.url, events: input.events ?? null, ...(input.id ? { id: input.id, version: input.version } : {}) };
    if (input.enabled !== undefined || !input.id) body.enabled = input.enabled === undefined ? true : input.enabled === true || input.enabled === 'true' || input.enabled === '1';
    const { secret, ...endpoint } = await viewSave(contextOf(app, req), pushEndpoint, body);
    return { endpoint: oldEndpoint(endpoint) as never, secret: typeof secret === 'string' ? secret : null };
  });
  serveCall(app, gatewayCalls.rotateSecret, opts, async (req) => {
    const done = await viewAction(contextOf(app, req), pushEndpoint, 'rotate-secret', { ids: [idOf(req)] });
    return { endpoint: oldEndpoint(done.rows[0]) as never, secret: String((done.data?.[0] as { secret: string }).secret) };
  });
  serveCall(app, gatewayCalls.removeEndpoint, opts, async (req) => {
    const id = idOf(req);
    await viewRemove(contextOf(app, req), pushEndpoint, { ids: [id], version: await versionOf(app, req, pushEndpoint, id) });
    return { id };
  });
  serveCall(app, gatewayCalls.pingEndpoint, opts, async (req) => {
    const id = idOf(req);
    await assertCan(authOf(req), pushEndpoint.menuCode, 'action:ping', { db: app.db });
    if (!(await versionOf(app, req, pushEndpoint, id))) throw new AppError('gateway.endpointNotFound');
    return pingEndpoint(app.db, authOf(req).clientId!, id);
  });
  serveCall(app, gatewayCalls.addHost, opts, async (req) => {
    const host = normaliseHost(String(inputOf(req).host ?? ''));
    // Adding a host already on the list is no change (as the screen always had it).
    const stored = host ? (await all(req, pushHost, { 'f.host.eq': host }))[0] : undefined;
    const row = stored ?? (await viewSave(contextOf(app, req), pushHost, { host: inputOf(req).host ?? null }));
    return { id: Number(row.id), host: String(row.host), created_at: String(row.created_at) };
  });
  serveCall(app, gatewayCalls.removeHost, opts, async (req) => {
    const id = idOf(req);
    await viewRemove(contextOf(app, req), pushHost, { ids: [id], version: await versionOf(app, req, pushHost, id) });
    return { id };
  });
  serveCall(app, gatewayCalls.deliveries, opts, async (req) => {
    const input = inputOf(req);
    const { page, size } = pagingOf(input);
    const status = text(input, 'status', { max: 10 });
    const endpoint = intOf(input, 'endpoint_id');
    const query: Row = { page: String(page), size: String(size), ...(status ? { 'f.status.eq': status } : {}), ...(endpoint ? { 'f.endpoint_id.eq': String(endpoint) } : {}) };
    const result = await viewPage(contextOf(app, req), pushDelivery, query);
    const rows = result.rows.map((r) => ({ ...r, url: r.to_address, event: r.subject }));
    return { rows: rows as never, total: Number(result.total ?? 0), page, size };
  });
  serveCall(app, gatewayCalls.replay, opts, async (req) => {
    const clientId = await assertCan(authOf(req), pushDelivery.menuCode, 'update', { db: app.db });
    return replayDelivery(app.db, clientId, idOf(req));
  });
}
