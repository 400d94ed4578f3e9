import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { translate } from '../../../model/i18n';
import { ROLES } from '../../../model/roles';
import { authOf, requireAuth, type AuthContext } from '../../access/auth-context';
import { inputOf, pagingOf, text } from '../../access/input.util';
import { mailLanguage } from '../../access/language.util';
import { hashPassword } from '../../kernel/password';
import { revokeUserSessions } from '../../access/sessions.service';
import { adminCalls, type Colleague } from '../../../model/calls/admin';
import { serveCall } from '../../http/calls';
import { ok } from '../../http/envelope';
import { AppError, forbidden, notFound, validationError, type FieldError } from '../../http/errors';
import { MAX_INT_ID, parseIdList } from '../../http/id-list';
import type { Db } from '../../db/database';
import { logoutSessions } from '../../realtime';
import { assertCan } from '../../access/permissions';
import { queueMessage } from '../notify';
import { diffRecords, writeAudit, type AuditActor, type AuditChange } from '../../kernel/audit/audit.service';
import { withTenant } from '../../kernel/rls';
import { flagOf, idOf, listOf } from './input.util';

const BODY_LIMIT = 64 * 1024;
/** Options of the write routes: the body limit and the session check. */
type RouteOpts = { bodyLimit: number; preHandler: typeof requireAuth };
const MENU = 'admin.user';
/** System roles a client administrator may hand out; superadmin is the platform's alone. */
const ASSIGNABLE_SYSTEM: ReadonlySet<string> = new Set(Object.values(ROLES).filter((r) => r !== ROLES.superAdmin));

/** A temporary password that satisfies both password rules of spec 5 (upper, lower, digit; 10 long). */
export function temporaryPassword(): string {
  const pick = (set: string) => set[randomInt(set.length)];
  const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const lower = 'abcdefghijkmnpqrstuvwxyz';
  const digit = '23456789';
  const chars = [pick(upper), pick(lower), pick(digit), ...Array.from({ length: 7 }, () => pick(upper + lower + digit))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

const actorOf = (auth: AuthContext, clientId: number, ip: string): AuditActor => ({ clientId, userId: auth.userId, username: auth.username, ip });

/** Audits a change of a user: the old value beside the new one (issue 10), in the caller's transaction. */
async function audit(tx: Db, actor: AuditActor, userId: number, action: string, changes: AuditChange[] = []): Promise<void> {
  await writeAudit(tx, actor, 'user', userId, action, changes);
}

/** The role codes a user holds in the tenant, sorted (the audit compares them as one list). */
async function roleCodesOf(tx: Db, clientId: number, userId: number): Promise<string[]> {
  const r = await sql<{ code: string }>`select r.code from user_roles ur join roles r on r.id = ur.role_id
    where ur.user_id = ${userId} and (r.client_id is null or r.client_id = ${clientId}) order by r.code`.execute(tx);
  return r.rows.map((x) => x.code);
}

/** The ids of the body (`ids` list or one `id`), each a user of the tenant; 404 for any other. */
async function tenantUsers(app: FastifyInstance, clientId: number, input: Record<string, unknown>): Promise<number[]> {
  // At most MAX_IDS_PER_CALL ids, as every bulk call (http/id-list.ts).
  const read = (raw: unknown, key: string) => (raw === undefined || raw === null || raw === '' ? [] : parseIdList(raw, { maxId: MAX_INT_ID, invalid: () => validationError({ [key]: { key: 'access.invalidValue' } }) }));
  const ids = [...read(input.ids, 'ids'), ...read(input.id === undefined ? undefined : Array.isArray(input.id) ? input.id.slice(-1) : [input.id], 'id')];
  if (!ids.length) throw validationError({ ids: { key: 'form.chooseDataFirst' } });
  const found = await sql<{ id: number }>`select id from users where client_id = ${clientId} and id in (${sql.join(ids)})`.execute(app.db);
  if (found.rows.length !== new Set(ids).size) throw notFound('admin.unknownUser');
  return [...new Set(ids)];
}

/**
 * Users of the client administrator (spec 2 "Admin"): list, edit (org, position, workplace-chat
 * ids), assign roles, activate, freeze (ends their sessions and sends the socket `logout`), reset
 * the password (a temporary one by mail) and invite by mail with the company's invite code.
 */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const opts = { bodyLimit: BODY_LIMIT, preHandler: requireAuth };
  registerUserReadRoutes(app);
  registerUserSaveRoute(app, opts);
  registerUserAccessRoutes(app, opts);
  registerUserMailRoutes(app, opts);
}

/** The tenant's user list (administrators) and the colleague picker (any member). */
function registerUserReadRoutes(app: FastifyInstance): void {
  const { db } = app;
  app.get('/adminapi/users', { preHandler: requireAuth }, async (req) => {
    const clientId = await assertCan(authOf(req), MENU, 'read', { db });
    const input = inputOf(req);
    const { page, size } = pagingOf(input);
    const q = text(input, 'q', { max: 100 });
    const status = text(input, 'status', { max: 20 });
    const where = sql`u.client_id = ${clientId} ${q ? sql`and (u.username ilike ${`%${q}%`} or u.fullname ilike ${`%${q}%`} or u.email ilike ${`%${q}%`})` : sql``} ${status ? sql`and u.status = ${status}` : sql``}`;
    const total = (await sql<{ n: number }>`select count(*)::int as n from users u where ${where}`.execute(db)).rows[0].n;
    const rows = await sql`select u.id, u.username, u.fullname, u.email, u.mobile, u.status, u.org_id, u.position_id, u.is_manager, u.wecom_id, u.dingtalk_id,
        u.last_login_at, u.last_login_ip, u.version,
        coalesce((select json_agg(r.code order by r.code) from user_roles ur join roles r on r.id = ur.role_id
          where ur.user_id = u.id and (r.client_id is null or r.client_id = ${clientId})), '[]'::json) as roles
      from users u where ${where} order by u.id limit ${size} offset ${(page - 1) * size}`.execute(db);
    return ok({ rows: rows.rows, total });
  });

  // The people of one's own company for a user picker (a position's holder, a line member): any
  // signed-in member may pick a colleague, so only id, account and name of active users are given.
  serveCall(app, adminCalls.userOptions, { preHandler: requireAuth }, async (req) => {
    const clientId = authOf(req).clientId;
    if (clientId === null) throw forbidden();
    const input = inputOf(req);
    const q = text(input, 'q', { max: 100 });
    const size = Math.min(100, pagingOf(input).size);
    const match = q ? sql`and (u.username ilike ${`%${q}%`} or u.fullname ilike ${`%${q}%`})` : sql``;
    const rows = await sql<Colleague>`select u.id, u.username, u.fullname from users u
      where u.client_id = ${clientId} and u.status = 'active' ${match} order by u.fullname, u.id limit ${size}`.execute(db);
    return { rows: rows.rows };
  });
}

/** Editing a user at a version: contact, org and position, workplace-chat ids; audited old beside new. */
function registerUserSaveRoute(app: FastifyInstance, opts: RouteOpts): void {
  const { db } = app;
  app.post('/adminapi/users/save', opts, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, MENU, 'update', { db });
    const input = inputOf(req);
    const [id] = await tenantUsers(app, clientId, { id: input.id });
    const version = idOf(input, 'version');
    const errors: Record<string, FieldError> = {};
    if (!version) errors.version = { key: 'rule.required' };
    const email = text(input, 'email', { max: 200 });
    if (email && !/^[\w.+-]+@[\w-]+(\.[\w-]+)+$/.test(email)) errors.email = { key: 'rule.email' };
    const mobile = text(input, 'mobile', { max: 20 });
    if (mobile && !/^1[3-9]\d{9}$/.test(mobile)) errors.mobile = { key: 'rule.telephone' };
    const orgId = idOf(input, 'org_id');
    const positionId = idOf(input, 'position_id');
    if (Object.keys(errors).length) throw validationError(errors);
    // Spec 6 "assign positions": the org and the position must be the tenant's own rows.
    await withTenant(db, clientId, async (tx) => {
      for (const [key, table, v] of [['org_id', 'md_org', orgId], ['position_id', 'md_position', positionId]] as const) {
        if (!v) continue;
        const exists = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = current_schema() and table_name = ${table}`.execute(tx);
        if (exists.rows[0].n && !(await sql`select 1 from ${sql.table(table)} where id = ${v} and client_id = ${clientId}`.execute(tx)).rows.length) throw validationError({ [key]: { key: key === 'org_id' ? 'admin.unknownOrg' : 'admin.unknownPosition' } });
      }
    });
    const fields = {
      fullname: text(input, 'fullname', { max: 100 }) ?? null,
      email: email ?? null,
      mobile: mobile ?? null,
      org_id: orgId ?? null,
      position_id: positionId ?? null,
      is_manager: flagOf(input, 'is_manager') ?? false,
      wecom_id: text(input, 'wecom_id', { max: 100 }) ?? null,
      dingtalk_id: text(input, 'dingtalk_id', { max: 100 }) ?? null,
    };
    for (const [col, v] of [['wecom_id', fields.wecom_id], ['dingtalk_id', fields.dingtalk_id]] as const) {
      if (v && (await sql`select 1 from users where client_id = ${clientId} and ${sql.ref(col)} = ${v} and id <> ${id}`.execute(db)).rows.length) throw new AppError('thirdparty.alreadyBound');
    }
    const keys = Object.keys(fields);
    try {
      await withTenant(db, clientId, async (tx) => {
        // The row as it was, locked until the audit row is written with it (old and new side by side).
        const before = (await sql<Record<string, unknown>>`select ${sql.join(keys.map((k) => sql.ref(k)))} from users
          where id = ${id} and client_id = ${clientId} and version = ${version ?? 0} for update`.execute(tx)).rows[0];
        if (!before) throw new AppError('err.staleVersion');
        await sql`update users set fullname = ${fields.fullname}, email = ${fields.email}, mobile = ${fields.mobile}, org_id = ${fields.org_id},
            position_id = ${fields.position_id}, is_manager = ${fields.is_manager}, wecom_id = ${fields.wecom_id}, dingtalk_id = ${fields.dingtalk_id},
            version = version + 1, updated_at = now()
          where id = ${id} and client_id = ${clientId}`.execute(tx);
        await audit(tx, actorOf(auth, clientId, req.ip), id, 'update', diffRecords(keys, before, fields));
      });
    } catch (e) {
      if (String(e).includes('users_email_uq')) throw validationError({ email: { key: 'admin.emailExists' } });
      throw e;
    }
    return ok({ id });
  });
}

/** Assigning roles, activating and freezing users. */
function registerUserAccessRoutes(app: FastifyInstance, opts: RouteOpts): void {
  const { db } = app;
  app.post('/adminapi/users/assign-roles', opts, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, MENU, 'update', { db });
    const input = inputOf(req);
    const [id] = await tenantUsers(app, clientId, { id: input.id });
    const codes = listOf(input, 'roles', 100);
    if (codes.some((c) => typeof c !== 'string')) throw validationError({ roles: { key: 'access.invalidValue' } });
    const wanted = [...new Set(codes as string[])];
    const found = await sql<{ id: number; code: string; client_id: number | null }>`select id, code, client_id from roles
      where code in (${sql.join(wanted.length ? wanted : [''])}) and (client_id = ${clientId} or client_id is null)`.execute(db);
    // A tenant role shadows a system role of the same code; superadmin is never assignable here.
    const byCode = new Map<string, number>();
    for (const r of found.rows) if (r.client_id !== null || (!byCode.has(r.code) && ASSIGNABLE_SYSTEM.has(r.code))) byCode.set(r.code, r.id);
    const missing = wanted.filter((c) => !byCode.has(c));
    if (missing.length) throw validationError({ roles: { key: 'admin.unknownRole' } });
    await withTenant(db, clientId, async (tx) => {
      const old = await roleCodesOf(tx, clientId, id);
      await sql`delete from user_roles ur using roles r where ur.role_id = r.id and ur.user_id = ${id} and (r.client_id = ${clientId} or (r.client_id is null and r.code <> 'superadmin'))`.execute(tx);
      for (const roleId of byCode.values()) await sql`insert into user_roles (user_id, role_id) values (${id}, ${roleId}) on conflict do nothing`.execute(tx);
      await sql`update users set version = version + 1, updated_at = now() where id = ${id} and client_id = ${clientId}`.execute(tx);
      await audit(tx, actorOf(auth, clientId, req.ip), id, 'assign-roles', diffRecords(['roles'], { roles: old }, { roles: await roleCodesOf(tx, clientId, id) }));
    });
    return ok({ id, roles: wanted });
  });

  app.post('/adminapi/users/activate', opts, userStatusHandler(app, 'active'));
  app.post('/adminapi/users/freeze', opts, userStatusHandler(app, 'frozen'));
}

/** The handler that sets the status of the listed users (frozen: their sessions end at once). */
function userStatusHandler(app: FastifyInstance, status: 'active' | 'frozen') {
  const { db } = app;
  return async (req: FastifyRequest) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, MENU, `action:${status === 'active' ? 'activate' : 'freeze'}`, { db });
    const ids = await tenantUsers(app, clientId, inputOf(req));
    if (status === 'frozen' && ids.includes(auth.userId)) throw new AppError('admin.cannotFreezeSelf');
    await withTenant(db, clientId, async (tx) => {
      const before = await sql<{ id: number; status: string }>`select id, status from users where client_id = ${clientId} and id in (${sql.join(ids)}) for update`.execute(tx);
      await sql`update users set status = ${status}, version = version + 1, updated_at = now() where client_id = ${clientId} and id in (${sql.join(ids)})`.execute(tx);
      for (const b of before.rows) await audit(tx, actorOf(auth, clientId, req.ip), Number(b.id), status === 'frozen' ? 'freeze' : 'activate', diffRecords(['status'], b, { status }));
    });
    // Frozen: every session ends now and the open pages get the socket `logout` (spec 7).
    if (status === 'frozen') for (const id of ids) logoutSessions(await revokeUserSessions(db, id, 'frozen'), 'frozen');
    return ok({ ids, status });
  };
}

/** Resetting a password (a temporary one by mail) and inviting by mail with the company's invite code. */
function registerUserMailRoutes(app: FastifyInstance, opts: RouteOpts): void {
  const { db, config } = app;
  app.post('/adminapi/users/reset-password', opts, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, MENU, 'action:reset-password', { db });
    const [id] = await tenantUsers(app, clientId, { id: inputOf(req).id });
    const u = (await sql<{ email: string | null; fullname: string | null; username: string; language: string }>`select email, fullname, username, language from users where id = ${id}`.execute(db)).rows[0];
    if (!u.email) throw validationError({ email: { key: 'rule.required' } });
    const password = temporaryPassword();
    const hash = await hashPassword(password, config.argon2);
    await sql`update users set password_hash = ${hash}, must_change_password = true, password_changed_at = now(), version = version + 1, updated_at = now() where id = ${id} and client_id = ${clientId}`.execute(db);
    logoutSessions(await revokeUserSessions(db, id, 'reset'), 'reset');
    const lang = mailLanguage(u.language);
    await queueMessage(db, config, { clientId, channel: 'email', to: u.email, subject: translate(lang, 'admin.resetMailSubject'), body: translate(lang, 'admin.resetMailBody', { name: u.fullname ?? u.username, password }) });
    await withTenant(db, clientId, (tx) => audit(tx, actorOf(auth, clientId, req.ip), id, 'reset-password'));
    return ok({ id, message: translate(lang, 'admin.passwordReset') });
  });

  app.post('/adminapi/users/invite', opts, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, MENU, 'create', { db });
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
    return ok({ outbox_id: id, invite_code: code });
  });
}
