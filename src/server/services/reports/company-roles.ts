import { sql } from 'kysely';
import type { Language } from '../../../model';
import type { AlertRole } from '../../../model/calls/alerts';
import type { Db } from '../../db/database';

/** The roles of a company a recipient list or a tile's sharing may name (the platform's and its own), by code. */
export async function rolesOf(db: Db, clientId: number, language: Language): Promise<AlertRole[]> {
  const rows = (await sql<{ code: string; name_zh: string; name_en: string }>`select code, name_zh, name_en from roles
    where (client_id is null or client_id = ${clientId}) and code not in ('superadmin', 'unassigned') order by client_id nulls first, id`.execute(db)).rows;
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.code) && seen.add(r.code)).map((r) => ({ code: r.code, name: (language === 'en' ? r.name_en : r.name_zh) || r.code }));
}
