import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { DEFAULT_PLATFORM, isPlatform } from '../../../model/platforms';
import { accountKey, addressKey, admitAttempt, limitKeys, openLoginLimiter } from '../../access';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf, text } from '../../access/input.util';
import { languageFor } from '../../access/language.util';
import { verifyPassword } from '../../kernel/password';
import { openSession } from '../../access/sessions.service';
import { buildUserinfo } from '../../access/userinfo.service';
import { chatSignInCalls } from '../../../model/calls/access';
import { serveCall } from '../../http/calls';
import { ok } from '../../http/envelope';
import { validationError, type FieldError } from '../../http/errors';
import { assertCan } from '../../resources/permissions';
import { endpointAllowed, isProviderKind, type ProviderKind } from './provider';
import { bindAccount, completeSignIn, prepareSignIn, type SignInOutcome } from './thirdparty.service';

const BODY_LIMIT = 16 * 1024;

function required(input: Record<string, unknown>, keys: string[], max = 300): Record<string, string> {
  const out: Record<string, string> = {};
  const errors: Record<string, FieldError> = {};
  for (const k of keys) {
    const v = text(input, k, { max });
    if (v === undefined) errors[k] = { key: 'rule.required' };
    else out[k] = v;
  }
  if (Object.keys(errors).length) throw validationError(errors);
  return out;
}

/** Opens a session for a member signed in through a workplace chat; answers the login reply (spec 7). */
async function signInReply(app: FastifyInstance, req: FastifyRequest, userId: number, clientId: number) {
  const { db, config } = app;
  const u = (await sql<{ platform_id: string; language: string }>`select platform_id, language from users where id = ${userId}`.execute(db)).rows[0];
  const platform = isPlatform(u.platform_id) ? u.platform_id : DEFAULT_PLATFORM;
  await sql`update users set last_login_at = now(), last_login_ip = ${req.ip} where id = ${userId}`.execute(db);
  const { session, tokens } = await openSession(db, config, { userId, clientId, platformId: platform, ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });
  req.log.info({ user: userId, session: session.id }, 'signed in through workplace chat');
  return buildUserinfo(db, config, session, { language: languageFor(req, u.language), tokens });
}

async function outcomeReply(app: FastifyInstance, req: FastifyRequest, provider: ProviderKind, outcome: SignInOutcome) {
  if (outcome.kind === 'signed-in') return signInReply(app, req, outcome.userId, outcome.clientId);
  // Not bound yet: the welcome page asks for the user's own credentials and posts them with the ticket.
  return { need_binding: true, provider, bind_ticket: outcome.ticket, name: outcome.name };
}

/**
 * Workplace-chat routes of spec 7 (WeCom: qywx; DingTalk: dd):
 * - GET  /thirdpartyapi/qywx-basic/prepared-login?client=CODE  -> { url, state } (WeCom page)
 * - GET  /access/qw3rd-login?code=&state=                       -> login reply, or { need_binding, bind_ticket }
 * - POST /thirdpartyapi/qywx-basic/binding-qywx {bind_ticket, username, password} -> login reply
 * - GET  /thirdpartyapi/dingtalk/prepared-login?client=CODE     -> { url, state } (DingTalk page)
 * - POST /access/dd-login {code|authCode, state}                 -> login reply, or { need_binding, bind_ticket }
 * - POST /thirdpartyapi/dingtalk/binding-dingtalk {bind_ticket, username, password} -> login reply
 * - GET/POST /thirdpartyapi/apps  the company's vendor applications (client administrator)
 */
export async function thirdpartyRoutes(app: FastifyInstance): Promise<void> {
  const opts = { bodyLimit: BODY_LIMIT };
  registerChatSignInRoutes(app, opts);
  await registerChatBindingRoutes(app, opts);
  registerVendorAppRoutes(app, opts);
}

/** Options of the write routes: the body limit. */
type RouteOpts = { bodyLimit: number };

/** The sign-in page's address (prepared login) and the sign-in with the chat's code, per provider. */
function registerChatSignInRoutes(app: FastifyInstance, opts: RouteOpts): void {
  const { db, config } = app;
  const prepare = (provider: ProviderKind) => async (req: FastifyRequest) => {
    const input = inputOf(req);
    const client = text(input, 'client', { max: 60 }) ?? text(input, 'client_code', { max: 60 });
    if (!client) throw validationError({ client: { key: 'rule.required' } });
    return prepareSignIn(db, config, provider, client);
  };
  serveCall(app, chatSignInCalls.wecom.prepare, {}, prepare('wecom'));
  serveCall(app, chatSignInCalls.dingtalk.prepare, {}, prepare('dingtalk'));

  serveCall(app, chatSignInCalls.wecom.signIn, {}, async (req) => {
    const { code, state } = required(inputOf(req), ['code', 'state']);
    return outcomeReply(app, req, 'wecom', await completeSignIn(db, 'wecom', code, state, config.thirdpartyAllowedHosts));
  });
  serveCall(app, chatSignInCalls.dingtalk.signIn, opts, async (req) => {
    const input = inputOf(req);
    const code = text(input, 'code', { max: 300 }) ?? text(input, 'authCode', { max: 300 });
    const state = text(input, 'state', { max: 300 });
    const errors: Record<string, FieldError> = {};
    if (!code) errors.code = { key: 'rule.required' };
    if (!state) errors.state = { key: 'rule.required' };
    if (!code || !state) throw validationError(errors);
    return outcomeReply(app, req, 'dingtalk', await completeSignIn(db, 'dingtalk', code, state, config.thirdpartyAllowedHosts));
  });
}

/** Binding a chat account to the user's own account with their password, then signing in. */
async function registerChatBindingRoutes(app: FastifyInstance, opts: RouteOpts): Promise<void> {
  const { db, config } = app;
  // Binding verifies a password: it counts on the sign-in lockout like a sign-in (issue 20).
  const limiter = await openLoginLimiter(app);
  const bind = (provider: ProviderKind) => async (req: FastifyRequest) => {
    const input = inputOf(req);
    const { bind_ticket: ticket, username } = required(input, ['bind_ticket', 'username']);
    const password = text(input, 'password', { trim: false, max: 200 });
    if (!password) throw validationError({ password: { key: 'rule.required' } });
    await admitAttempt(limiter, limitKeys(config, username, req.ip));
    let passwordRight = false;
    try {
      const { userId, clientId } = await bindAccount(db, provider, ticket, username, async (hash) => (passwordRight = await verifyPassword(hash, password)));
      return signInReply(app, req, userId, clientId);
    } finally {
      // As a sign-in: a wrong password stays counted, the right one clears the account.
      if (passwordRight) {
        await limiter.reset(accountKey(username));
        await limiter.refund([addressKey(req.ip)]);
      }
    }
  };
  serveCall(app, chatSignInCalls.wecom.bind, opts, bind('wecom'));
  serveCall(app, chatSignInCalls.dingtalk.bind, opts, bind('dingtalk'));
}

/** The company's vendor applications. The secret is write-only: it is never sent back. */
function registerVendorAppRoutes(app: FastifyInstance, opts: RouteOpts): void {
  const { db, config } = app;
  app.get('/thirdpartyapi/apps', { preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, 'admin.thirdparty', 'read', { db });
    const r = await sql<Record<string, unknown>>`select id, provider, corp_id, agent_id, app_key, api_base, authorize_url, enabled, version,
        (app_secret <> '') as has_secret from thirdparty_apps where client_id = ${clientId} order by provider`.execute(db);
    return ok(r.rows);
  });
  app.post('/thirdpartyapi/apps', { ...opts, preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, 'admin.thirdparty', 'update', { db });
    const input = inputOf(req);
    const provider = text(input, 'provider', { max: 20 });
    if (!isProviderKind(provider)) throw validationError({ provider: { key: 'rule.notInDictionary' } });
    const { corp_id: corpId, app_key: appKey } = required(input, ['corp_id', 'app_key'], 200);
    const secret = text(input, 'app_secret', { trim: false, max: 300 });
    const agentId = text(input, 'agent_id', { max: 100 }) ?? null;
    const urlOf = (k: string): string | null => {
      const v = text(input, k, { max: 500 });
      if (v === undefined) return null;
      if (!/^https?:\/\/[^\s]+$/i.test(v)) throw validationError({ [k]: { key: 'thirdparty.badUrl' } });
      if (!endpointAllowed(provider, v, config.thirdpartyAllowedHosts)) throw validationError({ [k]: { key: 'thirdparty.hostNotAllowed' } });
      return v;
    };
    const apiBase = urlOf('api_base');
    const authorizeUrl = urlOf('authorize_url');
    const enabled = !['0', 'false'].includes(String(text(input, 'enabled', { max: 5 }) ?? 'true'));
    const existing = await sql<{ id: number }>`select id from thirdparty_apps where client_id = ${clientId} and provider = ${provider}`.execute(db);
    if (!existing.rows[0] && !secret) throw validationError({ app_secret: { key: 'rule.required' } });
    if (existing.rows[0]) {
      await sql`update thirdparty_apps set corp_id = ${corpId}, app_key = ${appKey}, agent_id = ${agentId}, api_base = ${apiBase},
          authorize_url = ${authorizeUrl}, enabled = ${enabled}, app_secret = coalesce(${secret ?? null}, app_secret),
          version = version + 1, updated_at = now() where id = ${existing.rows[0].id} and client_id = ${clientId}`.execute(db);
    } else {
      await sql`insert into thirdparty_apps (client_id, provider, corp_id, agent_id, app_key, app_secret, api_base, authorize_url, enabled)
        values (${clientId}, ${provider}, ${corpId}, ${agentId}, ${appKey}, ${secret ?? ''}, ${apiBase}, ${authorizeUrl}, ${enabled})`.execute(db);
    }
    return ok({ provider });
  });
}
