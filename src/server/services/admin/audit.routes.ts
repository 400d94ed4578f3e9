import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf, pagingOf, text } from '../../access/input.util';
import { ok, requestLanguage } from '../../http/envelope';
import { presentAudit, type AuditRowIn } from './audit-present';
import { validationError } from '../../http/errors';
import { assertCan } from '../../access/permissions';
import { withSystemScope, withTenant } from '../../kernel/rls';
import { idOf } from './input.util';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The audit view for administrators (issue 5): who changed what, when and from where, over
 * audit_log. A client administrator sees their own company; the super administrator may look at
 * any company (`client_id`), read in the system scope of row-level security.
 */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  app.get('/adminapi/audit', { preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const own = await assertCan(auth, 'admin.audit', 'read', { db });
    const input = inputOf(req);
    const { page, size } = pagingOf(input);
    const asked = idOf(input, 'client_id');
    const clientId = auth.isSuper && asked ? asked : own;
    const entity = text(input, 'entity', { max: 60 });
    const username = text(input, 'username', { max: 100 });
    const recordId = idOf(input, 'record_id');
    const from = text(input, 'from', { max: 10 });
    const to = text(input, 'to', { max: 10 });
    if ((from && !DAY.test(from)) || (to && !DAY.test(to))) throw validationError({ [from && !DAY.test(from) ? 'from' : 'to']: { key: 'rule.date' } });
    const where = sql.join(
      [
        sql`a.client_id = ${clientId}`,
        ...(entity ? [sql`a.entity = ${entity}`] : []),
        ...(username ? [sql`a.username ilike ${`%${username}%`}`] : []),
        ...(recordId ? [sql`a.record_id = ${recordId}`] : []),
        ...(from ? [sql`a.at >= ${from}::date`] : []),
        ...(to ? [sql`a.at < ${to}::date + 1`] : []),
      ],
      sql` and `,
    );
    const read = async (tx: typeof db) => {
      const total = (await sql<{ n: number }>`select count(*)::int as n from audit_log a where ${where}`.execute(tx)).rows[0].n;
      const rows = (await sql`select a.id, a.entity, a.record_id, a.action, a.user_id, a.username, a.ip, a.at, a.changes from audit_log a
        where ${where} order by a.at desc, a.id desc limit ${size} offset ${(page - 1) * size}`.execute(tx)).rows as AuditRowIn[];
      return { rows: await presentAudit(tx, clientId, rows, requestLanguage(req)), total };
    };
    return ok(clientId === own ? await withTenant(db, own, read) : await withSystemScope(db, read));
  });
}
