import { getEntity, type FieldDef } from '../../../model';
import { fnv1aHash, type ExcelColumn } from '../../../model/excel';

/**
 * The import's reading of sheet columns: cells to the inputs a form would have sent, reference
 * columns to where their codes are looked up, and the company's dictionary items in the lookups.
 */
// A row's cells to inputs is shared with the browser's fixing grid (issue 33), so both read a cell alike.
export { rowInput, valueIn, withTenantItems, type ActiveColumn, type Row, type RowInput } from '../../../model/import-row-check';

/** FNV-1a of a value's JSON text, never 0 (0 marks an empty slot). */
export function valueHash(v: unknown): number {
  // A string's own characters (JSON would only add quotes and escapes around them); the type
  // seeds the hash so the text "12" and the number 12 differ, as their JSON does.
  return typeof v === 'string' ? fnv1aHash(v) | 1 : fnv1aHash(JSON.stringify(v) ?? '', 0x050c5d1f) | 1;
}

/** Where a reference column's codes are looked up: the target table and its code column. */
export type RefSource = { table: string; codeColumn: string; codeField: FieldDef | null; cacheKey: string };
/** Reference codes to ids per source, for the whole file ('many': ambiguous, 0: not found). */
export type RefCache = Map<string, Map<string, number | 'many'>>;

/** Per column, computed once per file (it was looked up again for every cell of every row). */
const REF_SOURCES = new WeakMap<ExcelColumn, RefSource | null>();

export function refSource(column: ExcelColumn): RefSource | null {
  if (REF_SOURCES.has(column)) return REF_SOURCES.get(column)!;
  const source = findRefSource(column);
  REF_SOURCES.set(column, source ? { ...source, cacheKey: `${source.table}.${source.codeColumn}` } : null);
  return REF_SOURCES.get(column)!;
}

function findRefSource(column: ExcelColumn): { table: string; codeColumn: string; codeField: FieldDef | null } | null {
  if (!column.ref) return null;
  if (column.ref.entity === 'user') return { table: 'users', codeColumn: 'username', codeField: null };
  const target = getEntity(column.ref.entity);
  if (!target) return null;
  return { table: target.table, codeColumn: column.ref.codeField, codeField: target.fields.find((f) => f.key === column.ref!.codeField) ?? null };
}
