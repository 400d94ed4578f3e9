import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { redisClient } from '../../kernel/redis/redis-client';
import { sql } from 'kysely';
import type { EntityDef } from '../../../model';
import { GATEWAY_PREFIXES } from '../../../model/calls/gateway';
import { authOf } from '../../access/auth-context';
import { instanceId } from '../../access/instance.util';
import { redisLimiter, tableLimiter, type LoginLimiter } from '../../access/login-limiter.service';
import { callerCan } from '../../access/permission.service';
import { ok, requestLanguage } from '../../http/envelope';
import { AppError, unauthorized } from '../../http/errors';
import { documentHistory, pageRows, removeDocuments, runAction, saveDocument, viewDocument, type ResourceContext } from '../../resources/resource.service';
import { countRows } from '../../resources/resource.service';
import { gatewayEntities, gatewayEntity, scopeAllows, type KeyScope } from './api-key-scopes';
import { resolveKey, type KeyCaller } from './api-keys.service';
import { apiKeyRoutes } from './api-keys.views';
import { openApiDocument } from './openapi';
import { installPushHooks } from './push.service';
import { pushRoutes, registerPushViews } from './push.views';
import { installPushSender } from './push.sender';
import { tempTokenRoutes } from './temp-token.routes';

type Body = Record<string, unknown>;

/** The key a call carries: `X-Api-Key`, `Authorization: Bearer gk_...`, or the spec's `api_key` / `apikey` query. */
export function apiKeyOf(req: FastifyRequest): string | null {
  const header = req.headers['x-api-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const auth = req.headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer gk_')) return auth.slice(7).trim();
  const q = (req.query ?? {}) as Record<string, unknown>;
  for (const k of ['api_key', 'apikey']) if (typeof q[k] === 'string' && q[k]) return q[k] as string;
  return null;
}

/** The rate limiter of API keys: the sign-in counters' mechanism (Redis when REDIS_URL is set), one-minute windows. */
async function openKeyLimiter(app: FastifyInstance): Promise<LoginLimiter> {
  const { config, db } = app;
  if (!config.redisUrl) return tableLimiter(db, 60);
  const redis = await redisClient(config.redisUrl, { maxRetriesPerRequest: 2 });
  redis.on('error', (e: Error) => app.log.warn({ msg: e.message }, 'api key rate counter redis error'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => undefined);
  });
  return redisLimiter(redis, `${await instanceId(db)}:gateway`, 60);
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: KeyCaller | null;
  }
}

/**
 * The caller of a gateway call: an API key (its creator's rights in its company, narrowed to its
 * scopes, counted against its rate) or, as spec 7's `{thirdapi}/{path}` with the `token` query, a
 * signed-in session. A key that is present but not valid is refused, whatever session comes with it.
 */
function gatewayGuard(limiter: LoginLimiter) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const key = apiKeyOf(req);
    if (!key) {
      if (!req.auth) throw unauthorized();
      req.apiKey = null;
      return;
    }
    const caller = await resolveKey(req.server.db, key);
    if (!caller) throw unauthorized('gateway.keyInvalid');
    const state = await limiter.attempt([{ key: `apikey:${caller.keyId}`, limit: caller.ratePerMinute }]);
    if (state.locked) {
      reply.header('retry-after', String(state.retryAfterSeconds));
      throw new AppError('gateway.rateLimited', { params: { seconds: state.retryAfterSeconds }, extra: { retry_after: state.retryAfterSeconds } });
    }
    req.auth = caller.auth;
    req.apiKey = caller;
  };
}

const ACCESS_WORD = { read: { zh: '读取', en: 'read' }, write: { zh: '写入', en: 'write' } };

/** The entity of a gateway path, held to the key's scopes for the verb. */
function entityFor(req: FastifyRequest<{ Params: { entity: string } }>, verb: string): EntityDef {
  const entity = gatewayEntity(req.params.entity);
  if (!entity) throw new AppError('gateway.unknownEntity', { params: { entity: req.params.entity } });
  const key = req.apiKey;
  if (key && !scopeAllows(key.scopes, entity.name, verb)) {
    const access = ['save', 'remove', 'action'].includes(verb) ? 'write' : 'read';
    throw new AppError('gateway.outOfScope', { params: { access: ACCESS_WORD[access], entity: entity.label } });
  }
  return entity;
}

function contextOf(req: FastifyRequest): ResourceContext {
  return { db: req.server.db, auth: req.auth, ip: req.ip ?? null, language: requestLanguage(req) };
}

function bodyOf(req: FastifyRequest): Body {
  const b = req.body;
  if (b !== undefined && b !== null && !(typeof b === 'object' && !Array.isArray(b))) throw new AppError('err.badRequest');
  return b && typeof b === 'object' && !Array.isArray(b) ? (b as Body) : {};
}

const queryOf = (req: FastifyRequest): Body => {
  const q = { ...((req.query ?? {}) as Body) };
  // The credentials are not list parameters.
  delete q.api_key;
  delete q.apikey;
  delete q.token;
  return q;
};

/** The entities a session may use through the gateway (its readable ones; write where it may edit). */
async function sessionScopes(req: FastifyRequest): Promise<KeyScope[]> {
  const auth = authOf(req);
  const out: KeyScope[] = [];
  for (const e of gatewayEntities()) {
    if (!(await callerCan(req.server.db, auth, e.menuCode, 'view'))) continue;
    out.push({ entity: e.name, access: (await callerCan(req.server.db, auth, e.menuCode, 'edit')) ? 'write' : 'read' });
  }
  return out;
}

/** The generic resource API on one gateway prefix, and its OpenAPI document. */
function registerGatewayPrefix(app: FastifyInstance, prefix: string, limiter: LoginLimiter): void {
  const guard = { preHandler: gatewayGuard(limiter), bodyLimit: 5 * 1024 * 1024 };
  type P = { Params: { entity: string } };
  const base = `/${prefix}/:entity`;
  app.get(`/${prefix}/openapi.json`, guard, async (req) => {
    const auth = authOf(req);
    if (auth.clientId === null) throw unauthorized();
    const scopes = req.apiKey ? req.apiKey.scopes : await sessionScopes(req);
    const company = (await sql<{ name: string }>`select name from clients where id = ${auth.clientId}`.execute(app.db)).rows[0]?.name ?? '';
    const entities = scopes.map((s) => ({ entity: gatewayEntity(s.entity), access: s.access })).filter((s): s is { entity: EntityDef; access: KeyScope['access'] } => Boolean(s.entity));
    return openApiDocument({ prefix, serverUrl: app.config.publicUrl, build: app.config.buildId, company, language: requestLanguage(req), scopes: entities });
  });
  app.get<P>(`${base}/page`, guard, async (req) => ok(await pageRows(contextOf(req), entityFor(req, 'page'), queryOf(req))));
  app.get<P>(`${base}/count`, guard, async (req) => ok(await countRows(contextOf(req), entityFor(req, 'count'), queryOf(req))));
  app.get<P>(`${base}/view`, guard, async (req) => ok(await viewDocument(contextOf(req), entityFor(req, 'view'), queryOf(req).id)));
  app.get<P>(`${base}/history`, guard, async (req) => ok(await documentHistory(contextOf(req), entityFor(req, 'history'), queryOf(req).id)));
  app.post<P>(`${base}/save`, guard, async (req) => ok(await saveDocument(contextOf(req), entityFor(req, 'save'), bodyOf(req))));
  app.post<P>(`${base}/remove`, guard, async (req) => ok(await removeDocuments(contextOf(req), entityFor(req, 'remove'), { ...queryOf(req), ...bodyOf(req) })));
  app.post<P & { Params: { action: string } }>(`${base}/action/:action`, guard, async (req) => ok(await runAction(contextOf(req), entityFor(req, 'action'), req.params.action, bodyOf(req))));
}

/**
 * The outside-system calls of spec 7 (issue 35; docs/architecture-gateway.md): the gateway on
 * each of GATEWAY_PREFIXES, the administration of API keys and pushes, the push hooks and sender,
 * and `/sf/send-temp-token`.
 */
export async function gatewayRoutes(app: FastifyInstance): Promise<void> {
  const limiter = await openKeyLimiter(app);
  for (const prefix of GATEWAY_PREFIXES) registerGatewayPrefix(app, prefix, limiter);
  apiKeyRoutes(app);
  registerPushViews(app.config);
  pushRoutes(app);
  installPushHooks();
  installPushSender(app);
  await tempTokenRoutes(app);
}
