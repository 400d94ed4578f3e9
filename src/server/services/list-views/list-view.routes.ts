import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf, intOf, text, type Input } from '../../access/input.util';
import { assertCan } from '../../access/permissions';
import { callerCan } from '../../access/permission.service';
import { serveCall } from '../../http/calls';
import { AppError, validationError } from '../../http/errors';
import { listViewCalls } from '../../../model/calls/list-views';
import { getPage } from '../../../model/page';
import { resolvePage } from '../../../model/page-resolve';
import { recordChoice, removeView, saveView, setRoleDefault, viewsOfPage, type ViewCaller } from './list-view.service';

/**
 * The right to keep the company's shared views and the roles' default views: the right to arrange
 * what each role sees in the company's menus (spec 6; company administrators hold it, a company
 * may grant it to a role of its own).
 */
export const SHARED_VIEWS_RIGHT = { menuCode: 'admin.menu', verb: 'edit' } as const;

/** The page a call names, which the caller may read (its menu code's `view`); the caller as a view owner. */
async function callerOnPage(app: FastifyInstance, req: FastifyRequest, input: Input): Promise<{ me: ViewCaller; opt: string }> {
  const auth = authOf(req);
  const opt = text(input, 'page', { max: 80 });
  if (!opt) throw validationError({ page: { key: 'rule.required' } });
  const page = getPage(opt);
  if (!page) throw new AppError('msg.pageNotExist');
  const clientId = await assertCan(auth, page.menuCode, 'read', { db: app.db });
  const isAdmin = await callerCan(app.db, auth, SHARED_VIEWS_RIGHT.menuCode, SHARED_VIEWS_RIGHT.verb);
  return { me: { clientId, userId: auth.userId, roles: auth.roles, isAdmin }, opt };
}

/** A view id, or null for "none" (the page's own layout, a choice cleared). */
function viewIdOf(input: Input): number | null {
  const raw = input.view_id;
  if (raw === null || raw === '' || raw === undefined) return null;
  return intOf(input, 'view_id') ?? null;
}

function versionOf(input: Input): number | undefined {
  const v = input.version === undefined || input.version === null || input.version === '' ? Number.NaN : Number(input.version);
  return Number.isSafeInteger(v) ? v : undefined;
}

/** JSON text in a form-encoded body (spec 7), the value itself in a JSON body. */
function structured(raw: unknown, key: string): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw validationError({ [key]: { key: 'listView.badShape' } });
  }
}

/**
 * Saved views of the lists (issue 32), under /clientinfoapi/list-views:
 *   GET  page?page=<opt>                           -> { views, opening, my_default, last_used, can_share, roles }
 *   POST save { id?, version?, page, name, payload, shared_roles? } -> the view
 *   POST remove { id, version }                    -> { id }
 *   POST use { page, view_id | null }              -> { last_used }
 *   POST my-default { page, view_id | null }       -> { my_default }
 *   POST role-default { page, role, view_id | null } (administrators) -> the view, or { role, view_id: null }
 * Every call needs the right to read the page's list; the rest is list-view.service.ts.
 */
export async function listViewRoutes(app: FastifyInstance): Promise<void> {
  const guard = { preHandler: requireAuth, bodyLimit: 256 * 1024 };
  serveCall(app, listViewCalls.ofPage, guard, async (req) => {
    const { me, opt } = await callerOnPage(app, req, inputOf(req));
    return viewsOfPage(app.db, me, opt);
  });
  serveCall(app, listViewCalls.save, guard, async (req) => {
    const input = inputOf(req);
    const { me, opt } = await callerOnPage(app, req, input);
    const id = input.id === undefined || input.id === null || input.id === '' ? undefined : intOf(input, 'id');
    const resolved = resolvePage(getPage(opt)!);
    const page = { opt, columns: resolved.columns, statusTabs: resolved.statusTabs, entity: resolved.entity };
    return saveView(app.db, me, page, { id, version: versionOf(input), page: opt, name: input.name, payload: structured(input.payload, 'payload'), sharedRoles: structured(input.shared_roles, 'shared_roles') });
  });
  serveCall(app, listViewCalls.remove, guard, async (req) => {
    const input = inputOf(req);
    const auth = authOf(req);
    const id = intOf(input, 'id');
    if (!id) throw validationError({ id: { key: 'rule.required' } });
    if (auth.clientId === null) throw new AppError('listView.notFound');
    const isAdmin = await callerCan(app.db, auth, SHARED_VIEWS_RIGHT.menuCode, SHARED_VIEWS_RIGHT.verb);
    return removeView(app.db, { clientId: auth.clientId, userId: auth.userId, roles: auth.roles, isAdmin }, id, versionOf(input));
  });
  serveCall(app, listViewCalls.use, guard, async (req) => {
    const input = inputOf(req);
    const { me, opt } = await callerOnPage(app, req, input);
    return { last_used: await recordChoice(app.db, me, opt, 'use', viewIdOf(input)) };
  });
  serveCall(app, listViewCalls.myDefault, guard, async (req) => {
    const input = inputOf(req);
    const { me, opt } = await callerOnPage(app, req, input);
    return { my_default: await recordChoice(app.db, me, opt, 'default', viewIdOf(input)) };
  });
  serveCall(app, listViewCalls.roleDefault, guard, async (req) => {
    const input = inputOf(req);
    const { me, opt } = await callerOnPage(app, req, input);
    const role = text(input, 'role', { max: 60 });
    if (!role) throw validationError({ role: { key: 'rule.required' } });
    return setRoleDefault(app.db, me, opt, role, viewIdOf(input));
  });
}
