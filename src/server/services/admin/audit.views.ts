import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { auditEntry } from '../../../model/entities/admin-audit.entity';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf, pagingOf, text } from '../../access/input.util';
import { assertCan } from '../../access/permissions';
import { ok, requestLanguage } from '../../http/envelope';
import { validationError } from '../../http/errors';
import { registerViewScope, viewPage } from '../../resources/view-reader';
import { presentAudit, type AuditRowIn } from './audit-present';
import { idOf } from './input.util';

/**
 * The audit journal is the view entity `audit` (issue 5, on the engine with issue 30): a company
 * administrator reads their company's rows in its tenant transaction; the super administrator every
 * company's, in the system scope of row-level security. The columns in words are computed as the
 * stored codes (so a filter on them reads the codes) and replaced by their labels after the read.
 */
registerViewScope(
  auditEntry.name,
  async (auth, db) => {
    const own = await assertCan(auth, auditEntry.menuCode, 'read', { db });
    return auth.isSuper ? { where: sql`true`, tenant: 'system' } : { where: sql`t.client_id = ${own}`, tenant: own };
  },
  {
    computed: {
      entity_label: sql`t.entity`,
      record_title: sql`t.record_id::text`,
      action_label: sql`t.action`,
      changes_text: sql`t.changes::text`,
      company: sql`(select c.name from clients c where c.id = t.client_id)`,
      company_id: sql`t.client_id`,
    },
    present: (rows, { db, language }) => presentAudit(db, rows as AuditRowIn[], language),
  },
);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day after a 'YYYY-MM-DD' day, in the same form. Pure. */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * GET /adminapi/audit (`entity`, `username` contains, `record_id`, `from` and `to` days inclusive,
 * the super administrator's `client_id`, paging): the engine's list of the journal in the reply it
 * always had, `{ rows, total }`, on the caller's own company unless the super administrator names another.
 */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  app.get('/adminapi/audit', { preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const own = await assertCan(auth, auditEntry.menuCode, 'read', { db: app.db });
    const input = inputOf(req);
    const { page, size } = pagingOf(input);
    const asked = idOf(input, 'client_id');
    const entity = text(input, 'entity', { max: 60 });
    const username = text(input, 'username', { max: 100 });
    const recordId = idOf(input, 'record_id');
    const from = text(input, 'from', { max: 10 });
    const to = text(input, 'to', { max: 10 });
    if ((from && !DAY.test(from)) || (to && !DAY.test(to))) throw validationError({ [from && !DAY.test(from) ? 'from' : 'to']: { key: 'rule.date' } });
    const query: Record<string, unknown> = { page: String(page), size: String(size), 'f.company_id.eq': String(auth.isSuper && asked ? asked : own) };
    if (entity) query['f.entity.eq'] = entity;
    if (username) query['f.username.like'] = username;
    if (recordId) query['f.record_id.eq'] = String(recordId);
    if (from) query['f.at.gte'] = `${from} 00:00:00`;
    if (to) query['f.at.lt'] = `${nextDay(to)} 00:00:00`;
    const { rows, total } = await viewPage({ db: app.db, auth, ip: req.ip ?? null, language: requestLanguage(req) }, auditEntry, query);
    return ok({ rows, total });
  });
}
