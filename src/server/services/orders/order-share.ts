import { sql } from 'kysely';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import type { ActionContext } from '../../resources/action-handlers';
import { deriveRecords, insertRecords, serviceWrite, updateRecords, type WriteValues } from '../../resources/record-writer';
import { asTenant, sharedDocumentChanged } from './cross-tenant.util';

/**
 * The one state machine of a document sent to another company (issue 30: requirement orders to
 * makers, purchase orders to suppliers, outsourced orders to vendors were three copies of it).
 *
 *   sender: send -> `openShare` (the share row in the sender's company names the partner's copy)
 *   partner: answers -> `moveSource` (the sender's document moves through the active share the copy names)
 *   sender: cancels / receives -> `moveCopies` (each partner copy behind the sender's active shares)
 *
 * Every write goes through the record writer in the company it belongs to (`asTenant` names the
 * share's other side for a moment; no tenant filter is loosened).
 */
type Row = Record<string, unknown>;

export type ShareKind = {
  /** The sender's entity and its number field. */
  source: string;
  sourceNo: string;
  /** The partner's copy and its number field. */
  target: string;
  targetNo: string;
  missing: 'scm.order.shareMissing' | 'pur.order.shareMissing' | 'os.order.shareMissing' | 'fin.shareMissing';
};

export const ORDER_SHARE: ShareKind = { source: 'prorder', sourceNo: 'pr_no', target: 'customerorder', targetNo: 'order_no', missing: 'scm.order.shareMissing' };
export const PURCHASE_SHARE: ShareKind = { source: 'purorder', sourceNo: 'po_no', target: 'supplierorder', targetNo: 'so_no', missing: 'pur.order.shareMissing' };
export const STATEMENT_SHARE: ShareKind = { source: 'finstatement', sourceNo: 'stmt_no', target: 'finstatement', targetNo: 'stmt_no', missing: 'fin.shareMissing' };
export const OUTSOURCE_SHARE: ShareKind = { source: 'outsourceorder', sourceNo: 'os_no', target: 'outsourcetask', targetNo: 'task_no', missing: 'os.order.shareMissing' };

const tableOf = (entity: string) => {
  const t = { prorder: 'scm_pr_order', customerorder: 'scm_customer_order', purorder: 'pur_order', supplierorder: 'pur_supplier_order', outsourceorder: 'scm_outsource_order', outsourcetask: 'scm_outsource_task', finstatement: 'fin_statement' }[entity];
  if (!t) throw new Error(`order share: no table for ${entity}`);
  return sql.table(t);
};

/** The platform company a vendor record stands for, if that vendor has joined (an active company). */
export async function joinedClientOf(tx: Db, clientId: number, vendorId: number): Promise<{ id: number; name: string; type: string } | null> {
  const code = (await sql<{ code: string | null }>`select platform_client_code as code from md_vendor where id = ${vendorId} and client_id = ${clientId}`.execute(tx)).rows[0]?.code;
  if (!code) return null;
  return (await sql<{ id: number; name: string; type: string }>`select id, name, type from clients where upper(code) = upper(${code}) and status = 'active' and id <> ${clientId}`.execute(tx)).rows[0] ?? null;
}

/**
 * The links of a copy just made in the partner's company (where it came from, which sender line each
 * of its lines answers, counters starting at zero). Part of the copy's creation, set by SQL once,
 * so derived (no version, no audit of its own: the copy's `create` is its history).
 */
export async function linkCopy(stx: Db, partnerId: number, userId: number, copy: { entity: string; id: number; set: WriteValues }, lines?: { entity: string; fk: string; sourceIds: number[]; set: WriteValues }): Promise<void> {
  const w = serviceWrite(stx, { clientId: partnerId, userId });
  await deriveRecords(w, copy.entity, [copy.id], copy.set);
  if (!lines || !lines.sourceIds.length) return;
  const pairs = sql.join(lines.sourceIds.map((src, i) => sql`(${i + 1}::int, ${src}::int)`));
  await deriveRecords(w, lines.entity, { where: sql`${sql.ref(`t.${lines.fk}`)} = ${copy.id} and t.seq = n.seq`, from: sql`(values ${pairs}) as n(seq, src)` }, { ...lines.set, source_line_id: sql`n.src` });
}

/** Sender: the share naming the partner's copy (in the sender's company), then the copy names it (with `copySet`, more links of the copy). */
export async function openShare(tx: Db, kind: ShareKind, s: { clientId: number; userId: number; partnerId: number; sourceId: number; sourceNo: string; copyId: number }, copySet: WriteValues = {}): Promise<number> {
  const w = serviceWrite(tx, { clientId: s.clientId, userId: s.userId });
  const [share] = await insertRecords(w, 'ordershare', [{
    from_client: s.clientId, to_client: s.partnerId, source_entity: kind.source, source_id: s.sourceId, source_no: s.sourceNo, target_entity: kind.target, target_id: s.copyId, state: 'active',
  }]);
  const shareId = Number(share.id);
  await asTenant(tx, s.partnerId, s.clientId, (stx) => deriveRecords(serviceWrite(stx, { clientId: s.partnerId, userId: s.userId }), kind.target, [s.copyId], { share_id: shareId, ...copySet }));
  return shareId;
}

/** A share closed by the company it belongs to (a rejection, a finish, a cancel). */
export async function closeShare(tx: Db, clientId: number, userId: number, shareId: number): Promise<void> {
  await updateRecords(serviceWrite(tx, { clientId, userId }), 'ordershare', [shareId], { state: 'closed' }, { audit: 'close', hooks: false });
}

export type SourceWork<T> = (stx: Db, senderId: number, source: Row, share: Row) => Promise<T>;

/** Partner: the sender's document behind the copy `ctx.row`, through the active share it names, locked; `work` runs in the sender's scope. */
export async function onSource<T>(ctx: ActionContext, kind: ShareKind, work: SourceWork<T>): Promise<T> {
  const { tx, clientId, row } = ctx;
  const senderId = Number(row.source_client_id);
  const shareId = Number(row.share_id);
  if (!senderId || !shareId) throw new AppError(kind.missing);
  return asTenant(tx, senderId, clientId, async (stx) => {
    const s = (await sql<Row>`select * from scm_order_share where id = ${shareId} and client_id = ${senderId} and from_client = ${senderId} and to_client = ${clientId}
      and source_entity = ${kind.source} and target_entity = ${kind.target} and target_id = ${row.id as number} and state = 'active'`.execute(stx)).rows[0];
    if (!s) throw new AppError(kind.missing);
    const source = (await sql<Row>`select * from ${tableOf(kind.source)} where id = ${s.source_id as number} and client_id = ${senderId} for update`.execute(stx)).rows[0];
    if (!source) throw new AppError(kind.missing);
    return work(stx, senderId, source, s);
  });
}

export type SourceMove = {
  /** What the answer sets on the sender's document (its state among them, when it moves). */
  set: WriteValues;
  /** The audit's action name on the sender's side (`supplier-confirmed`, `maker-in_progress`, ...). */
  audit: string;
  reason?: string | null;
  closeShare?: boolean;
  /** More the answer writes in the sender's company (its lines), before the document moves. */
  before?: SourceWork<void>;
};

/**
 * Partner answers: moves the sender's document through the share (stamped, versioned, audited under
 * `audit`), closes the share when asked, tells the sender's users who sent and created it, then the
 * partner's own lists follow its copy.
 */
export async function moveSource(ctx: ActionContext, kind: ShareKind, m: SourceMove): Promise<void> {
  const by = { userId: ctx.auth.userId, clientId: ctx.clientId };
  await onSource(ctx, kind, async (stx, senderId, source, share) => {
    if (m.before) await m.before(stx, senderId, source, share);
    const w = serviceWrite(stx, { clientId: senderId, userId: ctx.auth.userId, username: ctx.auth.username, ip: ctx.ip });
    await updateRecords(w, kind.source, [Number(source.id)], m.set, { audit: m.audit, hooks: false });
    if (m.closeShare) await closeShare(stx, senderId, ctx.auth.userId, Number(share.id));
    const status = typeof m.set.status === 'string' ? m.set.status : String(source.status);
    await sharedDocumentChanged(stx, {
      entity: kind.source, clientId: senderId, id: Number(source.id), status, from: String(source.status), no: source[kind.sourceNo] as string,
      by, tell: [Number(share.created_by), Number(source.created_by)], reason: m.reason || null,
    });
  });
  await copyChanged(ctx, kind);
}

/** The partner's own copy moved by its action: its lists and drawers read it again. */
export async function copyChanged(ctx: ActionContext, kind: ShareKind): Promise<void> {
  const { row } = ctx;
  await sharedDocumentChanged(ctx.tx, {
    entity: kind.target, clientId: ctx.clientId, id: Number(row.id), status: ctx.transition?.to ?? String(row.status), from: String(row.status),
    no: (row[kind.targetNo] as string | null) ?? null, by: { userId: ctx.auth.userId, clientId: ctx.clientId },
  });
}

export type CopiesMove = {
  status: string;
  audit: string;
  /** Only a copy in one of these states moves (others keep theirs and only hear of it). */
  onlyFrom?: string[];
  closeShare?: boolean;
  /** The copy's responsible users hear of it (who last acted on it and who it was made by); otherwise all of the partner. */
  tellActors?: boolean;
  /** More to do in the partner's company once the copy moved (`moved`: whether it did). */
  after?: (stx: Db, partnerId: number, copyId: number, moved: boolean) => Promise<void>;
};

/** Sender: each partner copy of `ctx.row` behind the sender's active shares moves, and the partner hears of it. */
export async function moveCopies(ctx: Pick<ActionContext, 'tx' | 'clientId' | 'row' | 'ip'> & { auth: AuthContext }, kind: ShareKind, m: CopiesMove): Promise<void> {
  const { tx, clientId } = ctx;
  const shares = (await sql<Row>`select * from scm_order_share where client_id = ${clientId} and source_entity = ${kind.source} and source_id = ${ctx.row.id as number} and state = 'active'`.execute(tx)).rows;
  for (const s of shares) {
    const partnerId = Number(s.to_client);
    const copyId = Number(s.target_id);
    await asTenant(tx, partnerId, clientId, async (stx) => {
      const copy = (await sql<Row>`select * from ${tableOf(kind.target)} where id = ${copyId} and client_id = ${partnerId} for update`.execute(stx)).rows[0];
      const w = serviceWrite(stx, { clientId: partnerId, userId: ctx.auth.userId, username: ctx.auth.username, ip: ctx.ip });
      const target = m.onlyFrom ? { where: sql`t.id = ${copyId} and t.status in (${sql.join(m.onlyFrom.map((x) => sql`${x}`))})` } : [copyId];
      const moved = (await updateRecords(w, kind.target, target, { status: m.status }, { audit: m.audit, hooks: false })).length > 0;
      if (m.after) await m.after(stx, partnerId, copyId, moved);
      await sharedDocumentChanged(stx, {
        entity: kind.target, clientId: partnerId, id: copyId, status: moved ? m.status : String(copy?.status ?? m.status), from: (copy?.status as string | null) ?? null,
        no: (copy?.[kind.targetNo] as string | null) ?? null, by: { userId: ctx.auth.userId, clientId }, ...(m.tellActors ? { tell: [copy?.updated_by as number, copy?.created_by as number] } : {}),
      });
    });
    if (m.closeShare) await closeShare(tx, clientId, ctx.auth.userId, Number(s.id));
  }
}
