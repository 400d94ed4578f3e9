import { sql } from 'kysely';
import { FIELD_TYPE_TABLE, type FieldType } from '../../../model';
import { adminDataPermission } from '../../../model/entities/admin-dataperm.entity';
import type { AuthContext } from '../../access/auth-context';
import { assertCan } from '../../access/permissions';
import { entityOfMenu, ruleFieldType } from '../../access/permission.service';
import { isDataOperator } from '../../access/permission-model';
import type { Db } from '../../db/database';
import { registerViewScope } from '../../resources/view-reader';
import { registerViewWriter, type ViewSaveContext } from '../../resources/view-writer';

/**
 * The company's data permissions (menu code `admin.dataperm`), read and written in the company's
 * row-level security scope: a rule of another company is a 404 on read, save and remove alike.
 */
registerViewScope(adminDataPermission.name, async (auth: AuthContext, db: Db) => {
  const clientId = await assertCan(auth, adminDataPermission.menuCode, 'read', { db });
  return { where: sql`t.client_id = ${clientId}`, tenant: clientId };
});

/** A literal value must fit the field (tokens such as $$USER_ID$$ are resolved per user when the rule applies). */
function valueFits(type: FieldType, operator: string, value: string): boolean {
  if (operator === 'null' || operator === 'notnull' || value.includes('$$')) return true;
  const parts = operator === 'in' || operator === 'notin' ? value.split(',').map((s) => s.trim()).filter(Boolean) : [value];
  return parts.length > 0 && parts.every((p) => {
    const c = FIELD_TYPE_TABLE[type].coerce(p);
    return c.ok && c.value !== null;
  });
}

/**
 * A rule names a menu that lists an entity, a field of that entity (or its creator), an operator and
 * a value that fits the field; it binds the company's own role or user (one of them at least).
 */
async function checkRule(sc: ViewSaveContext): Promise<void> {
  const { tx, clientId, values, errors, before } = sc;
  const merged = { ...before, ...values };
  const menu = merged.menu_code ? String(merged.menu_code) : '';
  const entity = menu ? entityOfMenu(menu) : undefined;
  if (menu && !entity && !errors.menu_code) errors.menu_code = { key: 'admin.unknownMenu' };
  const field = merged.field ? String(merged.field) : '';
  const type = entity && field ? ruleFieldType(entity, field) : null;
  if (entity && field && !type && !errors.field) errors.field = { key: 'admin.unknownField' };
  const operator = String(merged.operator ?? '');
  if (!isDataOperator(operator)) errors.operator ??= { key: 'admin.unknownOperator' };
  else if (type && !valueFits(type, operator, String(merged.value ?? ''))) errors.value = { key: 'admin.badRuleValue' };
  if (!merged.role_id && !merged.user_id) errors.role_id ??= { key: 'rule.required' };
  if (values.role_id && !(await sql`select 1 from roles where id = ${Number(values.role_id)} and client_id = ${clientId}`.execute(tx)).rows.length) errors.role_id = { key: 'admin.unknownRole' };
  if (values.user_id && !(await sql`select 1 from users where id = ${Number(values.user_id)} and client_id = ${clientId}`.execute(tx)).rows.length) errors.user_id = { key: 'admin.unknownUser' };
}

/** The writes of the data permissions view: new rules of the company, edits, removals; each stamped with its writer. */
export function registerDataPermissionViews(): void {
  registerViewWriter(adminDataPermission.name, {
    validate: checkRule,
    beforeSave: async (sc) => {
      if (sc.values.value === null) sc.values.value = '';
      sc.values.updated_by = sc.auth.userId;
    },
    create: ({ clientId, auth }) => ({ client_id: clientId, created_by: auth.userId }),
    beforeRemove: async () => undefined,
  });
}
