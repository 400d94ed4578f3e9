import type { ChildDef, ChildMatrix, EntityDef, FieldDef, Label } from './entity';
import { getEntity } from './entity';
import { getDictionary, type DictItem } from './dictionaries';
import { CELL_FORMAT_TABLE, cellFormatOf, FIELD_TYPE_TABLE, type CellFormat, type ExcelKind } from './field-types';
import { translate } from './i18n';
import './i18n/excel-part';
import type { Language } from './i18n/types';
import { labelIn } from './label-text';

/**
 * Excel import templates and exports, derived from entity declarations (ARCHITECTURE "One source of
 * truth"): which fields a template has, their headers in zh-CN or en, how a header maps back to a
 * field, and how a cell becomes the raw input that validateRecord checks (so an import applies the
 * very rules the form applies). Pure: the server's streaming reader and writer and the browser
 * both use it.
 */

/** The rows of one worksheet in Excel and WPS (a list export writes its header in the first). */
export const EXCEL_SHEET_ROWS = 1_048_576;

/**
 * The rows an export writes under its header: the records, and for a grouped export (`groups` not
 * null) each group's header and subtotal rows and the grand total.
 */
export function exportSheetRows(records: number, groups: number | null): number {
  return records + (groups === null ? 0 : 2 * groups + 1);
}

/** Whether an export of `records` rows (in `groups` groups, or ungrouped) fits one worksheet with its header. */
export const exportFitsSheet = (records: number, groups: number | null): boolean => 1 + exportSheetRows(records, groups) <= EXCEL_SHEET_ROWS;

/** Hidden sheet that identifies a template or an export: magic, entity, version, language, kind. */
export const TEMPLATE_SHEET = '_template';
/** Hidden sheet holding the drop-down lists of dictionary columns. */
export const LISTS_SHEET = '_lists';
export const TEMPLATE_MAGIC = 'garment-scm-xlsx';
export const DATA_SHEET = 'data';

/** How a cell's content becomes a field's raw input (the field-type table's excelKind). */
export type ColumnKind = ExcelKind;

export type ExcelColumn = {
  /** `name` for a header field, `price_history.price` for a field of a line (master-detail). */
  id: string;
  field: FieldDef;
  /** Key of the child collection when this is a line field. */
  child?: string;
  header: Label;
  /** Required on import (a numbered code the server assigns is not). */
  required: boolean;
  kind: ColumnKind;
  /** A reference column carries the target's business code, not its id. */
  ref?: { entity: string; codeField: string };
};

/** A field's kind in sheets; null: a structure edited in its own widget, not in templates. */
const kindOf = (field: FieldDef): ColumnKind | null => FIELD_TYPE_TABLE[field.type].excelKind;

/** The business code a reference column is written with (the target's code field), or null. */
export function refCodeField(field: FieldDef): string | null {
  if (!field.ref) return null;
  if (field.ref.codeField) return field.ref.codeField;
  if (field.ref.entity === 'user') return 'username';
  return getEntity(field.ref.entity)?.codeField ?? null;
}

/**
 * The header of the column an export writes beside a reference's code: the referenced record's name
 * under the field's own label (供应商), as the list shows it. An import ignores it and reads the code.
 */
export function refNameHeader(column: ExcelColumn): Label {
  const l = column.field.label;
  if (!column.child) return l;
  const child = column.header.zh.split('.')[0];
  const childEn = column.header.en.split('.')[0];
  return { zh: `${child}.${l.zh}`, en: `${childEn}.${l.en}` };
}

/** A reference column's header names the code it expects: 供应商 -> 供应商编码, Vendor -> Vendor code. */
function refHeader(label: Label): Label {
  return {
    zh: /编码$|代码$/.test(label.zh) ? label.zh : `${label.zh}编码`,
    en: /\bcode$/i.test(label.en) ? label.en : `${label.en} code`,
  };
}

function columnOf(entity: EntityDef, field: FieldDef, child?: { key: string; label: Label }): ExcelColumn | null {
  const kind = kindOf(field);
  if (field.readonly || !kind) return null;
  let header: Label = field.label;
  let ref: ExcelColumn['ref'];
  if (kind === 'reference') {
    const code = refCodeField(field);
    if (!code || !field.ref) return null;
    ref = { entity: field.ref.entity, codeField: code };
    header = refHeader(field.label);
  }
  if (child) header = { zh: `${child.label.zh}.${header.zh}`, en: `${child.label.en}.${header.en}` };
  const numbered = entity.numbering?.field === field.key;
  return {
    id: child ? `${child.key}.${field.key}` : field.key,
    field,
    child: child?.key,
    header,
    required: Boolean(field.required) && !numbered,
    kind,
    ref,
  };
}

/**
 * The columns of an entity's import template, in declaration order: its writable fields, then the
 * fields of each child collection (a master-detail document imports from one sheet, one line per
 * row, grouped by the document's code).
 *
 * Example: `importColumns(vendor).map((c) => c.header.zh)` starts `['供应商编码', '供应商名称', ...]`.
 */
export function importColumns(entity: EntityDef): ExcelColumn[] {
  const out: ExcelColumn[] = [];
  for (const f of entity.fields) {
    const c = columnOf(entity, f);
    if (c) out.push(c);
  }
  for (const child of entity.children ?? []) {
    const childEntity = getEntity(child.entity);
    if (!childEntity) continue;
    for (const f of childEntity.fields) {
      if (f.key === child.foreignKey) continue;
      const c = columnOf(childEntity, f, child);
      if (c) out.push(c);
    }
  }
  return out;
}

/** Export columns: the listed field keys (what the grid shows) or every field, readonly ones included. */
export function exportColumns(entity: EntityDef, keys?: readonly string[]): ExcelColumn[] {
  const pick = keys && keys.length ? keys : entity.fields.map((f) => f.key);
  const out: ExcelColumn[] = [];
  for (const key of pick) {
    const field = entity.fields.find((f) => f.key === key);
    const kind = field ? kindOf(field) : null;
    if (!field || !kind) continue;
    const writable = columnOf(entity, field);
    if (writable) out.push(writable);
    else if (field.readonly) out.push({ id: field.key, field, header: field.label, required: false, kind });
  }
  return out;
}

/** Header text of a column; `*` marks a required column in templates. */
export function headerText(column: ExcelColumn, language: Language, markRequired = true): string {
  const text = labelIn(column.header, language);
  return markRequired && column.required ? `*${text}` : text;
}

/** 32-bit FNV-1a of a text's UTF-16 code units, from `seed` (the FNV offset basis by default). */
export function fnv1aHash(text: string, seed = 0x811c9dc5): number {
  let h = seed;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h;
}

function fnv1a(text: string): string {
  return (fnv1aHash(text) >>> 0).toString(16).padStart(8, '0');
}

/** A template's version: changes whenever its columns, their types, rules or dictionaries change. */
export function templateVersion(entity: EntityDef): string {
  const parts = importColumns(entity).map((c) => [c.id, c.field.type, c.required ? 1 : 0, c.field.dict ?? '', (c.field.rules ?? []).join('+'), c.ref?.entity ?? ''].join(':'));
  return fnv1a(`${entity.name}|${parts.join('|')}`);
}

export type TemplateMeta = { magic: string; entity: string; version: string; language: Language; kind: 'template' | 'export' };

/** The rows of the hidden identity sheet. */
export function metaRows(meta: Omit<TemplateMeta, 'magic'>): string[][] {
  return [
    ['magic', TEMPLATE_MAGIC],
    ['entity', meta.entity],
    ['version', meta.version],
    ['language', meta.language],
    ['kind', meta.kind],
  ];
}

/** Reads the identity sheet's rows back; null when they are not ours. */
export function parseMeta(rows: unknown[][]): TemplateMeta | null {
  const map = new Map<string, string>();
  for (const r of rows) if (typeof r[0] === 'string' && r[1] !== undefined && r[1] !== null) map.set(r[0], String(r[1]));
  if (map.get('magic') !== TEMPLATE_MAGIC || !map.get('entity')) return null;
  const language = map.get('language') === 'en' ? 'en' : 'zh-CN';
  return { magic: TEMPLATE_MAGIC, entity: map.get('entity')!, version: map.get('version') ?? '', language, kind: map.get('kind') === 'export' ? 'export' : 'template' };
}

const normHeader = (s: string) => s.replace(/^[\s*＊]+/, '').replace(/\s+/g, ' ').trim().toLowerCase();

export type HeaderMatch = {
  /** Per sheet column (0-based), the template column it holds, or null (ignored or blank). */
  mapping: Array<ExcelColumn | null>;
  missingRequired: ExcelColumn[];
  /** Header texts that name no field of the entity. */
  unknown: string[];
  /** Header texts that name the same column twice. */
  duplicates: string[];
  matched: number;
  /**
   * An entity whose child declares a matrix (ChildMatrix): the headers that name no field are its
   * column values (sizes), each cell of such a column the quantity of one line.
   */
  matrix?: MatrixColumns;
};

/** The matrix columns of a sheet: the child, its declaration, and per column value its sheet column (0-based). */
export type MatrixColumns = { child: string; decl: ChildMatrix; columns: Array<{ index: number; value: string }> };

/** The child collection whose lines an import may take as a matrix (the first that declares one). */
export function matrixChildOf(entity: EntityDef): (ChildDef & { matrix: ChildMatrix }) | null {
  return (entity.children?.find((c) => c.matrix) as (ChildDef & { matrix: ChildMatrix }) | undefined) ?? null;
}

/** The column values (sizes) a template of a matrix child starts with. */
export const DEFAULT_MATRIX_COLUMNS = ['S', 'M', 'L', 'XL'];

/**
 * Maps a sheet's header row to template columns by zh or en header (a leading `*` ignored) or by
 * field key. Headers of fields that are not imported (a status column of an export) are ignored,
 * not unknown, so exported files import again.
 */
export function matchHeaders(entity: EntityDef, headers: readonly unknown[]): HeaderMatch {
  const columns = importColumns(entity);
  const byName = new Map<string, ExcelColumn>();
  for (const c of columns) for (const name of [c.header.zh, c.header.en, c.id]) byName.set(normHeader(name), c);
  const ignorable = new Set<string>();
  // The error workbook's added messages column (错误信息 / Messages), so a fixed error workbook uploads again.
  for (const l of ['zh-CN', 'en'] as const) ignorable.add(normHeader(translate(l, 'excel.messagesColumn')));
  for (const f of entity.fields) if (!columns.some((c) => c.field === f && !c.child)) for (const n of [f.label.zh, f.label.en, f.key]) ignorable.add(normHeader(n));
  // An export's name column beside a reference's code (the code is what is read back).
  for (const c of columns) if (c.ref) for (const n of Object.values(refNameHeader(c))) if (!byName.has(normHeader(n))) ignorable.add(normHeader(n));
  const mapping: Array<ExcelColumn | null> = [];
  const seen = new Set<string>();
  const unknown: string[] = [];
  const duplicates: string[] = [];
  let matched = 0;
  const matrixChild = matrixChildOf(entity);
  const matrix: MatrixColumns | undefined = matrixChild ? { child: matrixChild.key, decl: matrixChild.matrix, columns: [] } : undefined;
  headers.forEach((h, i) => {
    const text = h === null || h === undefined ? '' : String(h);
    const key = normHeader(text);
    const col = key ? byName.get(key) : undefined;
    if (!key || (!col && ignorable.has(key))) mapping[i] = null;
    else if (!col && matrix) {
      // A header that names no field is a column value of the matrix (a size); twice is a duplicate.
      mapping[i] = null;
      const value = text.replace(/^[\s*＊]+/, '').trim();
      if (matrix.columns.some((c) => c.value.toLowerCase() === value.toLowerCase())) duplicates.push(value);
      else matrix.columns.push({ index: i, value });
    } else if (!col) {
      mapping[i] = null;
      unknown.push(text.trim());
    } else if (seen.has(col.id)) {
      mapping[i] = null;
      duplicates.push(text.trim());
    } else {
      seen.add(col.id);
      mapping[i] = col;
      matched++;
    }
  });
  // A line column is required only on rows that give a line, so it may be absent from the sheet.
  const missingRequired = columns.filter((c) => c.required && !c.child && !seen.has(c.id));
  return { mapping, missingRequired, unknown, duplicates, matched, ...(matrix && matrix.columns.length ? { matrix } : {}) };
}

/** Days from 1899-12-30 (Excel's day 0 once its 1900 leap-year bug is accounted for) to 1970-01-01. */
const EXCEL_EPOCH_OFFSET = 25569;
/** A 1904 workbook counts its serials from 1904-01-01 (serial 0), 1,462 days after the 1900 system's day 0. */
const OFFSET_1904 = 1462;
/**
 * Serial 60 is the 1900-02-29 that Excel shows and that never was (Lotus 1-2-3 took 1900 for a
 * leap year, Excel kept it): serials 1-59 (1900-01-01 to 1900-02-28) come one day later than a
 * count from 1899-12-30 gives, serials from 61 (1900-03-01) are right.
 */
const FICTITIOUS_LEAP_DAY = 60;

/**
 * An Excel serial date as UTC wall-clock parts (Excel dates carry no time zone), in the workbook's
 * date system. 1900 system: 1 = 1900-01-01, 59 = 1900-02-28, 60 (Excel's fictitious 1900-02-29) is
 * read as 1900-02-28 too (its time of day kept), 61 = 1900-03-01 (issue 33). 1904 system: 0 =
 * 1904-01-01, no leap day to skip. Below 1 a serial is a time of day alone: 1899-12-30 with that
 * time in both systems, as the reader gives it.
 */
export function excelSerialToDate(serial: number, date1904 = false): Date {
  let days = serial;
  if (serial >= 1) {
    if (date1904) days = serial + OFFSET_1904;
    else if (serial < FICTITIOUS_LEAP_DAY) days = serial + 1;
  }
  return new Date(Math.round((days - EXCEL_EPOCH_OFFSET) * 86400000));
}

/** The 1900-system serial of a date (excelSerialToDate's inverse; dates before 1900-03-01 one lower). */
export function dateToExcelSerial(date: Date): number {
  const days = date.getTime() / 86400000 + EXCEL_EPOCH_OFFSET;
  return days >= 2 && days < FICTITIOUS_LEAP_DAY + 1 ? days - 1 : days;
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const hms = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;

/**
 * The plain content of a cell as the streaming reader gives it: rich text joined, a formula's
 * result, a hyperlink's text, an error as null; strings trimmed.
 */
export function cellContent(raw: unknown): unknown {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string') {
    const t = raw.trim();
    return t === '' ? null : t;
  }
  if (typeof raw === 'number' || typeof raw === 'boolean' || raw instanceof Date) return raw;
  if (typeof raw === 'object') {
    const o = raw as { richText?: Array<{ text?: string }>; result?: unknown; text?: unknown; error?: unknown; formula?: unknown; sharedFormula?: unknown };
    if (Array.isArray(o.richText)) return cellContent(o.richText.map((r) => r.text ?? '').join(''));
    if ('formula' in o || 'sharedFormula' in o || 'result' in o) return cellContent(o.result);
    if (o.error !== undefined) return null;
    if (o.text !== undefined) return cellContent(o.text);
  }
  return null;
}

/** Dictionary lookup of a column: value, zh label and en label (case-insensitive) to the value. */
export type DictLookup = Map<string, string>;

export function dictLookup(column: ExcelColumn): DictLookup | null {
  const dict = column.field.dict ? getDictionary(column.field.dict) : undefined;
  if (!dict) return null;
  const m: DictLookup = new Map();
  // Labels first, values last: a value always wins over another item's label.
  for (const i of dict.items) {
    m.set(i.label.en.toLowerCase(), i.value);
    m.set(i.label.zh.toLowerCase(), i.value);
  }
  for (const i of dict.items) m.set(i.value.toLowerCase(), i.value);
  return m;
}

/** The drop-down entries of a dictionary or boolean column in a template. */
export function dropDownOptions(column: ExcelColumn, language: Language): string[] | null {
  if (column.kind === 'boolean') return language === 'en' ? ['Yes', 'No'] : ['是', '否'];
  if (column.kind !== 'dict') return null;
  const dict = column.field.dict ? getDictionary(column.field.dict) : undefined;
  if (!dict || !dict.items.length) return null;
  return dict.items.map((i) => labelIn(i.label, language));
}

/**
 * The message for an upload that is not an .xlsx by its name (null for an .xlsx): an old .xls, a
 * CSV or a WPS .et file is told how to save it as .xlsx; anything else gets the general message.
 */
export function uploadTypeMessageKey(fileName: string): 'excel.xlsFile' | 'excel.csvFile' | 'excel.etFile' | 'excel.wrongFileType' | null {
  const ext = /\.([^.\\/]+)$/.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
  if (ext === 'xlsx') return null;
  if (ext === 'xls' || ext === 'xlt') return 'excel.xlsFile';
  if (ext === 'csv' || ext === 'txt' || ext === 'tsv') return 'excel.csvFile';
  if (ext === 'et' || ext === 'ett') return 'excel.etFile';
  return 'excel.wrongFileType';
}

/**
 * A number cut at 15 significant digits (float noise of computed cells). Its shortest text is
 * already that when it has at most 15 characters (so at most 15 digits): the common case of an
 * import's cells, without toPrecision's slower path (benchmark B2).
 */
export const numberText = (n: number) => {
  const s = String(n);
  return s.length <= 15 && !s.includes('e') ? s : String(Number(n.toPrecision(15)));
};

/**
 * A date cell (a number under a date or time format, read as a Date) under a column that is not
 * a date: the text Excel shows, in the product's format. A date at midnight is YYYY-MM-DD, a date
 * with a time YYYY-MM-DD HH:mm[:ss], a time of day alone (day 0, 1899-12-30) HH:mm[:ss].
 */
export function dateCellText(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const ms = ((d.getTime() % 86400000) + 86400000) % 86400000;
  const time = d.getUTCSeconds() ? hms(d) : hms(d).slice(0, 5);
  if (ymd(d) === '1899-12-30') return time;
  return ms === 0 ? ymd(d) : `${ymd(d)} ${time}`;
}

/**
 * A cell's content as the raw input of its field: what a person would have typed in the form.
 * Dictionary labels become values, Excel serial dates become YYYY-MM-DD text, floating-point noise
 * of computed cells is cut at 15 significant digits. Validation then runs as for the form.
 */
export function cellToInput(column: ExcelColumn, raw: unknown, dict: DictLookup | null, date1904 = false): unknown {
  const v = cellContent(raw);
  if (v === null) return null;
  switch (column.kind) {
    case 'date':
    case 'datetime':
    case 'month': {
      // A plain number is a serial day of the workbook's date system (1904: from 1904-01-01).
      const d = typeof v === 'number' ? excelSerialToDate(v, date1904) : v instanceof Date ? v : null;
      if (!d) return String(v);
      if (Number.isNaN(d.getTime())) return String(v);
      // A time of day alone (a serial below 1, a t="d" "T12:30:00") names no day: the text Excel
      // shows ("12:30"), which the column's rule refuses, never 1899-12-30 stored as a date (issue 33).
      if (ymd(d) === '1899-12-30') return dateCellText(d);
      if (column.kind === 'date') return ymd(d);
      if (column.kind === 'month') return ymd(d).slice(0, 7);
      return `${ymd(d)} ${hms(d)}`;
    }
    case 'number':
      return typeof v === 'number' ? numberText(v) : v instanceof Date ? dateCellText(v) : String(v);
    case 'boolean':
      return typeof v === 'boolean' ? v : String(v);
    case 'dict': {
      const text = typeof v === 'number' ? numberText(v) : v instanceof Date ? dateCellText(v) : String(v);
      return dict?.get(text.toLowerCase()) ?? text;
    }
    case 'multidict': {
      const text = v instanceof Date ? dateCellText(v) : String(v);
      const parts = text.split(/[,，;；]/).map((s) => s.trim()).filter(Boolean);
      return parts.map((p) => dict?.get(p.toLowerCase()) ?? p);
    }
    default:
      if (typeof v === 'number') return numberText(v);
      if (v instanceof Date) return dateCellText(v);
      return String(v);
  }
}

/** Whether a raw input is blank (no value in the cell). */
export function isBlankInput(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

/** Per dictionary field, value to its zh and en labels (an export looks up every cell). */
const DICT_LABELS = new WeakMap<ExcelColumn['field'], Map<string, { zh: string; en: string }>>();

/** A company's own dictionary items by dictionary code (they extend the system dictionaries). */
export type CompanyDictItems = ReadonlyMap<string, readonly DictItem[]>;

/** Dictionary value to its label in the export language (a company's own item too); unknown values stay as they are. */
function dictLabel(column: ExcelColumn, value: unknown, language: Language, own?: CompanyDictItems): string {
  let labels = DICT_LABELS.get(column.field);
  if (!labels) {
    const dict = column.field.dict ? getDictionary(column.field.dict) : undefined;
    labels = new Map();
    // The first item of a value wins, as a search from the start would find it.
    for (const i of dict?.items ?? []) if (!labels.has(i.value)) labels.set(i.value, i.label);
    DICT_LABELS.set(column.field, labels);
  }
  const text = String(value);
  const label = labels.get(text) ?? (column.field.dict ? own?.get(column.field.dict)?.find((i) => i.value === text)?.label : undefined);
  return label ? labelIn(label, language) : text;
}

function parseDateParts(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(text);
  if (!m) return null;
  return new Date(Date.UTC(+m[1], +m[2] - 1, m[3] ? +m[3] : 1, m[4] ? +m[4] : 0, m[5] ? +m[5] : 0, m[6] ? +m[6] : 0));
}

/**
 * A stored value as an export cell, in a form the import reads back: dictionary labels, Yes/No,
 * real Excel dates (UTC wall clock, formatted by the column's cell format), numbers as numbers,
 * references as the target's code (looked up by the caller and passed in `refCode`).
 */
export function exportCell(column: ExcelColumn, value: unknown, language: Language, refCode?: string | null, own?: CompanyDictItems): string | number | boolean | Date | null {
  if (value === null || value === undefined) return null;
  switch (column.kind) {
    case 'reference':
      return refCode ?? null;
    case 'dict':
      return dictLabel(column, value, language, own);
    case 'multidict': {
      const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
      return list.map((v) => dictLabel(column, v, language, own)).join(',');
    }
    case 'boolean':
      return value === true ? (language === 'en' ? 'Yes' : '是') : value === false ? (language === 'en' ? 'No' : '否') : String(value);
    case 'number':
      return typeof value === 'number' ? value : Number.isFinite(Number(value)) ? Number(value) : String(value);
    case 'date':
    case 'datetime': {
      const d = value instanceof Date ? value : parseDateParts(String(value));
      return d ?? String(value);
    }
    default:
      return typeof value === 'object' ? JSON.stringify(value) : (value as string | number | boolean);
  }
}

/** The Excel number format of a column (its field's cell format in the field-type table). */
export function columnFormat(column: ExcelColumn): string | undefined {
  return CELL_FORMAT_TABLE[cellFormatOf(column.field)].numFmt;
}

/**
 * A value as the cell of a column of that format holds it: a number for a number format (a numeric
 * text such as a summed '12.5' too), a real date (UTC midnight, so the serial day is whole) for a
 * date or a week's Monday given as 'YYYY-MM-DD', text for a text or code format (a number as its
 * digits, so a code never becomes a number); anything else unchanged.
 */
export function formatCell(format: CellFormat, value: unknown): string | number | boolean | Date | null {
  if (value === null || value === undefined || value === '') return null;
  const cell = CELL_FORMAT_TABLE[format].cell;
  if (cell === 'number') {
    const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    return Number.isFinite(n) ? n : String(value);
  }
  if (cell === 'date') return value instanceof Date ? value : (parseDateParts(String(value)) ?? String(value));
  if (typeof value === 'number') return String(value);
  return value instanceof Date || typeof value === 'boolean' || typeof value === 'string' ? value : JSON.stringify(value);
}

/** A column's header: its label, and the unit its cell format names ("负荷（分钟）", "Load (min)"). */
export function formatHeader(label: string, format: CellFormat | undefined, language: Language): string {
  const unit = format ? CELL_FORMAT_TABLE[format].unit : undefined;
  return unit ? translate(language, unit, { label }) : label;
}

/** A cell's sheet address letter for a 0-based column index: 0 -> A, 27 -> AB. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}
