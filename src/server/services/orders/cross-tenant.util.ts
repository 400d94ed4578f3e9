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
