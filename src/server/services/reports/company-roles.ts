import { sql } from 'kysely';
import { getReport, type Language, type ReportDef } from '../../../model';
import type { AlertRole } from '../../../model/calls/alerts';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { menuEntriesOf } from '../profile/profile.service';

/** The declared reports the caller may read (a menu entry `rpt.<report>`) that `fits` takes (an alert's, a tile's), by name. */
export async function readableReports(db: Db, auth: AuthContext, language: Language, fits: (report: ReportDef | undefined) => boolean): Promise<Array<{ report: string }>> {
  const codes = new Set((await menuEntriesOf(db, auth, language)).map((e) => e.CODE));
  return [...codes]
    .filter((c) => c.startsWith('rpt.') && fits(getReport(c.slice(4))))
    .map((c) => ({ report: c.slice(4) }))
    .sort((a, b) => a.report.localeCompare(b.report));
}

/**
 * The roles of a company a recipient list or a tile's sharing may name (the platform's but the super
 * administrator's, and its own), by code: those the drawers' role picker offers (`adminapi/roles/options`).
 */
export async function rolesOf(db: Db, clientId: number, language: Language): Promise<AlertRole[]> {
  const rows = (await sql<{ code: string; name_zh: string; name_en: string }>`select code, name_zh, name_en from roles
    where (client_id is null or client_id = ${clientId}) and code <> 'superadmin' order by client_id nulls first, id`.execute(db)).rows;
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.code) && seen.add(r.code)).map((r) => ({ code: r.code, name: (language === 'en' ? r.name_en : r.name_zh) || r.code }));
}

/** The context of a company's user as the permission checks need it (an alert's owner, a recipient). */
export async function userAuth(db: Db, clientId: number, userId: number): Promise<AuthContext | null> {
  const u = (await sql<{ id: number; username: string; fullname: string | null; language: string }>`select id, username, fullname, language from users
    where id = ${userId} and client_id = ${clientId} and status = 'active'`.execute(db)).rows[0];
  if (!u) return null;
  const roles = (await sql<{ id: number; code: string; client_id: number | null }>`select r.id, r.code, r.client_id from user_roles ur join roles r on r.id = ur.role_id
    where ur.user_id = ${userId} and (r.client_id is null or r.client_id = ${clientId})`.execute(db)).rows;
  return {
    userId: u.id, username: u.username, fullname: u.fullname ?? u.username, clientId, sessionId: 'alert', roles: roles.map((r) => r.code), isSuper: false,
    platformId: 'SRM', language: u.language, tokenExp: 0, roleRows: roles,
  };
}
