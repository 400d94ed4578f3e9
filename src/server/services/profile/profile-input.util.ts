import type { Language } from '../../../model/i18n';
import { is, readEachField, readInput } from '../../../model/calls/input-shape';
import { SETTING_CODE, settingLanguage, settingLayouts, settingPreferences } from '../../../model/calls/workspace';
import type { Input } from '../../access/input.util';
import { AppError, validationError, type FieldError } from '../../http/errors';

/**
 * Reading the user-profile calls' input (spec 7 "Profile and workspace"). Bodies arrive
 * form-encoded (lists as repeated keys, comma-separated text or JSON text; objects as JSON text)
 * or as JSON. Everything here is pure: it answers a clean value or throws 11000 with the field.
 */

/** A saved column as the grid keeps it (src/client/grid/column-state.ts SavedColumn). */
export type SavedColumn = { colId: string; width?: number; hide: boolean; pinned: 'left' | 'right' | null };
export type SavedTable = { columns: SavedColumn[] };

export type SettingsPatch = {
  /** users.language: the language the server answers in when the page does not say (spec 9). */
  language?: Language;
  /** Merged into users.settings (rpt_theme, cr_dash, vf_qty_amount, nav_collapsed, layouts). */
  settings: Record<string, unknown>;
  /** Page opt to its layout, merged into users.saved_tables. */
  tables: Record<string, SavedTable>;
  /** Pages whose saved layout is dropped (the list's "reset columns"). */
  removeTables: string[];
};

export const LIMITS = { columns: 300, tablesPerCall: 50, layoutItems: 50, favourites: 30 } as const;

const ID = SETTING_CODE;
const bad = (field: string, key = 'access.invalidValue', params?: Record<string, unknown>) => validationError({ [field]: { key, params } });

/** A JSON value given as JSON or as JSON text (form-encoded bodies). Undefined when absent or ''. */
function jsonOf(input: Input, key: string): unknown {
  const raw = input[key];
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw bad(key);
  }
}

/**
 * A list of identifiers: a JSON array, JSON text of one, repeated form keys, or comma-separated
 * text (spec 7: empty arrays travel as empty strings, so '' is the empty list).
 */
export function idListOf(input: Input, key: string, max: number, tooManyKey = 'profile.tooManyItems'): string[] | undefined {
  const raw = input[key];
  if (raw === undefined || raw === null) return undefined;
  const read = readInput(is.codes(ID, max, { key: tooManyKey, params: { max } }), raw);
  if (read.ok) return read.value;
  throw validationError({ [key]: read.miss.refusal ?? { key: 'access.invalidValue' } });
}

/** The first present spelling of a list (the spec's clients name it differently). */
export function idListOfAny(input: Input, keys: string[], max: number, tooManyKey?: string): string[] | undefined {
  for (const k of keys) {
    const v = idListOf(input, k, max, tooManyKey);
    if (v !== undefined) return v;
  }
  return undefined;
}

/** One saved table, reduced to the known properties; throws on anything else. */
export function savedTableOf(value: unknown, field: string): SavedTable {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw bad(field);
  const columns = (value as { columns?: unknown }).columns;
  if (!Array.isArray(columns) || columns.length > LIMITS.columns) throw bad(field);
  const seen = new Set<string>();
  return {
    columns: columns.map((c, i) => {
      const f = `${field}.columns[${i}]`;
      if (!c || typeof c !== 'object' || Array.isArray(c)) throw bad(f);
      const { colId, width, hide, pinned } = c as Record<string, unknown>;
      if (typeof colId !== 'string' || !ID.test(colId) || seen.has(colId)) throw bad(f);
      seen.add(colId);
      // The grid measures widths in fractional pixels after a drag; whole pixels are kept.
      if (width !== undefined && width !== null && !(typeof width === 'number' && Number.isFinite(width) && width >= 10 && width <= 4000)) throw bad(f);
      if (hide !== undefined && hide !== null && typeof hide !== 'boolean') throw bad(f);
      if (pinned !== undefined && pinned !== null && pinned !== 'left' && pinned !== 'right') throw bad(f);
      const col: SavedColumn = { colId, hide: hide === true, pinned: pinned === 'left' || pinned === 'right' ? pinned : null };
      if (typeof width === 'number') col.width = Math.round(width);
      return col;
    }),
  };
}

/**
 * The save-setting body as a patch. `isPage` says whether a list page exists (saved table info is
 * kept per declared page only, so the column is bounded by the registry).
 */
export function settingsPatchOf(input: Input, isPage: (opt: string) => boolean): SettingsPatch {
  const patch: SettingsPatch = { settings: {}, tables: {}, removeTables: [] };
  const errors: Record<string, FieldError> = {};
  const attempt = (fn: () => void) => {
    try {
      fn();
    } catch (e) {
      if (!(e instanceof AppError) || e.kind !== 'validation' || !e.fields) throw e;
      Object.assign(errors, e.fields);
    }
  };

  // The language, the preferences and the layouts, each refused under its own key (the engine's input shapes).
  const langKey = input.language_code !== undefined ? 'language_code' : 'language';
  const read = readEachField({ ...settingPreferences, ...settingLayouts, [langKey]: settingLanguage }, input);
  for (const [key, miss] of Object.entries(read.misses)) errors[key] = miss.refusal ?? { key: 'access.invalidValue' };
  const { [langKey]: language, ...settings } = read.value as Record<string, unknown>;
  if (language !== undefined) patch.language = language as Language;
  Object.assign(patch.settings, settings);
  attempt(() => {
    const tables = jsonOf(input, 'saved_tables');
    if (tables === undefined) return;
    if (!tables || typeof tables !== 'object' || Array.isArray(tables)) throw bad('saved_tables');
    const entries = Object.entries(tables as Record<string, unknown>);
    if (entries.length > LIMITS.tablesPerCall) throw bad('saved_tables', 'profile.tooManyTables', { max: LIMITS.tablesPerCall });
    for (const [page, table] of entries) {
      const field = `saved_tables.${page}`;
      if (!ID.test(page) || !isPage(page)) {
        errors[field] = { key: 'profile.unknownPage' };
        continue;
      }
      attempt(() => {
        if (table === null) patch.removeTables.push(page);
        else patch.tables[page] = savedTableOf(table, field);
      });
    }
  });

  if (Object.keys(errors).length) throw validationError(errors);
  if (patch.language === undefined && !Object.keys(patch.settings).length && !Object.keys(patch.tables).length && !patch.removeTables.length)
    throw validationError({}, 'profile.nothingToSave');
  return patch;
}
