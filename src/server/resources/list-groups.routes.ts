import type { FastifyInstance } from 'fastify';
import { getEntity } from '../../model';
import { listGroupCalls } from '../../model/calls/list-groups';
import { requireAuth } from '../access/auth-context';
import { requestLanguage } from '../http/envelope';
import { serveCall } from '../http/calls';
import { notFound } from '../http/errors';
import { listGroups } from './list-groups.service';

/**
 * GET /api/{prefix}/{entity}/groups (issue 32): any registry list with its own routes, grouped by
 * one field. An unknown entity, a child-only one or a prefix that is not the entity's answers 404,
 * as an unknown address does.
 */
export async function listGroupRoutes(app: FastifyInstance): Promise<void> {
  serveCall(app, listGroupCalls.groups, { preHandler: requireAuth }, async (req) => {
    const { prefix, entity: name } = req.params as { prefix: string; entity: string };
    const entity = getEntity(name);
    if (!entity || entity.childOnly || entity.prefix !== prefix) throw notFound();
    return listGroups({ db: app.db, auth: req.auth, ip: req.ip ?? null, language: requestLanguage(req) }, entity, (req.query ?? {}) as Record<string, unknown>);
  });
}
