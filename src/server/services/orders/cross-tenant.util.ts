import { sql } from 'kysely';
import { realtime } from '../../realtime';
import type { Db } from '../../db/database';
import { withTenant } from '../rls';

/**
 * Runs `work` inside the current transaction as another tenant, then returns the transaction to the
 * caller's tenant. Only for work an explicit share record allows (ARCHITECTURE "The API": cross-tenant
 * collaboration goes through share records, never by loosening the tenant filter): row-level security
 * and the SQL tenant filter stay on, they just name the share's other side for a moment.
 */
export async function asTenant<T>(tx: Db, clientId: number, returnTo: number, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await withTenant(tx, clientId, work);
  } finally {
    await withTenant(tx, returnTo, async () => undefined);
  }
}

/**
 * Whether the receiving company accepted documents from the sending one (issue 20: any company could
 * create orders inside any active company whose code it knew, the platform's own included). The
 * receiver must have confirmed the sender in its own master data: an active customer record whose
 * platform company code is the sender's. The platform company never receives. Read under the
 * receiver's tenant scope, so the receiver's row-level security decides what counts.
 */
export async function receiverAccepts(tx: Db, sender: { id: number; code: string }, receiver: { id: number; type: string }): Promise<boolean> {
  if (receiver.type === 'platform' || !sender.code) return false;
  return asTenant(tx, receiver.id, sender.id, async (rtx) => {
    const r = await sql<{ id: number }>`select id from md_customer
      where client_id = ${receiver.id} and status = 'active' and upper(platform_client_code) = upper(${sender.code}) limit 1`.execute(rtx);
    return r.rows.length > 0;
  });
}

/**
 * Tells every signed-in browser of the given companies that an order changed, in each company's own
 * room (spec 7 notification socket). Sent after the current event-loop turn so that, on PGlite's single
 * connection, a browser that refetches on the event reads the committed rows.
 */
export function emitOrderState(clientIds: number[], payload: { entity: string; id: number; status: string; no?: string | null }): void {
  const rt = realtime();
  if (!rt) return;
  setImmediate(() => {
    for (const id of new Set(clientIds)) rt.io.to(`client:${id}`).emit('message', { type: 'orderstate', ...payload, time: new Date().toISOString() });
  });
}
