import type { RawBuilder } from 'kysely';
import type { AuthContext } from './auth-context';
import type { Db } from '../db/database';
import { forbidden, unauthorized } from '../http/errors';
import { isAdminMenu, type PermissionVerb } from './permission-model';
import { callerCan, dataScopeSql, rulesFor } from './permission.service';

/**
 * The single entry point of permissions for the generic resource API. Every verb of every entity
 * passes through `assertCan`; the admin area (roles, menu permissions, spec 6) owns the body
 * (permission-model.ts beside this file has the model, permission.service.ts the loading). It lives in
 * access/, not in resources/ or services/admin/, because both use it and neither may import the other.
 * `action:<name>` names one state-machine action; plain `action` is any action.
 */
export type Verb = 'read' | 'create' | 'update' | 'remove' | 'action' | 'export' | 'import' | `action:${string}`;

const WRITES: ReadonlySet<string> = new Set(['create', 'update', 'remove', 'action', 'import']);

/** `inTenantScope`: `db` is a transaction already scoped to the caller's company (see rulesFor). */
export type PermissionContext = { db: Db; inTenantScope?: boolean };

/** The engine's verbs in the words of the role editor (spec 6: view, create, edit, delete, ...). */
function permissionVerb(verb: Verb): PermissionVerb {
  switch (verb) {
    case 'read':
      return 'view';
    case 'update':
      return 'edit';
    case 'remove':
      return 'delete';
    default:
      return verb;
  }
}

/**
 * Allows the verb when one of the caller's roles grants it on the menu code, whatever the browser
 * shows (spec 6); 403 otherwise. The super administrator's platform tenant may manage the platform's
 * administration menus but writes no business data (the platform operates the product, it does not
 * trade in it). Returns the caller's tenant id for the SQL tenant filter.
 */
export async function assertCan(auth: AuthContext | null, menuCode: string, verb: Verb, ctx: PermissionContext): Promise<number> {
  if (!auth) throw unauthorized();
  if (auth.clientId === null) throw forbidden();
  const isWrite = WRITES.has(verb) || verb.startsWith('action:');
  if (auth.isSuper && isWrite && !isAdminMenu(menuCode)) throw forbidden();
  if (!(await callerCan(ctx.db, auth, menuCode, permissionVerb(verb)))) throw forbidden();
  return auth.clientId;
}

/**
 * Data permissions bound to a menu code (spec 6: field, operator and value): extra SQL conditions on
 * the row alias `t`, applied to page, view and export, and to the rows a save, remove or action may
 * touch. Every rule bound to one of the caller's roles, or to the caller, narrows the rows (AND).
 */
export async function dataScope(auth: AuthContext, menuCode: string, ctx: PermissionContext): Promise<RawBuilder<unknown>[]> {
  return dataScopeSql(ctx.db, auth, menuCode, { inTenantScope: ctx.inTenantScope });
}

/**
 * The fields (columns) the caller's data permissions on a menu name: what `dataScope`'s conditions
 * read. The history of a removed record refuses where a rule names a column its removal did not
 * record.
 */
export async function dataScopeFields(auth: AuthContext, menuCode: string, ctx: PermissionContext): Promise<string[]> {
  return (await rulesFor(ctx.db, auth, menuCode)).map((r) => r.field);
}
