import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { adminUser } from '../../../model/entities/admin-user.entity';
import { translate } from '../../../model/i18n';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf, pagingOf, text } from '../../access/input.util';
import { mailLanguage } from '../../access/language.util';
import { adminCalls, type Colleague } from '../../../model/calls/admin';
import { serveCall } from '../../http/calls';
import { ok, requestLanguage } from '../../http/envelope';
import { forbidden, validationError } from '../../http/errors';
import { MAX_INT_ID, parseIdList } from '../../http/id-list';
import { assertCan } from '../../access/permissions';
import { viewPage, viewRecord } from '../../resources/view-reader';
import { viewAction, viewSave } from '../../resources/view-writer';
import { queueMessage } from '../notify';
import { registerUserViews, temporaryPassword } from './users.views';

export { temporaryPassword } from './users.views';

const BODY_LIMIT = 64 * 1024;

const contextOf = (app: FastifyInstance, req: FastifyRequest) => ({ db: app.db, auth: authOf(req), ip: req.ip ?? null, language: requestLanguage(req) });

/**
 * Users of the client administrator (spec 2 "Admin"): the engine's list, drawer and transitions of
 * the editable view entity `user` (/api/adminapi/user/page, view, save, action/freeze|activate|
 * reset-password; src/server/services/admin/users.views.ts). Here: the addresses the administration
 * API always had, answered by the same reader and writer, the colleague picker and the invitation
 * (a mail, not a record).
 */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  registerUserViews(app.config);
  registerUserAddresses(app);
  registerColleaguesAndInvite(app);
}

/** `/adminapi/users` (`q`, `status`, `page`, `size`: `{ rows, total }`), save, assign-roles, freeze, activate, reset-password. */
function registerUserAddresses(app: FastifyInstance): void {
  const opts = { bodyLimit: BODY_LIMIT, preHandler: requireAuth };
  app.get('/adminapi/users', { preHandler: requireAuth }, async (req) => {
    const input = inputOf(req);
    const { page, size } = pagingOf(input);
    const q = text(input, 'q', { max: 100 });
    const status = text(input, 'status', { max: 20 });
    const { rows, total } = await viewPage(contextOf(app, req), adminUser, { page: String(page), size: String(size), opt: 'users', ...(q ? { q } : {}), ...(status ? { tab: status } : {}) });
    return ok({ rows, total });
  });
  app.post('/adminapi/users/save', opts, async (req) => ok(await viewSave(contextOf(app, req), adminUser, inputOf(req))));
  // The roles alone, at the version stored now (the drawer sends them with the other fields).
  app.post('/adminapi/users/assign-roles', opts, async (req) => {
    const ctx = contextOf(app, req);
    const input = inputOf(req);
    const id = Array.isArray(input.id) ? input.id[input.id.length - 1] : input.id;
    const row = await viewRecord(ctx, adminUser, id);
    const saved = await viewSave(ctx, adminUser, { id: row.id, version: row.version, roles: input.roles ?? [] });
    return ok({ id: saved.id, roles: saved.roles });
  });
  for (const action of ['freeze', 'activate'] as const) app.post(`/adminapi/users/${action}`, opts, async (req) => ok(await viewAction(contextOf(app, req), adminUser, action, inputOf(req))));
  app.post('/adminapi/users/reset-password', opts, async (req) => {
    const r = await viewAction(contextOf(app, req), adminUser, 'reset-password', { id: inputOf(req).id });
    return ok(r.data?.[0]);
  });
}

/** The colleague picker (any member) and the invitation by mail with the company's invite code. */
function registerColleaguesAndInvite(app: FastifyInstance): void {
  const { db, config } = app;
  // The people of one's own company for a user picker (a position's holder, a line member): any
  // signed-in member may pick a colleague, so only id, account and name of active users are given.
  serveCall(app, adminCalls.userOptions, { preHandler: requireAuth }, async (req) => {
    const clientId = authOf(req).clientId;
    if (clientId === null) throw forbidden();
    const input = inputOf(req);
    const q = text(input, 'q', { max: 100 });
    const size = Math.min(100, pagingOf(input).size);
    // A picker's chosen colleagues by id (a saved record's people, named without a search): also those since frozen.
    const ids = input.ids === undefined ? null : parseIdList(input.ids, { invalid: () => validationError({ ids: { key: 'access.invalidValue' } }), maxId: MAX_INT_ID });
    const match = ids ? sql`and u.id = any(${ids}::int[]) and u.status <> 'pending'` : sql`and u.status = 'active' ${q ? sql`and (u.username ilike ${`%${q}%`} or u.fullname ilike ${`%${q}%`})` : sql``}`;
    const rows = await sql<Colleague>`select u.id, u.username, u.fullname from users u
      where u.client_id = ${clientId} ${match} order by u.fullname, u.id limit ${size}`.execute(db);
    return { rows: rows.rows };
  });

  serveCall(app, adminCalls.inviteUser, { bodyLimit: BODY_LIMIT, preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, adminUser.menuCode, 'create', { db });
    const input = inputOf(req);
    const email = text(input, 'email', { max: 200 });
    const name = text(input, 'fullname', { max: 100 }) ?? email ?? '';
    if (!email || !/^[\w.+-]+@[\w-]+(\.[\w-]+)+$/.test(email)) throw validationError({ email: { key: email ? 'rule.email' : 'rule.required' } });
    const client = (await sql<{ name: string; invite_code: string | null }>`select name, invite_code from clients where id = ${clientId}`.execute(db)).rows[0];
    let code = client.invite_code;
    if (!code) {
      // A company without an invite code gets one now (spec: join an existing company with an invite code).
      code = `C${clientId}-${temporaryPassword().slice(0, 6).toUpperCase()}`;
      await sql`update clients set invite_code = ${code} where id = ${clientId} and invite_code is null`.execute(db);
      code = (await sql<{ invite_code: string }>`select invite_code from clients where id = ${clientId}`.execute(db)).rows[0].invite_code;
    }
    const lang = mailLanguage(auth.language);
    const link = `${config.publicUrl.replace(/\/$/, '')}/signup?invite=${encodeURIComponent(code)}`;
    const id = await queueMessage(db, config, { clientId, channel: 'email', to: email, subject: translate(lang, 'admin.inviteMailSubject', { company: client.name }), body: translate(lang, 'admin.inviteMailBody', { name, company: client.name, code }), link });
    return { outbox_id: id, invite_code: code };
  });
}
