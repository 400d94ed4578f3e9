import { sql } from 'kysely';
import { allPages, pageRoute, requireEntity, sharedStateNoticeKind } from '../../../model';
import { afterCommit } from '../../db/after-commit';
import { realtime } from '../../realtime';
import type { Db } from '../../db/database';
import { raiseNotice } from '../notify/notice.service';
import { withTenant } from '../../kernel/rls';

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

/** A document's state change as the socket carries it (`orderstate`: the name the order pages first used). */
export type DocumentStatePayload = { entity: string; id: number; status: string; from?: string | null; no?: string | null };

/**
 * Tells every signed-in browser of the given companies that a document's state changed, in each
 * company's own room (spec 7 notification socket). With the action's transaction `tx`, the message
 * leaves once that transaction has committed (db/after-commit.ts), so a browser that reads the
 * document again on it sees the change, and a change rolled back is never announced; without one,
 * after the current turn. Prefer `sharedDocumentChanged` for a document another company shares.
 */
export function emitOrderState(clientIds: number[], payload: DocumentStatePayload, tx?: Db): void {
  const send = () => {
    const rt = realtime();
    if (!rt) return;
    for (const id of new Set(clientIds)) rt.io.to(`client:${id}`).emit('message', { type: 'orderstate', ...payload, time: new Date().toISOString() });
  };
  if (tx) afterCommit(tx, send);
  else setImmediate(send);
}

/** Where a document opens in the browser: its list with the drawer open (`?open=`), else its read-only view. */
export function documentLink(entity: string, id: number): string {
  const page = allPages().find((p) => p.entity === entity);
  return page ? `${pageRoute(page)}?open=${id}` : `/page/view/${entity}?id=${id}`;
}

export type SharedDocumentChange = DocumentStatePayload & {
  /** The company the changed document belongs to (its room hears of the change). */
  clientId: number;
  /** Who changed it: the acting user and their company (the other company, for a change made through a share). */
  by?: { userId: number; clientId: number };
  /**
   * The document's responsible users in its own company (who sent it, who created it, who last acted
   * on it): they get the notice, where one is declared. Ids of another company are ignored; when none
   * is left (a copy nobody of its company has acted on yet), every active user of the company is told,
   * as everyone there was told when the copy arrived.
   */
  tell?: Array<number | string | null | undefined>;
  /** A reason the change carries (a rejection's), quoted in the notice. */
  reason?: string | null;
};

/**
 * The one helper every action that changes a document another company shares calls (issue 29), in
 * the action's transaction (in the scope of the document's company), once per changed document (the
 * other company's and its own copy):
 *
 * - after the transaction commits, an `orderstate` message `{ entity, id, status, from, no }` to the
 *   document's company, on which its open lists and drawers read the document again
 *   (src/client/engine/use-live-rows.ts);
 * - when the change was made by another company, moved the document to another state, and
 *   `SHARED_STATE_NOTICES` (src/model/notice-events.ts) declares a notice kind for the entity's new
 *   state, a notice (in the same transaction) to the document's responsible users, named by its
 *   number, saying who (user and company) changed it from which state to which (the states' labels
 *   in each recipient's language), with a link that opens it on the recipient's side.
 */
export async function sharedDocumentChanged(tx: Db, change: SharedDocumentChange): Promise<void> {
  const { clientId, by, tell, reason, ...payload } = change;
  emitOrderState([clientId], payload, tx);
  // A change that leaves the state as it was (progress reported, a quotation posted) refreshes lists only.
  if (payload.from === payload.status) return;
  const kind = by && by.clientId !== clientId ? sharedStateNoticeKind(payload.entity, payload.status) : null;
  if (!kind || !by) return;
  const given = [...new Set((tell ?? []).map(Number).filter((u) => Number.isSafeInteger(u) && u > 0))];
  const users = given.length
    ? (await sql<{ id: number }>`select id from users where client_id = ${clientId} and status = 'active' and id = any(${given}::int[])`.execute(tx)).rows.map((r) => Number(r.id))
    : [];
  const entity = requireEntity(payload.entity);
  const stateLabel = (code: string | null | undefined) => entity.states?.states.find((x) => x.code === code)?.label ?? { zh: code ?? '-', en: code ?? '-' };
  const who = (await sql<{ fullname: string | null; username: string; company: string }>`select u.fullname, u.username, c.name as company
    from users u join clients c on c.id = u.client_id where u.id = ${by.userId} and c.id = ${by.clientId}`.execute(tx)).rows[0];
  const no = payload.no ?? String(payload.id);
  await raiseNotice(tx, {
    clientId, ...(users.length ? { userIds: users } : { everyone: true }), kind, title: '', doc_no: no, link: documentLink(entity.name, payload.id),
    i18n: {
      title: 'notify.sharedState.title',
      body: reason ? 'notify.sharedState.bodyReason' : payload.from ? 'notify.sharedState.body' : 'notify.sharedState.bodyNew',
      params: { doc: entity.label, no, user: who?.fullname || who?.username || '', company: who?.company ?? '', from: stateLabel(payload.from), to: stateLabel(payload.status), reason: reason ?? '' },
    },
  });
}
