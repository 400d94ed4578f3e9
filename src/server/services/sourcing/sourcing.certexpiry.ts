import { sql } from 'kysely';
import { translate, type Language } from '../../../model';
import { CERT_EXPIRY_LEAD_DAYS, CERT_EXPIRY_WINDOWS, certExpiryDue, certExpiryWindow } from '../../../model/entities';
import type { Db } from '../../db/database';
import { withSystemScope, withTenant } from '../../kernel/rls';
import { deriveRecords, serviceWrite } from '../../resources/record-writer';
import { raiseNotice } from '../notify/notice.service';
import { insertTask } from '../notify/task.service';
import { asTenant, documentLink } from '../orders/cross-tenant.util';
import { companyName, clientRow, projectOwner } from './sourcing.service';

/**
 * Certificates warned ahead of their expiry (issue 35; docs/architecture-sourcing.md "Certificate
 * expiry"). A certificate of a supplier's application that reached a buyer (posted, candidate or
 * selected) entering a warning window (CERT_EXPIRY_WINDOWS: 30 days before its expiry, then 7) raises
 * a to-do task (notify-msg task store, due on the expiry date, high priority) and a bell notice:
 *
 * - in the supplier's company, for the users who opened and last changed the application (every
 *   active user when neither is active any more);
 * - in the buyer's company, through the application's active share, for the owner of the project
 *   (its applicant, else its author) whose sourcing record holds the posted copy; not once the
 *   project is cancelled.
 *
 * Once per certificate, expiry date and window: the certificate rows are locked (`for update`) and
 * marked (`expiry_warned_for`, `expiry_warned_days`) in the same transaction as the task and the
 * notice, so two app processes, or a check and a second run, warn once; a changed expiry date opens
 * its windows again. Dates are the database's `current_date`, as the "expired" flag.
 */
type Row = Record<string, unknown>;
type CertRow = {
  id: number; cert_name: string; cert_no: string | null; valid_to: string; days_left: number; expiry_warned_for: string | null; expiry_warned_days: number | null;
  app_id: number; app_no: string; project_name: string | null; project_code: string | null; created_by: number | null; updated_by: number | null;
  share_id: number | null; source_client_id: number | null;
};
/** One certificate claimed for a warning, with what the texts need. */
type Warning = CertRow & { window: number; supplier: string };

/** The narrowest window: a certificate warned in it waits for a new expiry date (the check's first filter). */
const NARROWEST = Math.min(...CERT_EXPIRY_WINDOWS);

/** Every hour: a certificate entering a window is warned within the hour without anyone reading. */
export const CERT_EXPIRY_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** The certificates of one supplier company now due a warning, claimed (marked) in `tx`. */
async function claimDue(tx: Db, clientId: number): Promise<CertRow[]> {
  const rows = (await sql<CertRow>`select c.id::int as id, c.cert_name, c.cert_no, to_char(c.valid_to, 'YYYY-MM-DD') as valid_to, (c.valid_to - current_date)::int as days_left,
      to_char(c.expiry_warned_for, 'YYYY-MM-DD') as expiry_warned_for, c.expiry_warned_days::int as expiry_warned_days,
      a.id::int as app_id, a.app_no, a.project_name, a.project_code, a.created_by::int as created_by, a.updated_by::int as updated_by, a.share_id::int as share_id, a.source_client_id::int as source_client_id
    from srm_src_application_cert c join srm_src_application a on a.id = c.application_id and a.client_id = c.client_id
    where c.client_id = ${clientId} and a.status in ('posted', 'candidate', 'selected')
      and c.valid_to >= current_date and c.valid_to <= current_date + ${CERT_EXPIRY_LEAD_DAYS}::int
    order by c.valid_to, c.id
    for update of c`.execute(tx)).rows;
  const due = rows.filter((r) => certExpiryDue(certExpiryWindow(Number(r.days_left)), r.valid_to, r.expiry_warned_for, r.expiry_warned_days));
  const w = serviceWrite(tx, { clientId });
  for (const r of due) await deriveRecords(w, 'srcapplication_cert', [r.id], { expiry_warned_for: r.valid_to, expiry_warned_days: certExpiryWindow(Number(r.days_left)) });
  return due;
}

/** Active users of `clientId` among `ids`; every active user of the company when none is left. */
async function recipients(tx: Db, clientId: number, ids: Array<number | null | undefined>): Promise<number[]> {
  const given = [...new Set(ids.map(Number).filter((u) => Number.isSafeInteger(u) && u > 0))];
  const found = given.length
    ? (await sql<{ id: number }>`select id from users where client_id = ${clientId} and status = 'active' and id = any(${given}::int[])`.execute(tx)).rows.map((r) => Number(r.id))
    : [];
  if (found.length) return found;
  return (await sql<{ id: number }>`select id from users where client_id = ${clientId} and status = 'active' order by id`.execute(tx)).rows.map((r) => Number(r.id));
}

/** A task in each recipient's language and one notice (translated per recipient), in `clientId`'s scope. */
async function warn(tx: Db, clientId: number, users: number[], w: Warning, link: string): Promise<void> {
  if (!users.length) return;
  const params = { supplier: w.supplier, cert: w.cert_name, no: w.cert_no ?? '-', date: w.valid_to, days: w.days_left, app: w.app_no, project: `${w.project_code ?? ''} ${w.project_name ?? ''}`.trim() };
  const langs = await sql<{ id: number; language: string | null }>`select id, language from users where client_id = ${clientId} and id = any(${users}::int[])`.execute(tx);
  for (const u of langs.rows) {
    const lang: Language = u.language === 'en' ? 'en' : 'zh-CN';
    await insertTask(tx, { clientId, userId: Number(u.id) }, {
      subject: translate(lang, 'src.cert.todo.subject', params).slice(0, 200), due_date: w.valid_to, priority: 'high', remark: translate(lang, 'src.cert.todo.remark', params).slice(0, 1000),
    });
  }
  await raiseNotice(tx, { clientId, userIds: users, kind: 'sourcing.certExpiring', title: '', doc_no: w.app_no, link, i18n: { title: 'src.cert.notice.title', body: 'src.cert.notice.body', params } });
}

/** The buyer's side of one warning: the project owner of the record the share links, unless the project is cancelled. */
async function warnBuyer(tx: Db, supplierId: number, w: Warning): Promise<boolean> {
  const buyerId = Number(w.source_client_id);
  if (!buyerId || !w.share_id) return false;
  return asTenant(tx, buyerId, supplierId, async (btx) => {
    const found = (await sql<Row>`select r.id as record_id, p.applicant_id, p.created_by, p.status from scm_order_share s
      join srm_src_record r on r.client_id = s.client_id and r.share_id = s.id
      join srm_src_project p on p.client_id = r.client_id and p.id = r.project_id
      where s.id = ${w.share_id} and s.client_id = ${buyerId} and s.to_client = ${supplierId} and s.target_entity = 'srcapplication' and s.target_id = ${w.app_id} and s.state = 'active'`.execute(btx)).rows[0];
    if (!found || found.status === 'cancelled') return false;
    const users = await recipients(btx, buyerId, [projectOwner(found)]);
    await warn(btx, buyerId, users, w, documentLink('srcrecord', Number(found.record_id)));
    return true;
  });
}

/** Warns the certificates of one supplier company now due; in its tenant transaction. */
export async function warnExpiringCertificates(tx: Db, clientId: number): Promise<{ certificates: number; buyers: number }> {
  const due = await claimDue(tx, clientId);
  if (!due.length) return { certificates: 0, buyers: 0 };
  const supplier = companyName(await clientRow(tx, clientId));
  let buyers = 0;
  for (const r of due) {
    const w: Warning = { ...r, window: certExpiryWindow(Number(r.days_left))!, supplier };
    await warn(tx, clientId, await recipients(tx, clientId, [r.created_by, r.updated_by]), w, documentLink('srcapplication', r.app_id));
    if (await warnBuyer(tx, clientId, w)) buyers++;
  }
  return { certificates: due.length, buyers };
}

/** The periodic check: every company holding a certificate in a window not yet warned, each in its own scope. */
export async function checkCertificateExpiry(db: Db): Promise<{ companies: number; certificates: number; buyers: number }> {
  const companies = await withSystemScope(db, async (tx) =>
    (await sql<{ client_id: number }>`select distinct c.client_id from srm_src_application_cert c
      where c.valid_to >= current_date and c.valid_to <= current_date + ${CERT_EXPIRY_LEAD_DAYS}::int
        and (c.expiry_warned_for is distinct from c.valid_to or c.expiry_warned_days is null or c.expiry_warned_days > ${NARROWEST}::int)`.execute(tx)).rows.map((r) => Number(r.client_id)));
  let certificates = 0;
  let buyers = 0;
  for (const c of companies) {
    const r = await withTenant(db, c, (tx) => warnExpiringCertificates(tx, c));
    certificates += r.certificates;
    buyers += r.buyers;
  }
  return { companies: companies.length, certificates, buyers };
}
