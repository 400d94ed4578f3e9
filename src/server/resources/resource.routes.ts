import { AppError } from '../http/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allEntities, viewEntities, type EntityDef } from '../../model';
import { requireAuth } from '../access/auth-context';
import { ok, requestLanguage } from '../http/envelope';
import { countRows, documentHistory, pageRows, removeDocuments, runAction, saveDocument, viewDocument, type ResourceContext } from './resource.service';
import { runLineAction } from './line-action';
import { viewCount, viewPage, viewRecord } from './view-reader';
import { viewAction, viewRemove, viewSave } from './view-writer';

type Body = Record<string, unknown>;

/** The caller of a request as the resource calls take it (a module's own routes take it too). */
export function contextOf(app: FastifyInstance, req: FastifyRequest): ResourceContext {
  return { db: app.db, auth: req.auth, ip: req.ip ?? null, language: requestLanguage(req) };
}

/** The request's JSON object body (none: empty); a body that is no object is refused. */
export function bodyOf(req: FastifyRequest): Body {
  const b = req.body;
  // A body that is present but not an object (a JSON string, array or number) is malformed, not empty.
  if (b !== undefined && b !== null && !(typeof b === 'object' && !Array.isArray(b))) throw new AppError('err.badRequest');
  return b && typeof b === 'object' && !Array.isArray(b) ? (b as Body) : {};
}

function queryOf(req: FastifyRequest): Body {
  return (req.query ?? {}) as Body;
}

/**
 * The document calls under `base`: page, count, view, history, save and remove of the entity
 * `entityOf` names for the request (a registry entity; a dynamic form's records, whose entity its
 * code in the path names and whose table registered its read source and JSON store).
 */
export function documentRoutes(app: FastifyInstance, base: string, entityOf: (req: FastifyRequest) => EntityDef | Promise<EntityDef>): void {
  const guard = { preHandler: requireAuth };
  app.get(`${base}/page`, guard, async (req) => ok(await pageRows(contextOf(app, req), await entityOf(req), queryOf(req))));
  app.get(`${base}/count`, guard, async (req) => ok(await countRows(contextOf(app, req), await entityOf(req), queryOf(req))));
  app.get(`${base}/view`, guard, async (req) => ok(await viewDocument(contextOf(app, req), await entityOf(req), queryOf(req).id)));
  app.get(`${base}/history`, guard, async (req) => ok(await documentHistory(contextOf(app, req), await entityOf(req), queryOf(req).id)));
  app.post(`${base}/save`, guard, async (req) => ok(await saveDocument(contextOf(app, req), await entityOf(req), bodyOf(req))));
  app.post(`${base}/remove`, guard, async (req) => ok(await removeDocuments(contextOf(app, req), await entityOf(req), { ...queryOf(req), ...bodyOf(req) })));
}

/**
 * Routes of one entity under /api/{prefix}/{entity}/: the document calls, action/{action}. Export
 * and import are added by their own area on the same paths.
 */
function entityRoutes(app: FastifyInstance, entity: EntityDef): void {
  const base = `/${entity.prefix}/${entity.name}`;
  const guard = { preHandler: requireAuth };
  documentRoutes(app, base, () => entity);
  // An entity with a page of its own whose rows are also lines of a master (`lineOf`: a scan of a
  // work order) runs its line transitions as lines, its own actions as a master's.
  const run = (action: string) => (entity.lineOf?.transitions.some((t) => t.action === action) ? runLineAction : runAction);
  app.post<{ Params: { action: string } }>(`${base}/action/:action`, guard, async (req) =>
    ok(await run(req.params.action)(contextOf(app, req), entity, req.params.action, bodyOf(req))),
  );
}

/** Routes of a view entity (defineViewEntity): page, count and view within the rows its scope gives; save, remove and action when it is editable. */
function viewRoutes(app: FastifyInstance, entity: EntityDef): void {
  const base = `/${entity.prefix}/${entity.name}`;
  const guard = { preHandler: requireAuth };
  app.get(`${base}/page`, guard, async (req) => ok(await viewPage(contextOf(app, req), entity, queryOf(req))));
  app.get(`${base}/count`, guard, async (req) => ok(await viewCount(contextOf(app, req), entity, queryOf(req))));
  app.get(`${base}/view`, guard, async (req) => ok(await viewRecord(contextOf(app, req), entity, queryOf(req).id)));
  if (!entity.editable) return;
  // An editable view: its writable fields, new rows and removals where its area takes them, and its transitions, through the view writer.
  app.post(`${base}/save`, guard, async (req) => ok(await viewSave(contextOf(app, req), entity, bodyOf(req))));
  app.post(`${base}/remove`, guard, async (req) => ok(await viewRemove(contextOf(app, req), entity, bodyOf(req))));
  app.post<{ Params: { action: string } }>(`${base}/action/:action`, guard, async (req) => ok(await viewAction(contextOf(app, req), entity, req.params.action, bodyOf(req))));
}

/** The transitions of a detail entity's lines (`lineOf`): `/{prefix}/{entity}/action/{action}`, as a master's. */
function lineRoutes(app: FastifyInstance, entity: EntityDef): void {
  app.post<{ Params: { action: string } }>(`/${entity.prefix}/${entity.name}/action/:action`, { preHandler: requireAuth }, async (req) =>
    ok(await runLineAction(contextOf(app, req), entity, req.params.action, bodyOf(req))),
  );
}

/** The generic resource API of every registry entity that has its own page (not child-only), of lines with transitions, and of every view entity. */
export async function registerResourceRoutes(app: FastifyInstance): Promise<void> {
  for (const entity of allEntities()) if (!entity.childOnly) entityRoutes(app, entity);
  for (const entity of allEntities()) if (entity.childOnly && entity.lineOf) lineRoutes(app, entity);
  for (const entity of viewEntities()) viewRoutes(app, entity);
}
