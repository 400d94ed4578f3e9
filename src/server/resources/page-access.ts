import type { FastifyInstance } from 'fastify';
import { getEntity, getPage, pageRoute } from '../../model';
import { pageCalls, type PageAccess, type PageVerbs } from '../../model/calls/pages';
import { requireAuth, type AuthContext } from '../access/auth-context';
import type { Db } from '../db/database';
import { AppError, notFound } from '../http/errors';
import { serveCall } from '../http/calls';
import { assertCan, type Verb } from './permissions';

/** The engine's verbs behind each verb of a page, as the list and drawer use them. */
const VERBS: Record<keyof PageVerbs, Verb> = { view: 'read', create: 'create', edit: 'update', delete: 'remove', import: 'import', export: 'export' };

/** Whether the caller may do `verb` on every menu code the page reads through (403 is no, anything else throws). */
async function allowed(db: Db, auth: AuthContext, codes: string[], verb: Verb): Promise<boolean> {
  try {
    for (const code of codes) await assertCan(auth, code, verb, { db });
    return true;
  } catch (e) {
    if (e instanceof AppError && e.kind === 'forbidden') return false;
    throw e;
  }
}

/**
 * Resolves a page key for the generic page routes (issue 35): 404 when no page declares it, 403
 * unless the caller may view the page's menu code and its entity's (the codes its list, record and
 * document calls check), else the page and the verbs the caller has on it.
 */
export async function pageAccess(db: Db, auth: AuthContext | null, opt: string): Promise<PageAccess> {
  const page = getPage(opt);
  const entity = page ? getEntity(page.entity) : undefined;
  if (!page || !entity) throw notFound('msg.pageNotExist');
  const codes = [...new Set([page.menuCode, entity.menuCode])];
  // The same refusal (401 without a session, 403 without the view grant) as the page's data calls.
  for (const code of codes) await assertCan(auth, code, 'read', { db });
  const verbs = { view: true } as PageVerbs;
  for (const k of ['create', 'edit', 'delete', 'import', 'export'] as const) verbs[k] = await allowed(db, auth!, codes, VERBS[k]);
  return { opt: page.opt, cata: page.cata, kind: page.kind, entity: page.entity, menuCode: page.menuCode, title: page.title, route: pageRoute(page), verbs };
}

export function pageAccessRoutes(app: FastifyInstance): void {
  serveCall(app, pageCalls.access, { preHandler: requireAuth }, async (req) => pageAccess(app.db, req.auth, String((req.params as { opt: string }).opt)));
}
