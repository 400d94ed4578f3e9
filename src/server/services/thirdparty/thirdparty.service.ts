import { sql } from 'kysely';
import type { AppConfig } from '../../config';
import { isoIn, isoNow } from '../../access/clock';
import { randomToken, sha256 } from '../../access/tokens.util';
import type { Db } from '../../db/database';
import { AppError, forbidden } from '../../http/errors';
import { BINDING_COLUMN, endpointAllowed, exchangeFailed, type ChatApp, type ChatIdentity, PROVIDERS, type ProviderKind } from './provider';

/**
 * The workplace-chat sign-in and binding flow (spec 7):
 * 1. prepare: the browser asks for the vendor page of a company (by its code); the server creates
 *    a one-time `state` (10 minutes) and answers the vendor URL, with the public welcome route as
 *    the way back (/login/qywxwelcome, /login/ddwelcome/{client}).
 * 2. sign-in: the welcome route posts the vendor's `code` and the `state` back; the state is used
 *    once, the code is exchanged at the vendor, and the member is looked up among the company's
 *    users by the bound id. Bound: a session opens. Not bound: a one-time binding ticket.
 * 3. binding: with the ticket, the user's own user name and password bind the vendor id to their
 *    account (one account per id and company), and the session opens.
 * Only hashes of states and tickets are stored.
 */
export const STATE_TTL_SECONDS = 600;

type AppRow = { client_id: number; provider: string; corp_id: string; agent_id: string | null; app_key: string; app_secret: string; api_base: string | null; authorize_url: string | null };

const toApp = (r: AppRow, provider: ProviderKind): ChatApp => ({
  clientId: r.client_id,
  provider,
  corpId: r.corp_id,
  agentId: r.agent_id,
  appKey: r.app_key,
  appSecret: r.app_secret,
  apiBase: r.api_base,
  authorizeUrl: r.authorize_url,
});

/** The enabled vendor application of an active company, by company code or id; 404 otherwise. */
export async function findApp(db: Db, provider: ProviderKind, company: { code?: string; id?: number }): Promise<ChatApp & { clientCode: string }> {
  const r = await sql<AppRow & { code: string }>`
    select a.client_id, a.provider, a.corp_id, a.agent_id, a.app_key, a.app_secret, a.api_base, a.authorize_url, c.code
    from thirdparty_apps a join clients c on c.id = a.client_id
    where a.provider = ${provider} and a.enabled and c.status = 'active'
      and ${company.id !== undefined ? sql`c.id = ${company.id}` : sql`c.code = ${company.code ?? ''}`}`.execute(db);
  const row = r.rows[0];
  if (!row) throw new AppError('thirdparty.appMissing');
  return { ...toApp(row, provider), clientCode: row.code };
}

/** The public welcome route the vendor sends the browser back to (spec 2 login children). */
export function welcomeUrl(config: Pick<AppConfig, 'publicUrl'>, provider: ProviderKind, clientCode: string): string {
  const base = config.publicUrl.replace(/\/$/, '');
  return provider === 'wecom' ? `${base}/login/qywxwelcome` : `${base}/login/ddwelcome/${encodeURIComponent(clientCode)}`;
}

async function issue(db: Db, kind: 'state' | 'bind', provider: ProviderKind, clientId: number, externalId: string | null): Promise<string> {
  const token = randomToken(24);
  await sql`insert into thirdparty_states (token_hash, kind, provider, client_id, external_id, expires_at, created_at)
    values (${sha256(token)}, ${kind}, ${provider}, ${clientId}, ${externalId}, ${isoIn(STATE_TTL_SECONDS)}, ${isoNow()})`.execute(db);
  return token;
}

/** Uses a state or ticket once (atomically: of two concurrent uses only one wins); 400 otherwise. */
async function consume(db: Db, kind: 'state' | 'bind', provider: ProviderKind, token: string): Promise<{ clientId: number; externalId: string | null }> {
  const r = await sql<{ client_id: number; external_id: string | null }>`
    update thirdparty_states set used_at = ${isoNow()}
    where token_hash = ${sha256(token)} and kind = ${kind} and provider = ${provider} and used_at is null and expires_at > ${isoNow()}
    returning client_id, external_id`.execute(db);
  const row = r.rows[0];
  if (!row) throw new AppError(kind === 'state' ? 'thirdparty.stateInvalid' : 'thirdparty.ticketInvalid');
  return { clientId: row.client_id, externalId: row.external_id };
}

/** Step 1: the vendor page to send the browser to, and its state. */
export async function prepareSignIn(db: Db, config: Pick<AppConfig, 'publicUrl' | 'thirdpartyAllowedHosts'>, provider: ProviderKind, clientCode: string): Promise<{ url: string; state: string; client_code: string; redirect_uri: string }> {
  const found = await findApp(db, provider, { code: clientCode });
  // A page saved before the host rule is not a place to send browsers: the vendor's own page instead.
  const pageAllowed = !found.authorizeUrl || endpointAllowed(provider, found.authorizeUrl, config.thirdpartyAllowedHosts);
  const app = pageAllowed ? found : { ...found, authorizeUrl: null };
  const state = await issue(db, 'state', provider, app.clientId, null);
  const redirect = welcomeUrl(config, provider, app.clientCode);
  return { url: PROVIDERS[provider].authorizeUrl(app, redirect, state), state, client_code: app.clientCode, redirect_uri: redirect };
}

export type SignInOutcome = { kind: 'signed-in'; userId: number; clientId: number } | { kind: 'bind'; ticket: string; clientId: number; name: string | null };

type MemberRow = { id: number; status: string };

/** Whether a user may sign in (active user of an active company); the reason otherwise. */
function refuseInactive(user: MemberRow): void {
  if (user.status === 'pending') throw forbidden('access.accountPending');
  if (user.status !== 'active') throw forbidden('access.accountFrozen');
}

/** Step 2: the vendor's code and our state; signs in a bound member or hands out a binding ticket. */
export async function completeSignIn(db: Db, provider: ProviderKind, code: string, state: string, operatorHosts: readonly string[]): Promise<SignInOutcome> {
  const { clientId } = await consume(db, 'state', provider, state);
  const app = await findApp(db, provider, { id: clientId });
  // Checked again at call time: a row saved before the rule, or since the operator narrowed the list.
  if (app.apiBase && !endpointAllowed(provider, app.apiBase, operatorHosts)) throw exchangeFailed();
  const identity: ChatIdentity = await PROVIDERS[provider].exchangeCode(app, code);
  const column = BINDING_COLUMN[provider];
  const found = await sql<MemberRow>`select id, status from users where client_id = ${clientId} and ${sql.ref(column)} = ${identity.externalId}`.execute(db);
  const user = found.rows[0];
  if (user) {
    refuseInactive(user);
    return { kind: 'signed-in', userId: user.id, clientId };
  }
  return { kind: 'bind', ticket: await issue(db, 'bind', provider, clientId, identity.externalId), clientId, name: identity.name };
}

/**
 * Step 3: binds the vendor id of a ticket to the account whose user name and password were given.
 * `verify` checks the password (argon2, owned by access). The account must belong to the ticket's
 * company; an id already bound to another account of the company is a conflict.
 */
export async function bindAccount(
  db: Db,
  provider: ProviderKind,
  ticket: string,
  username: string,
  verify: (passwordHash: string) => Promise<boolean>,
): Promise<{ userId: number; clientId: number }> {
  const found = await sql<MemberRow & { password_hash: string; client_id: number | null }>`
    select id, status, password_hash, client_id from users where lower(username) = lower(${username})`.execute(db);
  const user = found.rows[0];
  // The password is checked before the ticket is used, so a typo does not burn the ticket.
  if (!user || !(await verify(user.password_hash))) throw new AppError('access.badCredentials');
  const { clientId, externalId } = await consume(db, 'bind', provider, ticket);
  if (user.client_id !== clientId || !externalId) throw new AppError('thirdparty.otherCompany');
  refuseInactive(user);
  const column = BINDING_COLUMN[provider];
  const taken = await sql<{ id: number }>`select id from users where client_id = ${clientId} and ${sql.ref(column)} = ${externalId} and id <> ${user.id}`.execute(db);
  if (taken.rows.length) throw new AppError('thirdparty.alreadyBound');
  await sql`update users set ${sql.ref(column)} = ${externalId}, version = version + 1, updated_at = now() where id = ${user.id}`.execute(db);
  return { userId: user.id, clientId };
}
