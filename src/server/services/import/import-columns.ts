import { getEntity, normaliseText, type DictItem, type FieldDef } from '../../../model';
import { cellToInput, fnv1aHash, isBlankInput, type DictLookup, type ExcelColumn } from '../../../model/excel';

/**
 * The import's reading of sheet columns: cells to the inputs a form would have sent, reference
 * columns to where their codes are looked up, and the company's dictionary items in the lookups.
 */
export type Row = Record<string, unknown>;

/** One sheet row's inputs: the header's fields and each child collection's line fields. */
export type RowInput = { header: Row; children: Map<string, Row> | null };

/** A mapped column with its dictionary and reference code field, resolved once per file. */
export type ActiveColumn = { index: number; column: ExcelColumn; dict: DictLookup | null; refCode: FieldDef | null };

/** The input of a column in a row (a line column reads its collection's line). */
export function valueIn(input: RowInput, column: ExcelColumn): unknown {
  return column.child ? input.children?.get(column.child)?.[column.field.key] : input.header[column.field.key];
}

/** A row's cells as inputs, per mapped column (no closure and no lookups per cell); `date1904` is the workbook's date system. */
export function rowInput(active: ActiveColumn[], cells: unknown[], date1904 = false): RowInput {
  const input: RowInput = { header: {}, children: null };
  for (let k = 0; k < active.length; k++) {
    const { index, column, dict, refCode } = active[k];
    let v = cellToInput(column, cells[index], dict, date1904);
    if (column.kind === 'reference' && typeof v === 'string') v = refCode ? normaliseText(refCode, v) : v.trim();
    if (isBlankInput(v)) continue;
    if (column.child) {
      input.children ??= new Map();
      let ci = input.children.get(column.child);
      if (!ci) input.children.set(column.child, (ci = {}));
      ci[column.field.key] = v;
    } else input.header[column.field.key] = v;
  }
  return input;
}

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

/** A dictionary column's lookup with the company's own items added (labels first, values last). */
export function withTenantItems(lookup: DictLookup | null, own: DictItem[] | undefined): DictLookup | null {
  if (!own?.length) return lookup;
  const m: DictLookup = new Map(lookup ?? []);
  for (const i of own) {
    if (!m.has(i.label.en.toLowerCase())) m.set(i.label.en.toLowerCase(), i.value);
    if (!m.has(i.label.zh.toLowerCase())) m.set(i.label.zh.toLowerCase(), i.value);
  }
  for (const i of own) m.set(i.value.toLowerCase(), i.value);
  return m;
}
