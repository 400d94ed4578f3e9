import type { FastifyInstance } from 'fastify';
import { listGroupRoutes } from './list-groups.routes';
import { ownRowRoutes } from './own-row';
import { registerResourceRoutes } from './resource.routes';
import './masterdata-seed';

export { actionHandlers, registerActionHandler, type ActionContext, type ActionHandler, type ActionOutcome } from './action-handlers';
export { assertCan, dataScope, type Verb } from './permissions';
export { ownRecord, ownSave } from './own-row';
export { pageRows, viewDocument, saveDocument, removeDocuments, runAction, documentHistory, type ResourceContext } from './resource.service';
export { parsePageQuery, whereSql, orderSql, type PageQuery } from './page-query';

/** The generic resource API of every registry entity (page, view, save, remove, action, history, groups). */
export async function resourceRoutes(app: FastifyInstance): Promise<void> {
  await registerResourceRoutes(app);
  ownRowRoutes(app);
  await listGroupRoutes(app);
}
