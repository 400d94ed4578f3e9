import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { translate } from '../../model/i18n';
import { checkRule, RULE_MESSAGE_KEYS } from '../../model/rules';
import { ROLES } from '../../model/roles';
import { signupCalls } from '../../model/calls/access';
import { serveCall } from '../http/calls';
import { requestLanguage } from '../http/envelope';
import { AppError, notFound, validationError, type FieldError } from '../http/errors';
import { queueMessage } from '../kernel/outbox/outbox.service';
import { checkCode, consumeCode, CODE_CHANNELS, CODE_PURPOSES, sendCode, type CodeChannel, type CodePurpose } from './codes.service';
import { inputOf, text, textOf, type Input } from './input.util';
import { mailLanguage } from './language.util';
import { hashPassword } from '../kernel/password';
import type { LoginLimiter } from './login-limiter.service';
import { ACCESS_BODY_LIMIT, admitAttempt } from './session.routes';
import { companyProfileOf } from './account-profile-input.util';
import { randomToken } from './tokens.util';

/** spec 3 "client: type": the three kinds of company that sign up. */
export const COMPANY_TYPES = ['brand', 'maker', 'supplier'] as const;

type Applicant = { username?: string; password?: string; email?: string; mobile?: string; fullname?: string; code?: string; mobileCode?: string };

function applicantOf(input: Input): Applicant {
  return {
    username: text(input, 'username', { max: 50 }),
    password: text(input, 'password', { trim: false, max: 200 }),
    email: text(input, 'email', { max: 200 })?.toLowerCase(),
    mobile: text(input, 'mobile', { max: 20 }),
    fullname: textOf(input, ['fullname', 'contact_name', 'name_of_user'], { max: 100 }),
    code: textOf(input, ['email_code', 'code', 'verify_code'], { max: 10 }),
    mobileCode: textOf(input, ['mobile_code', 'sms_code'], { max: 10 }),
  };
}

/**
 * Both codes of a sign-up (spec 2: "mobile and e-mail verification"): the e-mail's and the mobile
 * number's, each a signup code sent to that exact target. Both are checked before either is used,
 * and a refusal names every wrong one on its field.
 */
async function checkSignupCodes(app: FastifyInstance, a: Applicant): Promise<[number, number]> {
  const { db, config } = app;
  const errors: Record<string, FieldError> = {};
  const one = async (channel: CodeChannel, target: string, code: string | undefined, field: string) => {
    try {
      return await checkCode(db, config, { channel, target, purpose: 'signup', code, field });
    } catch (e) {
      if (e instanceof AppError && e.kind === 'validation' && e.fields) Object.assign(errors, e.fields);
      else throw e;
      return 0;
    }
  };
  const emailId = await one('email', a.email!, a.code, 'email_code');
  const smsId = await one('sms', a.mobile!, a.mobileCode, 'mobile_code');
  if (Object.keys(errors).length) throw validationError(errors);
  return [emailId, smsId];
}

/** Uses both checked codes inside the sign-up's transaction (someone else used one first: refused). */
async function consumeSignupCodes(tx: FastifyInstance['db'], [emailId, smsId]: [number, number]): Promise<void> {
  if (!(await consumeCode(tx, emailId))) throw validationError({ email_code: { key: 'access.codeInvalid' } });
  if (!(await consumeCode(tx, smsId))) throw validationError({ mobile_code: { key: 'access.codeInvalid' } });
}

/**
 * The account fields every sign-up checks (spec 5: username without Chinese, e-mail, mobile, the
 * password rule), plus uniqueness of username and e-mail. `repeat` is checked when sent.
 */
async function applicantErrors(app: FastifyInstance, a: Applicant, repeat: string | undefined, checkTaken = true): Promise<Record<string, FieldError>> {
  const { config, db } = app;
  const errors: Record<string, FieldError> = {};
  if (!a.username) errors.username = { key: 'rule.required' };
  else if (!checkRule('chinese', a.username)) errors.username = { key: 'rule.chinese' };
  else if (!/^[A-Za-z0-9_.@-]{3,50}$/.test(a.username)) errors.username = { key: 'access.usernameFormat' };
  if (!a.password) errors.password = { key: 'rule.required' };
  else if (!checkRule(config.passwordRule, a.password)) errors.password = { key: RULE_MESSAGE_KEYS[config.passwordRule] };
  if (repeat !== undefined && a.password && repeat !== a.password) errors.repeat = { key: 'access.passwordMismatch' };
  if (!a.email) errors.email = { key: 'rule.required' };
  else if (!checkRule('email', a.email)) errors.email = { key: 'rule.email' };
  if (!a.mobile) errors.mobile = { key: 'rule.required' };
  else if (!checkRule('telephone', a.mobile)) errors.mobile = { key: 'rule.telephone' };
  // Issue 20: whether an account exists is told only past the gate the caller checked first (the invite code).
  if (!checkTaken) return errors;
  if (a.username && !errors.username) {
    const taken = await sql<{ n: number }>`select count(*)::int as n from users where lower(username) = lower(${a.username})`.execute(db);
    if (taken.rows[0].n) errors.username = { key: 'access.usernameTaken' };
  }
  if (a.email && !errors.email) {
    const taken = await sql<{ n: number }>`select count(*)::int as n from users where lower(email) = lower(${a.email})`.execute(db);
    if (taken.rows[0].n) errors.email = { key: 'access.emailTaken' };
  }
  return errors;
}

async function systemRoleIds(db: FastifyInstance['db'], codes: string[]): Promise<number[]> {
  const r = await sql<{ id: number }>`select id from roles where client_id is null and code in (${sql.join(codes)})`.execute(db);
  return r.rows.map((x) => x.id);
}

/** A company code for a new sign-up: readable, unique (checked, and the unique index guards races). */
async function newClientCode(db: FastifyInstance['db']): Promise<string> {
  for (;;) {
    const code = `C${randomToken(6).replace(/[^A-Za-z0-9]/g, '').slice(0, 7).toUpperCase()}`;
    const r = await sql<{ n: number }>`select count(*)::int as n from clients where code = ${code}`.execute(db);
    if (!r.rows[0].n && code.length >= 6) return code;
  }
}

/** A company's invite code (given when its sign-up is approved). */
export const inviteCode = () => randomToken(9).replace(/[^A-Za-z0-9]/g, '').slice(0, 10).toUpperCase();

/** The key that counts one address's invite-code attempts (invite lookup and join form together). */
const inviteKey = (ip: string) => `invite:${ip}`;

/** An answer that tells whether a user name or e-mail is taken: it stays counted like a wrong code. */
const keyOf = (e: FieldError | undefined) => (typeof e === 'object' ? e.key : e);
const tellsTaken = (errors: Record<string, FieldError>) => keyOf(errors.username) === 'access.usernameTaken' || keyOf(errors.email) === 'access.emailTaken';

const isUniqueViolation = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';

/** Options of the access write routes: the body limit. */
type AccessOpts = { bodyLimit: number };

/** The invite-code gate of the join form and the invite lookup. */
type InviteGate = {
  /** Counts one guess of the caller's address (refused past the limit). */
  attempt: (req: FastifyRequest) => Promise<void>;
  /** Gives the caller's guess back (the code was valid). */
  refund: (req: FastifyRequest) => Promise<void>;
  /** The active company an invite code belongs to, if any. */
  active: (code: string) => Promise<{ id: number; name: string; type: string } | undefined>;
};

/**
 * Enterprise sign-up and joining with an invite code (spec 1 "Account", spec 2 /signup), the codes
 * that verify them, and the super administrator's approval (spec 4: pending review, approved,
 * rejected).
 */
export async function signupRoutes(app: FastifyInstance, deps: { limiter: LoginLimiter }): Promise<void> {
  const { db, config } = app;
  const opts = { bodyLimit: ACCESS_BODY_LIMIT };
  /**
   * Issue 20: invite codes are guessed per address at most `perAddress` times a window, lookup and
   * join form together. Counted before the code is checked (as sign-ins are); a valid code gives the
   * attempt back, unless the reply then tells that a user name or e-mail is taken.
   */
  const invites: InviteGate = {
    attempt: (req) => admitAttempt(deps.limiter, [{ key: inviteKey(req.ip), limit: config.loginLimit.perAddress }]),
    refund: (req) => deps.limiter.refund([inviteKey(req.ip)]),
    active: async (code) =>
      (await sql<{ id: number; name: string; type: string }>`select id, name, type from clients where invite_code = ${code} and status = 'active'`.execute(db)).rows[0],
  };
  registerCompanySignupRoutes(app, opts, deps.limiter);
  registerJoinRoutes(app, opts, invites);
}

/** The verification code and the enterprise sign-up (a pending company with its administrator). */
function registerCompanySignupRoutes(app: FastifyInstance, opts: AccessOpts, limiter: LoginLimiter): void {
  const { db, config } = app;
  serveCall(app, signupCalls.sendCode, opts, async (req) => {
    const input = inputOf(req);
    const channel = text(input, 'channel', { max: 10 }) ?? 'email';
    const purpose = text(input, 'purpose', { max: 10 }) ?? 'signup';
    const target = textOf(input, ['target', channel === 'sms' ? 'mobile' : 'email'], { max: 200 });
    const errors: Record<string, FieldError> = {};
    if (!CODE_CHANNELS.includes(channel as CodeChannel)) errors.channel = { key: 'rule.notInDictionary' };
    if (!CODE_PURPOSES.includes(purpose as CodePurpose)) errors.purpose = { key: 'rule.notInDictionary' };
    if (!target) errors.target = { key: 'rule.required' };
    else if (channel === 'email' && !checkRule('email', target)) errors.target = { key: 'rule.email' };
    else if (channel === 'sms' && !checkRule('telephone', target)) errors.target = { key: 'rule.telephone' };
    if (Object.keys(errors).length || !target) throw validationError(errors);
    return sendCode(db, config, limiter, requestLanguage(req), { channel: channel as CodeChannel, target, purpose: purpose as CodePurpose, ip: req.ip });
  });

  serveCall(app, signupCalls.signup, opts, async (req) => {
    const input = inputOf(req);
    const a = applicantOf(input);
    const name = textOf(input, ['company_name', 'name'], { max: 100 });
    const fullName = textOf(input, ['company_full_name', 'full_name'], { max: 200 });
    const type = textOf(input, ['company_type', 'type'], { max: 20 });
    const profile = companyProfileOf(input, { required: true });
    const errors = { ...profile.errors, ...(await applicantErrors(app, a, textOf(input, ['repeat', 'repeat_password'], { trim: false }))) };
    if (!name) errors.company_name = { key: 'rule.required' };
    if (!type) errors.company_type = { key: 'rule.required' };
    else if (!COMPANY_TYPES.includes(type as (typeof COMPANY_TYPES)[number])) errors.company_type = { key: 'rule.notInDictionary' };
    if (name) {
      const taken = await sql<{ n: number }>`select count(*)::int as n from clients where lower(name) = lower(${name}) and status <> 'rejected'`.execute(db);
      if (taken.rows[0].n) errors.company_name = { key: 'access.companyTaken' };
    }
    if (Object.keys(errors).length) throw validationError(errors);
    const codeIds = await checkSignupCodes(app, a);
    const hash = await hashPassword(a.password!, config.argon2);
    const code = await newClientCode(db);
    const p = profile.values;
    const roleIds = await systemRoleIds(db, [ROLES.clientAdmin, ROLES.common]);
    let created: { clientId: number; userId: number };
    try {
      // All or nothing: the company, its administrator, the roles and the used code.
      created = await db.transaction().execute(async (tx) => {
        await consumeSignupCodes(tx, codeIds);
        const c = await sql<{ id: number }>`insert into clients (code, name, full_name, type, status, contact_name, contact_email, contact_mobile,
            industry, scale, tax_code, legal_person, business_scope, province, city, address)
          values (${code}, ${name!}, ${fullName ?? name!}, ${type!}, 'pending', ${a.fullname ?? a.username!}, ${a.email!}, ${a.mobile!},
            ${p.industry ?? null}, ${p.scale ?? null}, ${p.tax_code ?? null}, ${p.legal_person ?? null}, ${p.business_scope ?? null}, ${p.province ?? null}, ${p.city ?? null}, ${p.address ?? null}) returning id`.execute(tx);
        const clientId = c.rows[0].id;
        const u = await sql<{ id: number }>`insert into users (client_id, username, email, mobile, password_hash, fullname, status)
          values (${clientId}, ${a.username!}, ${a.email!}, ${a.mobile!}, ${hash}, ${a.fullname ?? a.username!}, 'pending') returning id`.execute(tx);
        const userId = u.rows[0].id;
        for (const roleId of roleIds) await sql`insert into user_roles (user_id, role_id) values (${userId}, ${roleId})`.execute(tx);
        return { clientId, userId };
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw validationError({ username: { key: 'access.usernameTaken' } });
      throw e;
    }
    const lang = requestLanguage(req);
    await queueMessage(db, config, { clientId: created.clientId, channel: 'email', to: a.email!, subject: translate(lang, 'mail.signupReceived.subject'), body: translate(lang, 'mail.signupReceived.body', { company: name!, username: a.username! }) });
    return { id: created.clientId, user_id: created.userId, status: 'pending' as const };
  });
}

/** The invite lookup and joining a company with its invite code (active at once). */
function registerJoinRoutes(app: FastifyInstance, opts: AccessOpts, invites: InviteGate): void {
  const { db, config } = app;
  serveCall(app, signupCalls.inviteInfo, {}, async (req) => {
    const code = text(inputOf(req), 'code', { max: 40 });
    if (!code) throw validationError({ code: { key: 'rule.required' } });
    await invites.attempt(req);
    const client = await invites.active(code);
    if (!client) throw notFound('access.inviteInvalid');
    await invites.refund(req);
    return { client_id: client.id, client_name: client.name, type: client.type };
  });

  serveCall(app, signupCalls.join, opts, async (req) => {
    const input = inputOf(req);
    const a = applicantOf(input);
    const invite = textOf(input, ['invite_code', 'invitecode'], { max: 40 });
    // The invite code first: without a valid one the form's own format errors are all it learns.
    if (invite) await invites.attempt(req);
    const client = invite ? await invites.active(invite) : undefined;
    const errors = await applicantErrors(app, a, textOf(input, ['repeat', 'repeat_password'], { trim: false }), Boolean(client));
    if (!invite) errors.invite_code = { key: 'rule.required' };
    else if (!client) errors.invite_code = { key: 'access.inviteInvalid' };
    else if (!tellsTaken(errors)) await invites.refund(req);
    if (Object.keys(errors).length || !client) throw validationError(errors);
    const codeIds = await checkSignupCodes(app, a);
    const hash = await hashPassword(a.password!, config.argon2);
    const roleIds = await systemRoleIds(db, [ROLES.invited, ROLES.common]);
    const clientId = client.id;
    let userId: number;
    try {
      userId = await db.transaction().execute(async (tx) => {
        await consumeSignupCodes(tx, codeIds);
        // The invite code is the company administrator's consent: the user is active at once.
        const u = await sql<{ id: number }>`insert into users (client_id, username, email, mobile, password_hash, fullname, status)
          values (${clientId}, ${a.username!}, ${a.email!}, ${a.mobile!}, ${hash}, ${a.fullname ?? a.username!}, 'active') returning id`.execute(tx);
        for (const roleId of roleIds) await sql`insert into user_roles (user_id, role_id) values (${u.rows[0].id}, ${roleId})`.execute(tx);
        return u.rows[0].id;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw validationError({ username: { key: 'access.usernameTaken' } });
      throw e;
    }
    // Tell the company's administrators who joined.
    const admins = await sql<{ email: string; language: string }>`
      select u.email, u.language from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
      where u.client_id = ${clientId} and r.code = ${ROLES.clientAdmin} and u.email is not null and u.status = 'active'`.execute(db);
    for (const admin of admins.rows) {
      const lang = mailLanguage(admin.language);
      await queueMessage(db, config, { clientId, channel: 'email', to: admin.email, subject: translate(lang, 'mail.joined.subject'), body: translate(lang, 'mail.joined.body', { username: a.username!, company: client.name }) });
    }
    return { user_id: userId, client_id: clientId, client_name: client.name };
  });
}
