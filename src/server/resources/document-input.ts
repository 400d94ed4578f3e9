import type { EntityDef, FieldDef } from '../../model';
import { FIELD_TYPE_TABLE } from '../../model';
import { resolveDefault } from '../../model/default-tokens';
import { AppError } from '../http/errors';
import { listEntries, MAX_IDS_PER_CALL, parseIdList } from '../http/id-list';

/**
 * What a write takes from a request body, before any rule runs: ids, versions, the fields a body may
 * set, child collections, and field defaults. Shared by every write of the document writer.
 */
export type Row = Record<string, unknown>;

/** How many records one remove or bulk action may name (the one bound of every id list, http/id-list.ts). */
export { MAX_IDS_PER_CALL };

/** A field's value goes to the database as JSON (jsonb column), not as a scalar. */
export const isJsonField = (field: FieldDef): boolean => FIELD_TYPE_TABLE[field.type].sqlType === 'jsonb';

export function parseId(raw: unknown): number | null {
  const v = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (typeof v === 'number') return Number.isSafeInteger(v) && v > 0 ? v : null;
  if (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) && Number(v) > 0) return Number(v);
  return null;
}

/** Ids of a remove or bulk action: a list, JSON text, comma-separated text, or one `id`; at most MAX_IDS_PER_CALL. */
export function parseIds(body: Row): number[] {
  // Bounded before anything is parsed or looked up (issue 20: 300,000 ids took 9 s and ended in 500).
  return [...new Set(parseIdList(body.ids ?? body.id, { invalid: () => new AppError('res.noIds') }))];
}

/** The version a body says it changes (`version`), or null when it says none. */
export function parseVersion(body: Row): number | null {
  const raw = Array.isArray(body.version) ? body.version[body.version.length - 1] : body.version;
  if (raw === undefined || raw === null || raw === '') return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 0 ? n : NaN;
}

/**
 * The version each id of a remove or bulk action was read at: `version` for one id, or `versions`
 * in the order of `ids` (a list, JSON text or comma text). Null when the body names none.
 */
export function parseVersions(body: Row, ids: number[]): Map<number, number> | null {
  const raw = body.versions !== undefined && body.versions !== '' ? listEntries(body.versions) : body.version !== undefined && body.version !== '' ? [body.version] : null;
  if (!raw) return null;
  const idList = listEntries(body.ids ?? body.id).map((x) => parseId(typeof x === 'string' ? x.trim() : x));
  if (raw.length !== idList.length || idList.length !== ids.length) throw new AppError('err.validation', { fields: { version: { key: 'res.versionsMismatch' } } });
  const out = new Map<number, number>();
  raw.forEach((v, i) => {
    const n = Number(typeof v === 'string' ? v.trim() : v);
    if (!Number.isSafeInteger(n) || n < 0) throw new AppError('err.validation', { fields: { version: { key: 'rule.naturalNumber' } } });
    out.set(idList[i] as number, n);
  });
  return out;
}

/**
 * A child collection from a body: a list (JSON body) or JSON text (form body, spec 3), where an
 * empty string is an empty list (spec 7: empty arrays are sent as empty strings).
 */
export function childRows(raw: unknown, key: string): Row[] | undefined {
  if (raw === undefined) return undefined;
  let v = raw;
  if (typeof v === 'string') {
    if (v.trim() === '') return [];
    try {
      v = JSON.parse(v);
    } catch {
      throw new AppError('err.validation', { fields: { [key]: { key: 'err.badRequest' } } });
    }
  }
  if (v === null) return [];
  if (!Array.isArray(v) || v.some((r) => !r || typeof r !== 'object' || Array.isArray(r)))
    throw new AppError('err.validation', { fields: { [key]: { key: 'err.badRequest' } } });
  return v as Row[];
}

/** Form bodies repeat a key for multi-values; a single-valued field takes the last one. */
function bodyValue(field: FieldDef, v: unknown): unknown {
  if (Array.isArray(v) && !isJsonField(field)) return v.length ? v[v.length - 1] : null;
  return v;
}

/** The writable fields of a body (readonly ones, such as the state, are never taken from it). */
export function pickFields(entity: EntityDef, source: Row, onlyPresent: boolean): Row {
  const out: Row = {};
  for (const f of entity.fields) {
    if (f.readonly) continue;
    if (Object.prototype.hasOwnProperty.call(source, f.key)) out[f.key] = bodyValue(f, source[f.key]);
    else if (!onlyPresent) out[f.key] = undefined;
  }
  return out;
}

/** Who writes, for default-value tokens ($$USER_ID$$, $$FULL_NAME$$, $$CLIENT_ID$$). */
export type DefaultsSession = { userId: number; fullname: string; clientId: number | null };

/** Field defaults (literals and spec 7 tokens) for the fields a new record's input leaves out. */
export function withDefaults(entity: EntityDef, input: Row, now: Date, session: DefaultsSession): Row {
  const out = { ...input };
  const tokenCtx = { now, session };
  for (const f of entity.fields) {
    if (f.readonly || f.default === undefined) continue;
    if (!Object.prototype.hasOwnProperty.call(input, f.key)) out[f.key] = resolveDefault(f.default, tokenCtx);
  }
  return out;
}
