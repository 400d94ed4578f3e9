import { describe, expect, it } from 'vitest';
import { defaultSettings, effectiveSettings, settingValue, SYSTEM_SETTINGS } from './sys-settings.service';

const def = (key: string) => SYSTEM_SETTINGS.find((d) => d.key === key)!;

describe('system configuration values (spec 6 system config)', () => {
  it('takes its defaults from the environment', () => {
    expect(defaultSettings({ passwordRule: 'pwd' }, {})).toEqual({ password_rule: 'pwd', import_max_rows: 100000 });
    expect(defaultSettings({ passwordRule: 'pwdstrong' }, { IMPORT_MAX_ROWS: '500' })).toEqual({ password_rule: 'pwdstrong', import_max_rows: 500 });
    expect(defaultSettings({ passwordRule: 'pwd' }, { IMPORT_MAX_ROWS: 'lots' }).import_max_rows).toBe(100000);
  });

  it('accepts only declared choices and whole numbers in range', () => {
    expect(settingValue(def('password_rule'), 'pwdstrong')).toBe('pwdstrong');
    expect(settingValue(def('password_rule'), 'none')).toBeNull();
    expect(settingValue(def('password_rule'), 1)).toBeNull();
    expect(settingValue(def('import_max_rows'), '2000')).toBe(2000);
    expect(settingValue(def('import_max_rows'), 0)).toBeNull();
    expect(settingValue(def('import_max_rows'), 1.5)).toBeNull();
    expect(settingValue(def('import_max_rows'), '1e3')).toBeNull();
    expect(settingValue(def('import_max_rows'), 2_000_000)).toBeNull();
  });

  it('lets a stored value win, ignoring unknown keys and values that no longer fit', () => {
    const base = { password_rule: 'pwd' as const, import_max_rows: 100 };
    expect(effectiveSettings(base, [{ key: 'password_rule', value: 'pwdstrong' }, { key: 'import_max_rows', value: 20 }])).toEqual({ password_rule: 'pwdstrong', import_max_rows: 20 });
    expect(effectiveSettings(base, [{ key: 'password_rule', value: 'weak' }, { key: 'other', value: 1 }])).toEqual(base);
  });
});
