import { useEffect, useRef } from 'react';
import { io } from 'socket.io-client';
import { access } from '../../session/access-state';
import { readStoredSession } from '../../kernel/storage';

/**
 * An order's state changed in this company (issue 6: both sides see the order's state change live).
 * The server sends it in the company's room as `{ type: 'orderstate', entity, id, status, no }`
 * (src/server/services/orders/cross-tenant.util.ts).
 */
export type OrderStateEvent = { entity: string; id: number; status: string; no: string | null };

/** The event inside a socket message, or null for any other message. */
export function orderStateOf(message: unknown): OrderStateEvent | null {
  if (!message || typeof message !== 'object') return null;
  const m = message as Record<string, unknown>;
  if (m.type !== 'orderstate' || typeof m.entity !== 'string' || typeof m.status !== 'string') return null;
  const id = Number(m.id);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return { entity: m.entity, id, status: m.status, no: typeof m.no === 'string' ? m.no : null };
}

/**
 * Calls `onEvent` for every order state change of `entity` while the page is open. The shell's
 * notification socket does not hand its messages out, so the page opens its own connection with the
 * same token and joins the company's room the same way (spec 7 `{type:'connect', userid, roomid}`).
 */
export function useOrderStateEvents(entity: string, onEvent: (e: OrderStateEvent) => void): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    const { token } = readStoredSession();
    if (!token) return;
    const s = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'], reconnectionDelayMax: 30000 });
    s.on('connect', () => s.emit('message', { type: 'connect', userid: access.id, roomid: access.clientId }));
    s.on('message', (m: unknown) => {
      const e = orderStateOf(m);
      if (e && e.entity === entity) handler.current(e);
    });
    return () => {
      s.removeAllListeners();
      s.disconnect();
    };
  }, [entity]);
}
