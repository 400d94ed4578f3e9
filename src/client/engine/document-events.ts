/**
 * A document's state changed (issue 29): the server tells every signed-in browser of the document's
 * company `{ type: 'orderstate', entity, id, status, from, no }` once the change has committed, for
 * its own actions and for those another company takes through a share
 * (src/server/services/orders/cross-tenant.util.ts `sharedDocumentChanged`). The generic list reads
 * the affected rows again on it (use-list-controller.ts).
 */
export type DocumentStateEvent = { entity: string; id: number; status: string; from: string | null; no: string | null };

/** The event inside a socket message, or null for any other message. */
export function documentStateOf(message: unknown): DocumentStateEvent | null {
  if (!message || typeof message !== 'object') return null;
  const m = message as Record<string, unknown>;
  if (m.type !== 'orderstate' || typeof m.entity !== 'string' || !m.entity || typeof m.status !== 'string') return null;
  const id = Number(m.id);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return { entity: m.entity, id, status: m.status, from: typeof m.from === 'string' ? m.from : null, no: typeof m.no === 'string' ? m.no : null };
}
