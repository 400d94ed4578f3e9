import { sql } from 'kysely';
import { isLanguage, noticeEventOf, resolveNoticeChannels, translate, type NoticeEvent } from '../../../model';
import { afterCommit } from '../../db/after-commit';
import type { Db } from '../../db/database';
import { notifyUser } from '../../realtime';
import { SYSTEM_SCOPE, TENANT_SETTING, tenantSettingValue } from '../../kernel/rls/rls-policy';
import { currentScope } from '../../kernel/rls/tenant-scope';
import { wakeOutboxSenders } from './outbox.sender';
import { labelIn } from '../../../model/label-text';

/** What a module asks to tell users; `doc_no` names the document by its number, never an id. */
export type NoticeInput = {
  clientId: number;
  userIds?: number[];
  role?: string;
  /** Every active user of `clientId` (a company-wide event such as an order received). */
  everyone?: boolean;
  kind: string;
  /**
   * Fixed text, or with `i18n` the catalogue keys translated per recipient in the user's language; a
   * parameter given as a label `{ zh, en }` (a state's or a document kind's name) is read in that
   * language too.
   */
  title: string;
  body?: string;
  i18n?: { title: string; body?: string; params?: Record<string, unknown> };
  link?: string;
  doc_no?: string;
};

export type NoticeRow = {
  id: number; kind: string; title: string; body: string; link: string | null; doc_no: string | null;
  read_at: string | null; created_at: string;
};

type Recipient = {
  id: number; language: string; email: string | null; wecom_id: string | null; dingtalk_id: string | null; own: string[] | null;
};

/**
 * The company's notification setting for an event (the admin "notification settings", a registry
 * entity under row-level security), read in the receiving company's scope even when another
 * company's action raises the notice (an order sent by a brand tells the maker): the transaction
 * names the receiver for this one read, then the caller's scope again, as `asTenant` does for shares.
 */
async function companySetting(db: Db, clientId: number, event: NoticeEvent): Promise<{ channels: string[] | null; roles: string[] }> {
  const read = async () => {
    const r = await sql<{ channels: unknown; recipient_roles: unknown }>`select channels, recipient_roles from adm_notify_setting
      where client_id = ${clientId} and event = ${event} and coalesce(status, 'active') = 'active' order by id limit 1`.execute(db);
    const row = r.rows[0];
    if (!row) return { channels: null, roles: [] };
    const channels = Array.isArray(row.channels) ? row.channels.map(String) : null;
    // A list of role codes (a transfer, issue 35).
    const roles = Array.isArray(row.recipient_roles) ? row.recipient_roles.map(String).filter(Boolean) : [];
    return { channels: channels?.length ? channels : null, roles };
  };
  if (!db.isTransaction) return read();
  const scope = await currentScope(db);
  const other = scope !== '' && scope !== SYSTEM_SCOPE && scope !== tenantSettingValue(clientId);
  if (!other) return read();
  await sql`select set_config(${TENANT_SETTING}, ${tenantSettingValue(clientId)}, true)`.execute(db);
  try {
    return await read();
  } finally {
    await sql`select set_config(${TENANT_SETTING}, ${scope}, true)`.execute(db);
  }
}

const isLabel = (v: unknown): v is { zh: string; en: string } =>
  Boolean(v) && typeof v === 'object' && typeof (v as { zh?: unknown }).zh === 'string' && typeof (v as { en?: unknown }).en === 'string';

/** A notice's parameters in one language: labels `{ zh, en }` become that language's text. */
function paramsIn(lang: string, params: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!params) return params;
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, isLabel(v) ? labelIn(v, lang) : v]));
}

/**
 * Raises a notice: recipients only users of `clientId` (given ids outside the tenant are dropped in
 * SQL), plus the users of the roles the company's setting for the event names. Each recipient's
 * channels (src/model/notice-events.ts `resolveNoticeChannels`: their own choice, else the
 * company's, else the bell): the bell writes a row and pushes `notifyto2` with the new unread
 * count; e-mail and workplace chat queue an outbox row that an outbox sender delivers after the
 * caller's transaction commits (outbox.sender.ts). Returns the ids of the users notified.
 *
 * A kind must belong to a declared event (`order.received` -> order): a new area is added to
 * NOTICE_EVENTS first, so every notice can be chosen in the settings.
 */
export async function raiseNotice(db: Db, n: NoticeInput): Promise<number[]> {
  const event = noticeEventOf(n.kind);
  if (!event) throw new Error(`raiseNotice: the kind "${n.kind}" belongs to no notice event; add its area to NOTICE_EVENTS in src/model/notice-events.ts`);
  const company = await companySetting(db, n.clientId, event);
  const ids = n.userIds?.length ? n.userIds : [-1];
  const roles = [...(n.role ? [n.role] : []), ...company.roles];
  const byRole = roles.length
    ? sql`or u.id in (select ur.user_id from user_roles ur join roles r on r.id = ur.role_id where r.code = any(${roles}::text[]))`
    : sql``;
  const all = n.everyone ? sql`or true` : sql``;
  const users = await sql<Recipient>`select u.id, u.language, u.email, u.wecom_id, u.dingtalk_id, s.channels as own from users u
    left join notify_setting s on s.client_id = u.client_id and s.user_id = u.id and s.event = ${event}
    where u.client_id = ${n.clientId} and u.status = 'active' and (u.id = any(${ids}::int[]) ${byRole} ${all}) order by u.id`.execute(db);
  if (!users.rows.length) return [];
  const apps = new Set((await sql<{ provider: string }>`select provider from thirdparty_apps where client_id = ${n.clientId} and enabled`.execute(db)).rows.map((r) => r.provider));
  const workchatOf = (u: Recipient): { provider: string; id: string } | null =>
    u.wecom_id && apps.has('wecom') ? { provider: 'wecom', id: u.wecom_id } : u.dingtalk_id && apps.has('dingtalk') ? { provider: 'dingtalk', id: u.dingtalk_id } : null;
  const out: number[] = [];
  let queued = false;
  for (const u of users.rows) {
    const lang = isLanguage(u.language) ? u.language : 'zh-CN';
    const params = paramsIn(lang, n.i18n?.params);
    const title = n.i18n ? translate(lang, n.i18n.title, params) : n.title;
    const body = n.i18n?.body ? translate(lang, n.i18n.body, params) : (n.body ?? '');
    const chat = workchatOf(u);
    const channels = resolveNoticeChannels({ user: u.own, company: company.channels, reachable: { email: Boolean(u.email), workchat: chat !== null } });
    out.push(u.id);
    if (channels.includes('site')) {
      await sql`insert into notify_notice (client_id, user_id, kind, title, body, link, doc_no)
        values (${n.clientId}, ${u.id}, ${n.kind}, ${title}, ${body}, ${n.link ?? null}, ${n.doc_no ?? null})`.execute(db);
      const push = { kind: n.kind, title, body, doc_no: n.doc_no ?? null, link: n.link ?? null, unread: await unreadCount(db, n.clientId, u.id) };
      // Once the caller's transaction has committed (db/after-commit.ts): a rolled-back notice is never announced.
      afterCommit(db, () => notifyUser(u.id, push));
    }
    if (channels.includes('email') && u.email) {
      await sql`insert into outbox (client_id, channel, to_address, subject, body, link, status, origin, user_id)
        values (${n.clientId}, 'email', ${u.email}, ${title}, ${body}, ${n.link ?? null}, 'queued', 'notice', ${u.id})`.execute(db);
      queued = true;
    }
    if (channels.includes('workchat') && chat) {
      await sql`insert into outbox (client_id, channel, to_address, subject, body, link, status, origin, user_id, provider)
        values (${n.clientId}, 'workchat', ${chat.id}, ${title}, ${body}, ${n.link ?? null}, 'queued', 'notice', ${u.id}, ${chat.provider})`.execute(db);
      queued = true;
    }
  }
  if (queued) setImmediate(wakeOutboxSenders);
  return out;
}

/** The bell's number: the user's unread notices in their own tenant. */
export async function unreadCount(db: Db, clientId: number, userId: number): Promise<number> {
  return (await sql<{ n: number }>`select count(*)::int as n from notify_notice
    where client_id = ${clientId} and user_id = ${userId} and read_at is null`.execute(db)).rows[0].n;
}

/** The user's notices, newest first, optionally only unread. */
export async function listNotices(db: Db, clientId: number, userId: number, paging: { page: number; size: number }, unreadOnly = false): Promise<{ rows: NoticeRow[]; total: number; page: number; size: number }> {
  const where = sql`client_id = ${clientId} and user_id = ${userId} ${unreadOnly ? sql`and read_at is null` : sql``}`;
  const total = (await sql<{ n: number }>`select count(*)::int as n from notify_notice where ${where}`.execute(db)).rows[0].n;
  const rows = await sql<NoticeRow>`select id, kind, title, body, link, doc_no, read_at, created_at from notify_notice
    where ${where} order by created_at desc, id desc limit ${paging.size} offset ${(paging.page - 1) * paging.size}`.execute(db);
  return { rows: rows.rows, total, page: paging.page, size: paging.size };
}

/** Marks the user's own notices read (all when `ids` is empty); returns how many changed. */
export async function markRead(db: Db, clientId: number, userId: number, ids: number[]): Promise<number> {
  const only = ids.length ? sql`and id = any(${ids}::int[])` : sql``;
  const r = await sql`update notify_notice set read_at = now()
    where client_id = ${clientId} and user_id = ${userId} and read_at is null ${only}`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}
