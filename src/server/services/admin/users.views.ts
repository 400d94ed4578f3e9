import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { getEntity } from '../../../model';
import { adminUser } from '../../../model/entities/admin-user.entity';
import { translate } from '../../../model/i18n';
import { ROLES } from '../../../model/roles';
import type { AppConfig } from '../../config';
import type { AuthContext } from '../../access/auth-context';
import { mailLanguage } from '../../access/language.util';
import { assertCan } from '../../access/permissions';
import { revokeUserSessions } from '../../access/sessions.service';
import type { Db } from '../../db/database';
import { AppError, type FieldError } from '../../http/errors';
import { diffRecords, writeAudit } from '../../kernel/audit/audit.service';
import { hashPassword } from '../../kernel/password';
import { logoutSessions } from '../../realtime';
import { registerViewScope } from '../../resources/view-reader';
import { registerViewWriter, type ViewSaveContext } from '../../resources/view-writer';
import { queueMessage } from '../notify';

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

/** The role codes a user holds in the company, sorted (the audit compares them as one list). */
const ROLES_OF_USER = sql`coalesce((select jsonb_agg(r.code order by r.code) from user_roles ur join roles r on r.id = ur.role_id
  where ur.user_id = t.id and (r.client_id is null or r.client_id = t.client_id)), '[]'::jsonb)`;

/**
 * The company's users (menu code `admin.user`): a client administrator reads their own company's
 * users, nobody another company's (a row outside is a 404 on read, save and action alike).
 */
registerViewScope(
  adminUser.name,
  async (auth: AuthContext, db: Db) => {
    const clientId = await assertCan(auth, adminUser.menuCode, 'read', { db });
    return { where: sql`t.client_id = ${clientId}`, tenant: clientId };
  },
  { computed: { roles: ROLES_OF_USER } },
);

/** The ids of the roles named by `codes` that the company may hand out (its own shadow a system role of the same code), or null when one is not. */
async function assignableRoles(tx: Db, clientId: number, codes: string[]): Promise<Map<string, number> | null> {
  if (!codes.length) return new Map();
  const found = await sql<{ id: number; code: string; client_id: number | null }>`select id, code, client_id from roles
    where code in (${sql.join(codes)}) and (client_id = ${clientId} or client_id is null)`.execute(tx);
  const byCode = new Map<string, number>();
  for (const r of found.rows) if (r.client_id !== null || (!byCode.has(r.code) && ASSIGNABLE_SYSTEM.has(r.code))) byCode.set(r.code, r.id);
  return codes.every((c) => byCode.has(c)) ? byCode : null;
}

async function roleCodesOf(tx: Db, clientId: number, userId: number): Promise<string[]> {
  const r = await sql<{ code: string }>`select r.code from user_roles ur join roles r on r.id = ur.role_id
    where ur.user_id = ${userId} and (r.client_id is null or r.client_id = ${clientId}) order by r.code`.execute(tx);
  return r.rows.map((x) => x.code);
}

/** The organisation and the position must be the company's own rows; chat ids bound once per company; e-mail once on the platform. */
async function checkUser(sc: ViewSaveContext): Promise<void> {
  const { tx, clientId, values, errors, before } = sc;
  const id = Number(before.id);
  for (const [key, entity, message] of [['org_id', 'org', 'admin.unknownOrg'], ['position_id', 'position', 'admin.unknownPosition']] as const) {
    const v = values[key];
    const table = getEntity(entity)?.table;
    if (v === null || v === undefined || !table) continue;
    if (!(await sql`select 1 from ${sql.table(table)} where id = ${Number(v)} and client_id = ${clientId}`.execute(tx)).rows.length) errors[key] = { key: message };
  }
  for (const key of ['wecom_id', 'dingtalk_id'] as const) {
    const v = values[key];
    if (v && (await sql`select 1 from users where client_id = ${clientId} and ${sql.ref(key)} = ${String(v)} and id <> ${id}`.execute(tx)).rows.length) errors[key] = { key: 'thirdparty.alreadyBound' };
  }
  const email = values.email;
  if (email && (await sql`select 1 from users where lower(email) = lower(${String(email)}) and id <> ${id}`.execute(tx)).rows.length) errors.email = { key: 'admin.emailExists' };
  if (values.roles !== undefined) {
    const codes = [...new Set((values.roles as string[] | null) ?? [])];
    if (codes.length > 100 || !(await assignableRoles(tx, clientId, codes))) errors.roles = { key: 'admin.unknownRole' };
  }
}

/**
 * The roles of a save go to user_roles (the company's own and the assignable system roles; the
 * platform's superadmin is never touched), audited as `assign-roles` with the list before and after.
 */
async function saveRoles(sc: ViewSaveContext): Promise<void> {
  const { tx, clientId, values, before, auth } = sc;
  if (values.roles === undefined) return;
  const codes = [...new Set((values.roles as string[] | null) ?? [])];
  delete values.roles;
  const id = Number(before.id);
  const old = await roleCodesOf(tx, clientId, id);
  if (JSON.stringify(old) === JSON.stringify([...codes].sort())) return;
  const byCode = (await assignableRoles(tx, clientId, codes)) ?? new Map<string, number>();
  await sql`delete from user_roles ur using roles r where ur.role_id = r.id and ur.user_id = ${id} and (r.client_id = ${clientId} or (r.client_id is null and r.code <> 'superadmin'))`.execute(tx);
  for (const roleId of byCode.values()) await sql`insert into user_roles (user_id, role_id) values (${id}, ${roleId}) on conflict do nothing`.execute(tx);
  const actor = { clientId, userId: auth.userId, username: auth.username, ip: sc.ip };
  await writeAudit(tx, actor, adminUser.name, id, 'assign-roles', diffRecords(['roles'], { roles: old }, { roles: await roleCodesOf(tx, clientId, id) }));
  sc.touched = true;
}

/** Ends a user's sessions now and tells their open pages to sign out. */
const endSessions = async (db: Db, userId: number, reason: 'frozen' | 'reset') => logoutSessions(await revokeUserSessions(db, userId, reason), reason);

/**
 * The writes of the users view: the checks and the roles of a save; freeze (never one's own
 * account; sessions end after the commit), and the password reset, a transition that keeps the
 * state: a temporary password hashed with the kernel's function into an undeclared column (never
 * audited nor returned), the sessions ended and the password mailed once the transaction commits.
 */
export function registerUserViews(config: AppConfig): void {
  registerViewWriter(adminUser.name, {
    validate: checkUser,
    beforeSave: saveRoles,
    actions: {
      freeze: async ({ db, row, auth }) => {
        if (Number(row.id) === auth.userId) throw new AppError('admin.cannotFreezeSelf');
        return { afterCommit: () => endSessions(db, Number(row.id), 'frozen') };
      },
      'reset-password': async ({ db, row, clientId }) => {
        if (!row.email) throw new AppError('err.validation', { fields: { email: { key: 'rule.required' } satisfies FieldError } });
        const password = temporaryPassword();
        const id = Number(row.id);
        const lang = mailLanguage(row.language);
        const mail = { clientId, channel: 'email' as const, to: String(row.email), subject: translate(lang, 'admin.resetMailSubject'), body: translate(lang, 'admin.resetMailBody', { name: String(row.fullname ?? row.username), password }) };
        return {
          patch: { password_hash: await hashPassword(password, config.argon2), must_change_password: true, password_changed_at: sql`now()` },
          data: { id, message: translate(lang, 'admin.passwordReset') },
          afterCommit: async () => {
            await endSessions(db, id, 'reset');
            await queueMessage(db, config, mail);
          },
        };
      },
    },
  });
}
