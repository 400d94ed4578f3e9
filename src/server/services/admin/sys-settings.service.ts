import { sql } from 'kysely';
import { getDictionary } from '../../../model/dictionaries';
import { sysConfig } from '../../../model/entities/admin-sysconfig.entity';
import type { Label } from '../../../model/entity';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';

/**
 * The system configuration of the super administrator (spec 6 "system config"), stored in
 * `sys_config` and read by the code that uses it:
 * - `password_rule`: the rule for new passwords (spec 5: `pwd` letters and digits, `pwdstrong`
 *   upper and lower case plus digits; both 6 to 20 long), read by sign-up, reset and change
 *   through `config.passwordRule`;
 * - `import_max_rows`: spec 5 "Excel upload has a maximum row count", read by the import centre
 *   through `configuredImportMaxRows()`.
 * The environment gives the defaults (PASSWORD_RULE, IMPORT_MAX_ROWS); a stored value wins.
 */
export type SettingDef =
  | { key: 'password_rule'; label: Label; help: Label; type: 'choice'; options: Array<{ value: string; label: Label }> }
  | { key: 'import_max_rows'; label: Label; help: Label; type: 'integer'; min: number; max: number };

/** A setting's words are its field's in the view entity `sys_config` (the screen's), its options the field's dictionary. */
const wordsOf = (key: SettingDef['key']) => {
  const f = sysConfig.fields.find((x) => x.key === key)!;
  return { label: f.label, help: f.help ?? f.label };
};

export const SYSTEM_SETTINGS: SettingDef[] = [
  { key: 'password_rule', ...wordsOf('password_rule'), type: 'choice', options: (getDictionary('password_rule')?.items ?? []).map((i) => ({ value: i.value, label: i.label })) },
  { key: 'import_max_rows', ...wordsOf('import_max_rows'), type: 'integer', min: 1, max: 1_000_000 },
];

export type SettingKey = SettingDef['key'];
export type SystemSettings = { password_rule: 'pwd' | 'pwdstrong'; import_max_rows: number };

/** The value a setting has without a stored row (the environment's). */
export function defaultSettings(config: Pick<AppConfig, 'passwordRule'>, env: NodeJS.ProcessEnv = process.env): SystemSettings {
  const rows = Number(env.IMPORT_MAX_ROWS ?? 100_000);
  return { password_rule: config.passwordRule, import_max_rows: Number.isInteger(rows) && rows > 0 ? rows : 100_000 };
}

/** Checks one value against its declaration; returns the value or null when it does not fit. Pure. */
export function settingValue(def: SettingDef, raw: unknown): string | number | null {
  if (def.type === 'choice') return typeof raw === 'string' && def.options.some((o) => o.value === raw) ? raw : null;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,9}$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  return Number.isInteger(n) && n >= def.min && n <= def.max ? n : null;
}

/** Stored values over the defaults; a stored value that no longer fits is ignored. Pure. */
export function effectiveSettings(defaults: SystemSettings, stored: ReadonlyArray<{ key: string; value: unknown }>): SystemSettings {
  const out: SystemSettings = { ...defaults };
  for (const row of stored) {
    const def = SYSTEM_SETTINGS.find((d) => d.key === row.key);
    const v = def ? settingValue(def, row.value) : null;
    if (v === null || !def) continue;
    if (def.key === 'password_rule') out.password_rule = v as SystemSettings['password_rule'];
    else out.import_max_rows = v as number;
  }
  return out;
}

let importMaxRows: number | null = null;

/** The import centre's row limit as configured (null: not configured, the import's own default applies). */
export function configuredImportMaxRows(): number | null {
  return importMaxRows;
}

/** Reads the stored settings and applies them to this process (config and the import limit). */
export async function loadSystemSettings(db: Db, config: AppConfig, defaults: SystemSettings): Promise<SystemSettings> {
  const rows = (await sql<{ key: string; value: unknown }>`select key, value from sys_config`.execute(db)).rows;
  const settings = effectiveSettings(defaults, rows);
  config.passwordRule = settings.password_rule;
  // Only a stored choice overrides; without one the import centre keeps reading IMPORT_MAX_ROWS.
  importMaxRows = rows.some((r) => r.key === 'import_max_rows') ? settings.import_max_rows : null;
  return settings;
}
