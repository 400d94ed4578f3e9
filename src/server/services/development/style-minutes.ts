import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * The standard minutes per piece of an approved style of the company, from its routing (the in-house
 * steps' SMV, `dev_style.total_smv`), or null when the company has no approved style of that code
 * with a routing. Production plans take these minutes, before the category's rough figure, when
 * they are written without their own (services/planning, docs/architecture-development.md).
 */
export async function approvedStyleMinutes(tx: Db, clientId: number, styleNo: unknown): Promise<number | null> {
  if (typeof styleNo !== 'string' || !styleNo.trim()) return null;
  const r = await sql<{ smv: number | null }>`select total_smv as smv from dev_style
    where client_id = ${clientId} and upper(code) = upper(${styleNo.trim()}) and status = 'approved' limit 1`.execute(tx);
  const smv = Number(r.rows[0]?.smv ?? 0);
  return smv > 0 ? smv : null;
}
