import { sql } from 'kysely';
import { isLanguage, translate } from '../../../model';
import type { Db } from '../../db/database';
import { notifyUser } from '../../realtime';

/** What a module asks to tell users; `doc_no` names the document by its number, never an id. */
export type NoticeInput = {
  clientId: number;
  userIds?: number[];
  role?: string;
  /** Every active user of `clientId` (a company-wide event such as an order received). */
  everyone?: boolean;
  kind: string;
  /** Fixed text, or with `i18n` the catalogue keys translated per recipient in the user's language. */
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

/**
 * Raises a notice: one row per recipient, recipients only users of `clientId` (given ids outside
 * the tenant are dropped in SQL), then pushes `notifyto2` with the new unread count to each.
 * Returns the ids of the users notified.
 */
export async function raiseNotice(db: Db, n: NoticeInput): Promise<number[]> {
  const ids = n.userIds?.length ? n.userIds : [-1];
  const byRole = n.role
    ? sql`or u.id in (select ur.user_id from user_roles ur join roles r on r.id = ur.role_id where r.code = ${n.role})`
    : sql``;
  const all = n.everyone ? sql`or true` : sql``;
  const users = await sql<{ id: number; language: string }>`select u.id, u.language from users u
    where u.client_id = ${n.clientId} and u.status = 'active' and (u.id = any(${ids}::int[]) ${byRole} ${all})`.execute(db);
  const out: number[] = [];
  for (const u of users.rows) {
    const lang = isLanguage(u.language) ? u.language : 'zh-CN';
    const title = n.i18n ? translate(lang, n.i18n.title, n.i18n.params) : n.title;
    const body = n.i18n?.body ? translate(lang, n.i18n.body, n.i18n.params) : (n.body ?? '');
    await sql`insert into notify_notice (client_id, user_id, kind, title, body, link, doc_no)
      values (${n.clientId}, ${u.id}, ${n.kind}, ${title}, ${body}, ${n.link ?? null}, ${n.doc_no ?? null})`.execute(db);
    out.push(u.id);
    const push = { kind: n.kind, title, body, doc_no: n.doc_no ?? null, link: n.link ?? null, unread: await unreadCount(db, n.clientId, u.id) };
    // After the current turn, like the order events, so a caller's transaction has usually committed.
    setImmediate(() => notifyUser(u.id, push));
  }
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
