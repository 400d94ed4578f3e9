import { resolveDefault, type TokenContext } from './default-tokens';
import type { DictItem } from './dictionaries';
import { requireEntity, type EntityDef, type FieldDef } from './entity';
import { cellContent, cellToInput, dateCellText, dictLookup, importColumns, isBlankInput, numberText, matchHeaders, matrixChildOf, type DictLookup, type ExcelColumn, type MatrixColumns } from './excel';
import { applyMapping, type ConfirmedMapping } from './import-mapping';
import { normaliseText, validateRecord, type MessageRef, type ValidateOptions } from './validate';

/**
 * One sheet row read and checked as the import reads and checks it (issue 33, "fixing in the grid").
 * The server's import (services/import) takes a row's cells to inputs with `rowInput` below; the
 * browser's fixing grid re-checks an edited row with `rowChecker`, built from the same pieces: the
 * sheet's columns (`sheetLayout`: the template's headers or the buyer's confirmed mapping), the cells
 * to inputs, the reference codes against the company's codes, and `validateRecord` of the header and
 * of each line (the matrix's sizes as lines), with the entity's defaults. What only the server can
 * know (a key already stored, a duplicate elsewhere in the file, the entity's own hooks, the data
 * scope) is checked again by the commit, which holds a row that fails it.
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

/** A dictionary column's lookup with the company's own items added (labels first, values last). */
export function withTenantItems(lookup: DictLookup | null, own: readonly DictItem[] | undefined): DictLookup | null {
  if (!own?.length) return lookup;
  const m: DictLookup = new Map(lookup ?? []);
  for (const i of own) {
    if (!m.has(i.label.en.toLowerCase())) m.set(i.label.en.toLowerCase(), i.value);
    if (!m.has(i.label.zh.toLowerCase())) m.set(i.label.zh.toLowerCase(), i.value);
  }
  for (const i of own) m.set(i.value.toLowerCase(), i.value);
  return m;
}

/** The field a reference column's codes are read by (the target's code field; a user: its name). */
export function refCodeFieldOf(column: ExcelColumn): FieldDef | null {
  if (!column.ref || column.ref.entity === 'user') return null;
  return requireEntity(column.ref.entity).fields.find((f) => f.key === column.ref!.codeField) ?? null;
}

/** How the sheet's columns are read: per column its import column, the matrix's size columns, header values every row takes. */
export type SheetLayout = {
  entity: EntityDef;
  mapping: Array<ExcelColumn | null>;
  matrix: (MatrixColumns & { cellColumn: ExcelColumn | null }) | null;
  fixedHeader: Row | null;
};

/** The layout of a sheet: by its header row (our template), or by the mapping the buyer confirmed. */
export function sheetLayout(entity: EntityDef, headerCells: readonly unknown[], confirmed?: ConfirmedMapping | null): SheetLayout {
  let mapping: Array<ExcelColumn | null>;
  let matrix: MatrixColumns | null;
  let fixedHeader: Row | null = null;
  if (confirmed) {
    const a = applyMapping(entity, confirmed);
    const mc = matrixChildOf(entity);
    mapping = a.mapping;
    matrix = mc && a.sizes.length ? { child: mc.key, decl: mc.matrix, columns: a.sizes } : null;
    if (matrix?.decl.when && !mapping.some((c) => c?.id === matrix!.decl.when!.field)) fixedHeader = { [matrix.decl.when.field]: matrix.decl.when.value };
  } else {
    const m = matchHeaders(entity, headerCells);
    mapping = m.mapping;
    matrix = m.matrix ?? null;
  }
  const cellColumn = matrix ? (importColumns(entity).find((c) => c.id === `${matrix!.child}.${matrix!.decl.cellField}`) ?? null) : null;
  return { entity, mapping, matrix: matrix ? { ...matrix, cellColumn } : null, fixedHeader };
}

/** One problem of a row: the sheet column (-1: none), the import column's id and the message. */
export type RowIssue = { col: number; field: string; message: MessageRef };

/** What the browser knows beyond the declarations: the company's dictionary items, codes, the session. */
export type RowCheckContext = {
  dictItems?: ReadonlyMap<string, readonly DictItem[]>;
  /** Per reference column id: the company's codes; `complete` false: more exist (an unknown code is left to the server). */
  knownCodes?: ReadonlyMap<string, { codes: ReadonlySet<string>; complete: boolean }>;
  defaults: TokenContext;
  /** An update by import merges over the stored record: only the fields given are checked. */
  partial?: boolean;
};

/** A row checker for one sheet: `check(cells, continuation)` lists the row's issues (a later row of a document skips the header's rules). */
export function rowChecker(layout: SheetLayout, ctx: RowCheckContext): (cells: readonly unknown[], continuation?: boolean) => RowIssue[] {
  const { entity } = layout;
  const dictExtras = new Map<string, ReadonlySet<string>>([...(ctx.dictItems ?? new Map<string, readonly DictItem[]>())].map(([k, items]) => [k, new Set(items.map((i) => i.value))]));
  const active: ActiveColumn[] = [];
  const columnIndex = new Map<string, number>();
  layout.mapping.forEach((column, index) => {
    if (!column) return;
    columnIndex.set(column.id, index);
    const dict = column.kind === 'dict' || column.kind === 'multidict' ? withTenantItems(dictLookup(column), column.field.dict ? ctx.dictItems?.get(column.field.dict) : undefined) : null;
    active.push({ index, column, dict, refCode: column.kind === 'reference' ? refCodeFieldOf(column) : null });
  });
  const options: ValidateOptions = { skipRequired: entity.numbering ? [entity.numbering.field] : [], dictExtras, partial: ctx.partial };
  const lineOptions: ValidateOptions = { dictExtras };
  const children = (entity.children ?? []).map((c) => ({ key: c.key, entity: requireEntity(c.entity) }));
  const defaults = (e: EntityDef, input: Row): Row => {
    const out = { ...input };
    for (const f of e.fields) if (!f.readonly && f.default !== undefined && (out[f.key] === undefined || out[f.key] === null)) out[f.key] = resolveDefault(f.default, ctx.defaults);
    return out;
  };
  return (cells, continuation = false) => {
    const issues: RowIssue[] = [];
    const add = (id: string, message: MessageRef, col?: number) => issues.push({ col: col ?? columnIndex.get(id) ?? -1, field: id, message });
    const input = rowInput(active, cells as unknown[]);
    if (layout.fixedHeader) for (const k in layout.fixedHeader) input.header[k] ??= layout.fixedHeader[k];
    const refErrors = applyKnownCodes(active, input, ctx, add);
    if (!continuation) {
      const v = validateRecord(entity, ctx.partial ? input.header : defaults(entity, input.header), options);
      for (const field in v.errors) if (!refErrors.has(field)) add(field, v.errors[field]);
    }
    for (const child of children) {
      const ci = input.children?.get(child.key) ?? null;
      if (layout.matrix?.child === child.key && layout.matrix.columns.some((c) => matrixQty(layout, cells, c.index) !== null)) {
        matrixIssues(layout, child.entity, ci ?? {}, cells, defaults(entity, input.header), refErrors, lineOptions, defaults, add);
        continue;
      }
      if (!ci) continue;
      const v = validateRecord(child.entity, defaults(child.entity, ci), lineOptions);
      for (const field in v.errors) if (!refErrors.has(`${child.key}.${field}`)) add(`${child.key}.${field}`, v.errors[field]);
    }
    return issues;
  };
}

/** Reference codes against the company's codes: an unknown one is the row's error (as the server's look-up says), a known one a placeholder id. */
function applyKnownCodes(active: ActiveColumn[], input: RowInput, ctx: RowCheckContext, add: (id: string, m: MessageRef) => void): Set<string> {
  const failed = new Set<string>();
  for (const { column } of active) {
    if (column.kind !== 'reference') continue;
    const v = valueIn(input, column);
    if (typeof v !== 'string') continue;
    const known = ctx.knownCodes?.get(column.id);
    const missing = known ? !known.codes.has(v) && known.complete : false;
    if (missing) {
      add(column.id, { key: 'excel.refNotFound', params: { value: v } });
      failed.add(column.id);
    }
    const target = column.child ? input.children!.get(column.child)! : input.header;
    target[column.field.key] = missing ? -1 : 1;
  }
  return failed;
}

/** A matrix cell as the quantity's raw input (null: blank). */
function matrixQty(layout: SheetLayout, cells: readonly unknown[], index: number): unknown {
  const m = layout.matrix!;
  const v = m.cellColumn ? cellToInput(m.cellColumn, cells[index], null) : cellContent(cells[index]);
  return isBlankInput(v) ? null : v;
}

/** The lines of a matrix row (sizes as columns), checked as the import checks them (import.service matrixLines). */
function matrixIssues(layout: SheetLayout, child: EntityDef, base: Row, cells: readonly unknown[], header: Row, refErrors: Set<string>, options: ValidateOptions, defaults: (e: EntityDef, input: Row) => Row, add: (id: string, m: MessageRef, col?: number) => void): void {
  const m = layout.matrix!;
  const { decl } = m;
  const filled = m.columns.filter((c) => matrixQty(layout, cells, c.index) !== null);
  const cellId = `${m.child}.${decl.cellField}`;
  const kind = decl.when ? header[decl.when.field] : undefined;
  if (!m.cellColumn || (decl.when && kind !== undefined && kind !== null && String(kind) !== decl.when.value)) {
    add(cellId, { key: 'excel.matrixNotApplicable' }, filled[0].index);
    return;
  }
  const reported = new Set<string>();
  const once = (field: string, message: MessageRef) => {
    if (reported.has(field) || refErrors.has(`${m.child}.${field}`)) return;
    reported.add(field);
    add(`${m.child}.${field}`, message);
  };
  for (const f of [decl.cellField, decl.colField]) if (!isBlankInput(base[f])) once(f, { key: 'excel.matrixAndLineColumn' });
  for (const f of [decl.blockField ?? 'style_no', decl.rowField]) if (child.fields.some((x) => x.key === f) && isBlankInput(base[f])) once(f, { key: 'rule.required' });
  for (const c of filled) {
    const qty = matrixQty(layout, cells, c.index);
    if (Number(qty) === 0) continue;
    const v = validateRecord(child, defaults(child, { ...base, [decl.colField]: c.value, [decl.cellField]: qty }), options);
    for (const field in v.errors) {
      if (field === decl.cellField || field === decl.colField) add(cellId, v.errors[field], c.index);
      else once(field, v.errors[field]);
    }
  }
}

/** A cell as the fixing grid shows and edits it: the text a person would type (a date as YYYY-MM-DD, a dictionary's label as written). */
export function cellText(column: ExcelColumn | null, raw: unknown, date1904 = false): string | null {
  const v = column ? cellToInput(column, raw, null, date1904) : cellContent(raw);
  if (v === null || v === undefined) return null;
  if (Array.isArray(v)) return v.join(',');
  if (typeof v === 'number') return numberText(v);
  if (v instanceof Date) return dateCellText(v);
  return String(v);
}
