import { sql } from 'kysely';
import { registerSaveHook } from '../../resources/save-hooks';

/**
 * A company's notification setting names its recipient roles in a transfer (issue 35): each chosen
 * code must be a role of the company (its own, or the platform's but the super administrator's), the
 * same roles the transfer offers (`adminapi/roles/options`). A save or an import naming another
 * company's role, or none at all, is refused on the field.
 */
export function registerNotifySettingHooks(): void {
  registerSaveHook('admin_notify_setting', {
    validate: async ({ tx, clientId, values, errors }) => {
      const codes = Array.isArray(values.recipient_roles) ? [...new Set(values.recipient_roles.map(String))] : [];
      if (!codes.length || errors.recipient_roles) return;
      const known = await sql<{ code: string }>`select code from roles where code = any(${codes}::text[])
        and (client_id = ${clientId} or (client_id is null and code <> 'superadmin'))`.execute(tx);
      const have = new Set(known.rows.map((r) => r.code));
      const missing = codes.find((c) => !have.has(c));
      if (missing !== undefined) errors.recipient_roles = { key: 'notify.setting.roleUnknown', params: { role: missing } };
    },
  });
}
