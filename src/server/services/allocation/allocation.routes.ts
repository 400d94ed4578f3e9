import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { requireAuth, authOf } from '../../access/auth-context';
import { serveCall } from '../../http/calls';
import { allocationCalls } from '../../../model/calls/allocation';
import { notFound } from '../../http/errors';
import { assertCan, dataScope } from '../../resources/permissions';
import { parseId } from '../../resources/resource.service';
import { withTenant } from '../../kernel/rls';
import { loadWorkbench } from './allocation.service';

/**
 * GET /api/scmapi/allocationversion/workbench?id= : one version's demand lines, vendors, capacity
 * groups, capacity per vendor x group x month and cells, for the allocation workbench. A read, so it
 * is a route of its own rather than an action (actions write audit rows).
 */
export async function allocationRoutes(app: FastifyInstance): Promise<void> {
  serveCall(app, allocationCalls.workbench, { preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, 'scm.allocation', 'read', { db: app.db });
    const scope = await dataScope(auth, 'scm.allocation', { db: app.db });
    const id = parseId((req.query as Record<string, unknown>).id);
    if (id === null) throw notFound();
    return withTenant(app.db, clientId, async (tx) => {
      const conds = [sql`t.id = ${id}`, sql`t.client_id = ${clientId}`, ...scope];
      const v = (await sql<Record<string, unknown>>`select t.* from scm_alloc_version t where ${sql.join(conds, sql` and `)}`.execute(tx)).rows[0];
      if (!v) throw notFound();
      return loadWorkbench(tx, clientId, v);
    });
  });
}
