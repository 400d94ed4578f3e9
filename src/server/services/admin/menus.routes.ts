import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { authOf, requireAuth, type AuthContext } from '../../access/auth-context';
import { inputOf, text, type Input } from '../../access/input.util';
import type { Db } from '../../db/database';
import { ok } from '../../http/envelope';
import { AppError, notFound, validationError, type FieldError } from '../../http/errors';
import { assertCan } from '../../access/permissions';
import { withTenant } from '../../kernel/rls';
import { flagOf, idOf, listOf } from './input.util';
import { mergeMenuRows, type MenuNode } from './menu-tree';
import { companyTypeOf, readMenuRows } from './menu.service';

const MENU = 'admin.menu';
const BODY_LIMIT = 128 * 1024;
const CODE = /^[A-Za-z][\w.-]{0,59}$/;

type NodeInput = { code: string; parent_code: string | null; title_zh: string; title_en: string; icon: string | null; sort: number; visible: boolean; roles: string[] | null; furl: string | null; version?: number };

function intIn(input: Input, key: string, fallback: number): number {
  const raw = input[key];
  if (raw === undefined || raw === null || raw === '') return fallback;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d{1,6}$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(n) || n < 0 || n > 99999) throw validationError({ [key]: { key: 'rule.naturalNumber' } });
  return n;
}

function find(tree: readonly MenuNode[], code: string): MenuNode | undefined {
  for (const g of tree) {
    if (g.code === code) return g;
    const e = g.children.find((c) => c.code === code);
    if (e) return e;
  }
  return undefined;
}

/** Role codes a node may name: the system roles and the tenant's own. */
async function knownRoleCodes(db: Db, clientId: number): Promise<Set<string>> {
  const r = await sql<{ code: string }>`select code from roles where client_id is null or client_id = ${clientId}`.execute(db);
  return new Set(r.rows.map((x) => x.code));
}

/**
 * A node of the editor's body, checked against the tenant's current tree: two levels (a group has
 * no parent; an entry's parent is a group), a tenant's own entry links inside the app (a path, never
 * a script or another site), declared entries keep their URL.
 */
function nodeOf(input: Input, tree: readonly MenuNode[], roles: ReadonlySet<string>): NodeInput {
  const errors: Record<string, FieldError> = {};
  const code = text(input, 'code', { max: 60 });
  if (!code) errors.code = { key: 'rule.required' };
  else if (!CODE.test(code)) errors.code = { key: 'rule.english' };
  const existing = code ? find(tree, code) : undefined;
  const titleZh = text(input, 'title_zh', { max: 60 }) ?? existing?.title_zh;
  const titleEn = text(input, 'title_en', { max: 80 }) ?? existing?.title_en ?? titleZh;
  if (!titleZh) errors.title_zh = { key: 'rule.required' };
  const parent = input.parent_code === undefined ? existing?.parent_code ?? null : text(input, 'parent_code', { max: 60 }) ?? null;
  const furlRaw = existing && existing.origin !== 'tenant' ? existing.furl : text(input, 'furl', { max: 300 }) ?? existing?.furl ?? null;
  const isGroup = existing ? existing.parent_code === null && !existing.furl : !furlRaw;
  if (isGroup && parent) errors.parent_code = { key: 'admin.menuCycle' };
  if (!isGroup) {
    const g = parent ? tree.find((x) => x.code === parent) : undefined;
    if (!parent) errors.parent_code = { key: 'rule.required' };
    else if (!g || g.code === code) errors.parent_code = { key: 'admin.menuCycle' };
    // Spec 2 routes are paths of this app: a menu never leads to a script or to another site.
    if (!furlRaw || !/^\/(?!\/)[\w\-./?=&%#:~]*$/.test(furlRaw)) errors.furl = { key: 'admin.menuUrl' };
  }
  const roleList = input.roles === undefined ? existing?.roles ?? null : listOf(input, 'roles', 50);
  if (roleList && roleList.some((r) => typeof r !== 'string' || !roles.has(r))) errors.roles = { key: 'admin.unknownRole' };
  const sort = intIn(input, 'sort', existing?.sort ?? 100);
  const visible = flagOf(input, 'visible') ?? existing?.visible ?? true;
  const icon = text(input, 'icon', { max: 40 }) ?? existing?.icon ?? null;
  const version = idOf(input, 'version');
  if (Object.keys(errors).length || !code || !titleZh) throw validationError(errors);
  return { code, parent_code: isGroup ? null : parent, title_zh: titleZh, title_en: titleEn ?? titleZh, icon, sort, visible, roles: roleList && roleList.length ? (roleList as string[]) : null, furl: isGroup ? null : furlRaw, version };
}

async function writeNode(tx: Db, clientId: number, n: NodeInput, checkVersion: boolean): Promise<number> {
  const roles = n.roles ? JSON.stringify(n.roles) : null;
  const current = (await sql<{ id: number; version: number }>`select id, version from menus where client_id = ${clientId} and code = ${n.code}`.execute(tx)).rows[0];
  if (current) {
    if (checkVersion && n.version !== undefined && n.version !== current.version) throw new AppError('err.staleVersion');
    await sql`update menus set parent_code = ${n.parent_code}, furl = ${n.furl}, title_zh = ${n.title_zh}, title_en = ${n.title_en}, icon = ${n.icon},
      sort = ${n.sort}, visible = ${n.visible}, roles = ${roles}::jsonb, version = version + 1, updated_at = now() where id = ${current.id} and client_id = ${clientId}`.execute(tx);
    return current.id;
  }
  const r = await sql<{ id: number }>`insert into menus (client_id, code, parent_code, platform, furl, title_zh, title_en, icon, sort, visible, roles)
    values (${clientId}, ${n.code}, ${n.parent_code}, '*', ${n.furl}, ${n.title_zh}, ${n.title_en}, ${n.icon}, ${n.sort}, ${n.visible}, ${roles}::jsonb) returning id`.execute(tx);
  return r.rows[0].id;
}

async function audit(tx: Db, auth: AuthContext, clientId: number, id: number, action: string, ip: string, changes: unknown): Promise<void> {
  await sql`insert into audit_log (client_id, entity, record_id, action, user_id, username, ip, changes)
    values (${clientId}, 'menu', ${id}, ${action}, ${auth.userId}, ${auth.username}, ${ip}, ${JSON.stringify(changes)}::jsonb)`.execute(tx);
}

/**
 * The menu tree editor of the client administrator (spec 2 "Admin: menus"; the shell's menus come
 * from it): read the tenant's tree, save one node (an override of a declared node or the tenant's
 * own group or link), move several at once (order and group), and reset a node to its declaration
 * (or remove the tenant's own). Every statement names the tenant, in its row-level-security scope.
 */
export async function menusRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const opts = { bodyLimit: BODY_LIMIT, preHandler: requireAuth };

  const treeFor = async (clientId: number) => {
    const [{ platform, tenant }, companyType] = await Promise.all([readMenuRows(db, clientId), companyTypeOf(db, clientId)]);
    return { tree: mergeMenuRows(platform, tenant, companyType), versions: new Map(tenant.map((t) => [t.code, t.version])) };
  };

  app.get('/adminapi/menus', { preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, MENU, 'read', { db });
    const { tree, versions } = await treeFor(clientId);
    // Platform-only entries (sign-up approval, clients, ...) are not the company's to arrange.
    const shown = tree.map((g) => ({ ...g, children: g.children.filter((e) => auth.isSuper || !e.super_only) })).filter((g) => auth.isSuper || g.children.length || g.origin === 'tenant');
    const withVersion = (n: MenuNode): MenuNode & { version: number | null } => ({ ...n, version: versions.get(n.code) ?? null, children: n.children.map(withVersion) });
    const roles = await sql<{ code: string; name_zh: string; name_en: string; client_id: number | null }>`
      select code, name_zh, name_en, client_id from roles where (client_id is null and code <> 'superadmin') or client_id = ${clientId} order by client_id nulls first, code`.execute(db);
    return ok({ tree: shown.map(withVersion), roles: roles.rows.map((r) => ({ code: r.code, name_zh: r.name_zh, name_en: r.name_en, system: r.client_id === null })) });
  });

  app.post('/adminapi/menus/save', opts, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, MENU, 'update', { db });
    const { tree } = await treeFor(clientId);
    const node = nodeOf(inputOf(req), tree, await knownRoleCodes(db, clientId));
    const existing = find(tree, node.code);
    if (existing?.super_only && !auth.isSuper) throw notFound();
    const id = await withTenant(db, clientId, async (tx) => {
      const saved = await writeNode(tx, clientId, node, true);
      await audit(tx, auth, clientId, saved, existing ? 'update' : 'create', req.ip, [{ field: 'menu', old: existing ? { title_zh: existing.title_zh, sort: existing.sort, visible: existing.visible, roles: existing.roles, parent_code: existing.parent_code } : null, new: node }]);
      return saved;
    });
    return ok({ id, code: node.code });
  });

  // Order and group of several nodes at once (the editor's move up, move down and move to group).
  app.post('/adminapi/menus/order', opts, async (req: FastifyRequest) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, MENU, 'update', { db });
    const { tree } = await treeFor(clientId);
    const roles = await knownRoleCodes(db, clientId);
    const items = listOf(inputOf(req), 'items', 500);
    if (!items.length) throw validationError({ items: { key: 'form.chooseDataFirst' } });
    const nodes = items.map((item, i) => {
      if (!item || typeof item !== 'object' || Array.isArray(item)) throw validationError({ [`items[${i}]`]: { key: 'access.invalidValue' } });
      const { code, parent_code, sort } = item as Input;
      const existing = typeof code === 'string' ? find(tree, code) : undefined;
      if (!existing || (existing.super_only && !auth.isSuper)) throw validationError({ [`items[${i}].code`]: { key: 'admin.unknownMenu' } });
      return nodeOf({ code, sort, ...(parent_code !== undefined ? { parent_code } : {}) }, tree, roles);
    });
    await withTenant(db, clientId, async (tx) => {
      for (const n of nodes) await writeNode(tx, clientId, n, false);
      await audit(tx, auth, clientId, 0, 'order', req.ip, nodes.map((n) => ({ field: n.code, old: null, new: { parent_code: n.parent_code, sort: n.sort } })));
    });
    return ok({ count: nodes.length });
  });

  // Back to the declaration (a declared node) or gone (the tenant's own node).
  app.post('/adminapi/menus/reset', opts, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, MENU, 'remove', { db });
    const code = text(inputOf(req), 'code', { max: 60 });
    if (!code) throw validationError({ code: { key: 'rule.required' } });
    const { tree } = await treeFor(clientId);
    const node = find(tree, code);
    if (!node || node.origin === 'declared') throw notFound();
    if (node.origin === 'tenant' && node.children.length) throw new AppError('admin.menuHasChildren');
    await withTenant(db, clientId, async (tx) => {
      const r = await sql<{ id: number }>`delete from menus where client_id = ${clientId} and code = ${code} returning id`.execute(tx);
      await audit(tx, auth, clientId, r.rows[0]?.id ?? 0, node.origin === 'tenant' ? 'remove' : 'reset', req.ip, [{ field: 'menu', old: { code, title_zh: node.title_zh }, new: null }]);
    });
    return ok({ code });
  });
}
