import { sql } from 'kysely';
import { sysConfig } from '../../../model/entities/admin-sysconfig.entity';
import { assertCan } from '../../access/permissions';
import { registerViewScope } from '../../resources/view-reader';
import { registerViewWriter } from '../../resources/view-writer';
import { settingValue, SYSTEM_SETTINGS, type SystemSettings } from './sys-settings.service';

/**
 * The system configuration as the view entity `sys_config`: one record (id 1), each setting a field,
 * its stored value (`sys_config`, one row per setting) or the environment's default; its version one
 * more than the sum of the stored rows' (so any saved change makes a copy read before stale). The super
 * administrator's alone (403 to anyone else). A save checks each setting by its declaration
 * (SYSTEM_SETTINGS: a choice among its options, a count within its range), stores the ones given
 * (`store`: an upsert per setting, its version + 1) and applies them to this process once committed.
 */
export function registerSysConfigView(defaults: SystemSettings, apply: () => Promise<void>): void {
  const stored = (key: string) => sql`(select c.value #>> '{}' from sys_config c where c.key = ${key})`;
  registerViewScope(
    sysConfig.name,
    async (auth, db) => {
      await assertCan(auth, sysConfig.menuCode, 'read', { db });
      return { where: sql`true`, tenant: null };
    },
    {
      // The record's name (quick search reads the Chinese one) in the reader's language.
      present: (rows, { language }) => rows.map((r) => ({ ...r, name: language === 'en' ? 'Platform settings' : '平台设置' })),
      source: () => sql`(select 1 as id, null::int as client_id, '平台设置'::text as name,
          coalesce(${stored('password_rule')}, ${defaults.password_rule}) as password_rule,
          coalesce(${stored('import_max_rows')}::bigint, ${defaults.import_max_rows}) as import_max_rows,
          (select u.username from sys_config c join users u on u.id = c.updated_by order by c.updated_at desc limit 1) as updated_by_name,
          (select max(c.updated_at) from sys_config c) as updated_at,
          (1 + coalesce((select sum(c.version) from sys_config c), 0))::int as version)`,
    },
  );
  registerViewWriter(sysConfig.name, {
    validate: async ({ values, errors }) => {
      for (const def of SYSTEM_SETTINGS) {
        if (values[def.key] === undefined || errors[def.key] || values[def.key] === null) continue;
        if (settingValue(def, values[def.key]) === null && def.type === 'integer') errors[def.key] = { key: 'admin.settingRange', params: { min: def.min, max: def.max } };
      }
    },
    afterSave: async ({ afterCommit }) => void afterCommit.push(apply),
    store: async ({ tx, auth, set }) => {
      for (const def of SYSTEM_SETTINGS) {
        if (set[def.key] === undefined) continue;
        await sql`insert into sys_config (key, value, updated_by) values (${def.key}, ${JSON.stringify(set[def.key])}::jsonb, ${auth.userId})
          on conflict (key) do update set value = excluded.value, updated_by = excluded.updated_by, version = sys_config.version + 1, updated_at = now()`.execute(tx);
      }
    },
  });
}
