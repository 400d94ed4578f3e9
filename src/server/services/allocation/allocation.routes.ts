import type { FastifyInstance } from 'fastify';
import { allocationCalls } from '../../../model/calls/allocation';
import { allocationVersion } from '../../../model/entities';
import { notFound } from '../../http/errors';
import { loadRows } from '../../resources/document-read';
import { serveMenuCall } from '../../resources/menu-call';
import { loadWorkbench } from './allocation.service';

/**
 * GET /api/scmapi/allocationversion/workbench?id= : one version's demand lines, vendors, capacity
 * groups, capacity per vendor x group x month and cells, for the allocation workbench. A read, so it
 * is a call of its own rather than an action (actions write audit rows); the version is read under
 * the caller's data permissions on versions.
 */
export async function allocationRoutes(app: FastifyInstance): Promise<void> {
  serveMenuCall(app, allocationCalls.workbench, { menu: allocationVersion.menuCode, verb: 'read' }, async (c) => {
    const [v] = await loadRows(c.tx, allocationVersion, c.actor.clientId, [c.input.id], await c.scope(), false);
    if (!v) throw notFound();
    return loadWorkbench(c.tx, c.actor.clientId, v);
  });
}
