import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * The kinds of document a ticket can be raised from (issue 15: "raised from any document and linked
 * to it"). A ticket stores the document as type + id (+ its number), so each kind is one entry here:
 * its table, its number column, the page that opens it, and how to find the same document in the
 * other company when it is shared (ordershare, docs/architecture-orders.md). Work orders, nodes and
 * outsourced orders register theirs with `registerTicketDoc` from their own module.
 */
export type TicketDoc = {
  docType: string;
  table: string;
  noColumn: string;
  link: (id: number) => string;
  /**
   * The same document as the other company of its share holds it, or null when it is not shared.
   * Runs in the system scope (the share row belongs to the sending company); the caller's own
   * document has already been found under `clientId`.
   */
  partnerOf: (tx: Db, clientId: number, docId: number) => Promise<{ clientId: number; docType: string; docId: number; docNo: string | null } | null>;
};

const DOCS = new Map<string, TicketDoc>();

export function registerTicketDoc(doc: TicketDoc): void {
  DOCS.set(doc.docType, doc);
}

export function ticketDoc(docType: string): TicketDoc | undefined {
  return DOCS.get(docType);
}

/** The document, under the caller's company: its number, or null when it is not the company's. */
export async function ownDocument(tx: Db, doc: TicketDoc, clientId: number, docId: number): Promise<{ no: string | null } | null> {
  const r = await sql<{ no: string | null }>`select ${sql.ref(doc.noColumn)} as no from ${sql.table(doc.table)} where id = ${docId} and client_id = ${clientId}`.execute(tx);
  return r.rows[0] ?? null;
}

// The brand's requirement order: shared to the maker's customer order by an active share it sent.
registerTicketDoc({
  docType: 'prorder',
  table: 'scm_pr_order',
  noColumn: 'pr_no',
  link: (id) => `/page/document/prorder?id=${id}`,
  partnerOf: async (tx, clientId, docId) => {
    const r = await sql<{ client_id: number; doc_id: number; no: string | null }>`select s.to_client::int as client_id, s.target_id::int as doc_id, co.order_no as no
      from scm_order_share s join scm_customer_order co on co.id = s.target_id and co.client_id = s.to_client
      where s.client_id = ${clientId} and s.from_client = ${clientId} and s.source_entity = 'prorder' and s.source_id = ${docId}
        and s.target_entity = 'customerorder' and s.state = 'active' order by s.id desc limit 1`.execute(tx);
    const x = r.rows[0];
    return x ? { clientId: x.client_id, docType: 'customerorder', docId: x.doc_id, docNo: x.no } : null;
  },
});

// The maker's customer order: the copy of a brand's order, shared back to it by the same share.
registerTicketDoc({
  docType: 'customerorder',
  table: 'scm_customer_order',
  noColumn: 'order_no',
  link: (id) => `/page/document/customerorder?id=${id}`,
  partnerOf: async (tx, clientId, docId) => {
    const r = await sql<{ client_id: number; doc_id: number; no: string | null }>`select s.from_client::int as client_id, s.source_id::int as doc_id, p.pr_no as no
      from scm_order_share s join scm_pr_order p on p.id = s.source_id and p.client_id = s.from_client
      where s.to_client = ${clientId} and s.target_entity = 'customerorder' and s.target_id = ${docId}
        and s.source_entity = 'prorder' and s.state = 'active' order by s.id desc limit 1`.execute(tx);
    const x = r.rows[0];
    return x ? { clientId: x.client_id, docType: 'prorder', docId: x.doc_id, docNo: x.no } : null;
  },
});
