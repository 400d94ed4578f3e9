/**
 * The values of a row read with sql`...`: node-postgres and PGlite hand numerics and bigints as
 * text and dates as Date or text, so the services read them through these few helpers instead of
 * each writing its own.
 */

/** A number column: null, undefined and '' read as 0. */
export const num = (v: unknown): number => (v === null || v === undefined || v === '' ? 0 : Number(v));

/** A date column as its day (YYYY-MM-DD); the value must be present. */
export const dayText = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/** A date column that may be empty: its day, or null. */
export const dayOrNull = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : dayText(v));

/** A json column as its value: text is parsed (null when it is not JSON), anything else is itself. */
export function jsonValue(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return null;
  }
}

/** A json column holding a list of texts (a line's categories, say): [] when it is anything else. */
export const textList = (v: unknown): string[] => {
  const a = jsonValue(v);
  return Array.isArray(a) ? a.map(String) : [];
};
