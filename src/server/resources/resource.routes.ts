import { AppError } from '../http/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allEntities, viewEntities, type EntityDef } from '../../model';
import { requireAuth } from '../access/auth-context';
import { ok, requestLanguage } from '../http/envelope';
import { countRows, documentHistory, pageRows, removeDocuments, runAction, saveDocument, viewDocument, type ResourceContext } from './resource.service';
import { runLineAction } from './line-action';
import { viewCount, viewPage, viewRecord } from './view-reader';
import { viewAction, viewRemove, viewSave } from './view-writer';
import { journalAction } from './journal-writer';

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

/** Which generic calls an entity answers under `/{prefix}/{entity}/`. */
type Kind = 'document' | 'line' | 'view';
type Call = (ctx: ResourceContext, entity: EntityDef, req: FastifyRequest<{ Params: RouteParams }>) => Promise<unknown>;
type RouteParams = { prefix: string; entity: string; action?: string };

/**
 * The generic calls by shape, and what answers each for an entity of each kind: a document (a
 * registry entity with a page of its own), a line with transitions of its own (`lineOf`, child-only)
 * and a view entity (defineViewEntity; save, remove and action only when `editable`). An entity with a
 * page whose rows are also a master's lines (`lineOf`: a scan of a work order) runs its line
 * transitions as lines, its own actions as a master's.
 */
const CALLS: Array<{ method: 'GET' | 'POST'; path: string; answers: Partial<Record<Kind, Call>>; editableViewOnly?: boolean; journalToo?: true }> = [
  { method: 'GET', path: 'page', answers: { document: (c, e, r) => pageRows(c, e, queryOf(r)), view: (c, e, r) => viewPage(c, e, queryOf(r)) } },
  { method: 'GET', path: 'count', answers: { document: (c, e, r) => countRows(c, e, queryOf(r)), view: (c, e, r) => viewCount(c, e, queryOf(r)) } },
  { method: 'GET', path: 'view', answers: { document: (c, e, r) => viewDocument(c, e, queryOf(r).id), view: (c, e, r) => viewRecord(c, e, queryOf(r).id) } },
  { method: 'GET', path: 'history', answers: { document: (c, e, r) => documentHistory(c, e, queryOf(r).id) } },
  { method: 'POST', path: 'save', editableViewOnly: true, answers: { document: (c, e, r) => saveDocument(c, e, bodyOf(r)), view: (c, e, r) => viewSave(c, e, bodyOf(r)) } },
  { method: 'POST', path: 'remove', editableViewOnly: true, answers: { document: (c, e, r) => removeDocuments(c, e, { ...queryOf(r), ...bodyOf(r) }), view: (c, e, r) => viewRemove(c, e, bodyOf(r)) } },
  {
    method: 'POST',
    path: 'action/:action',
    editableViewOnly: true,
    // A journal view's transitions (an approval task's decisions) run through the journal writer.
    journalToo: true,
    answers: {
      document: (c, e, r) => (e.lineOf?.transitions.some((t) => t.action === r.params.action) ? runLineAction : runAction)(c, e, String(r.params.action), bodyOf(r)),
      line: (c, e, r) => runLineAction(c, e, String(r.params.action), bodyOf(r)),
      view: (c, e, r) => (e.journal ? journalAction : viewAction)(c, e, String(r.params.action), bodyOf(r)),
    },
  },
];

/** The generic resource API of every registry entity that has its own page (not child-only), of lines with transitions, and of every view entity. */
/**
 * The generic resource API of every registry entity that has its own page (not child-only), of lines
 * with transitions, and of every view entity: one route per call shape, `/{prefix}/{entity}/page` and
 * so on, the entity found by its prefix and name. (A route per entity and call was about 800 routes,
 * and building their router nodes half a second of every start.) A path naming no entity, or a call
 * its entity does not answer, is the router's 404, before the sign-in is asked for, as when each
 * entity had routes of its own.
 */
export async function registerResourceRoutes(app: FastifyInstance): Promise<void> {
  const entities = new Map<string, { entity: EntityDef; kind: Kind }>();
  for (const entity of allEntities()) {
    if (!entity.childOnly) entities.set(`${entity.prefix}/${entity.name}`, { entity, kind: 'document' });
    else if (entity.lineOf) entities.set(`${entity.prefix}/${entity.name}`, { entity, kind: 'line' });
  }
  for (const entity of viewEntities()) entities.set(`${entity.prefix}/${entity.name}`, { entity, kind: 'view' });
  for (const call of CALLS) {
    const answerOf = (req: FastifyRequest<{ Params: RouteParams }>) => {
      const found = entities.get(`${req.params.prefix}/${req.params.entity}`);
      const answer = found && call.answers[found.kind];
      if (!found || !answer || (found.kind === 'view' && call.editableViewOnly && !found.entity.editable && !(call.journalToo && found.entity.journal))) return null;
      return { entity: found.entity, answer };
    };
    app.route<{ Params: RouteParams }>({
      method: call.method,
      url: `/:prefix/:entity/${call.path}`,
      preHandler: [
        async (req, reply) => {
          if (!answerOf(req)) return reply.callNotFound();
        },
        requireAuth,
      ],
      handler: async (req) => {
        const { entity, answer } = answerOf(req)!;
        return ok(await answer(contextOf(app, req), entity, req));
      },
    });
  }
}
