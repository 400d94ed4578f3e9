import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * The audit log of every change (ARCHITECTURE "The API": every write is audited): who, when, from
 * which address, and per field the old and the new value. Child rows of a master-detail document
 * are recorded on the parent as `price_history[#12].price`, so the history panel of a record shows
 * its lines too.
 */
export type AuditChange = { field: string; old: unknown; new: unknown };
export type AuditAction = 'create' | 'update' | 'remove' | string;
export type AuditActor = { clientId: number; userId: number; username: string; ip: string | null };

/** Same value for the log: numbers and numeric text compare as numbers, objects by their JSON. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  if (a === null || a === undefined || b === null || b === undefined) return false;
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return String(a) === String(b);
}

/** The fields whose value differs between `before` and `after`, in the order of `keys`. Pure. */
export function diffRecords(keys: readonly string[], before: Record<string, unknown> | null, after: Record<string, unknown> | null, prefix = ''): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const k of keys) {
    const o = before ? (before[k] ?? null) : null;
    const n = after ? (after[k] ?? null) : null;
    if (!same(o, n)) changes.push({ field: prefix + k, old: o, new: n });
  }
  return changes;
}

/** Writes one audit row; call it inside the transaction that made the change so both commit together. */
export async function writeAudit(tx: Db, actor: AuditActor, entity: string, recordId: number, action: AuditAction, changes: AuditChange[]): Promise<void> {
  await sql`insert into audit_log (client_id, entity, record_id, action, user_id, username, ip, changes)
    values (${actor.clientId}, ${entity}, ${recordId}, ${action}, ${actor.userId}, ${actor.username}, ${actor.ip}, ${JSON.stringify(changes)}::jsonb)`.execute(tx);
}

export type AuditRow = { id: number; action: string; user_id: number | null; username: string | null; ip: string | null; at: string; changes: AuditChange[] };

/** The history of one record within a tenant, newest first. */
export async function readAudit(db: Db, clientId: number, entity: string, recordId: number): Promise<AuditRow[]> {
  const r = await sql<AuditRow>`select id, action, user_id, username, ip, at, changes from audit_log
    where client_id = ${clientId} and entity = ${entity} and record_id = ${recordId} order by at desc, id desc`.execute(db);
  return r.rows.map((row) => ({ ...row, changes: typeof row.changes === 'string' ? (JSON.parse(row.changes) as AuditChange[]) : row.changes }));
}
