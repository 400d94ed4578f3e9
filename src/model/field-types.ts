import type { Label } from './entity';
import type { RuleType } from './rules';

/**
 * The one field-type table (STYLE habit 2): each type of the registry maps to its database column
 * and storage, whether it points at another record, whether it is text or a number, the rules it
 * implies, its base coercion, its form widget and span (spec 3 form configuration `type` /
 * `inputType`), its grid renderer and width, and its Excel kind and number format. Browser and server
 * both read this table; nothing else lists types by name.
 */

export const FIELD_TYPES = [
  'text',
  'textarea',
  'code',
  'integer',
  'decimal',
  'money',
  'date',
  'month',
  'datetime',
  'boolean',
  'dict',
  'multidict',
  'reference',
  'tree',
  'image',
  'markdown',
  'matrix',
  'transfer',
  'rules',
  'json',
  'email',
  'mobile',
] as const;

export type FieldType = (typeof FIELD_TYPES)[number];

/**
 * The widget names of spec 3 "Form configuration"; '' is a plain input. `keyedtable` is ours: a
 * JSON object keyed by records of another entity, one row of declared fields per record (a JSON
 * field's `entries`, such as per-vendor settings of an allocation version). `recordlist` is ours too:
 * a JSON list of small records, one row of inputs per item (a JSON field's `items`, such as a
 * designed choice's options). `files` is ours too: a list of files stored through the field's upload
 * call (src/model/file-field.ts).
 */
export type FormWidget =
  | ''
  | 'dropdowntable'
  | 'dropdownbox'
  | 'imgdropdownbox'
  | 'treeselect'
  | 'checkboxlist'
  | 'transfer'
  | 'matrixinputtable'
  | 'markdown'
  | 'rulestable'
  | 'autocomplete'
  | 'datetime'
  | 'runtimeLocation'
  | 'fmsfiltermapping'
  | 'textarea'
  | 'keyedtable'
  | 'recordlist'
  | 'files'
  | 'number'
  | 'switch';

export type GridRenderer = 'text' | 'number' | 'money' | 'date' | 'datetime' | 'boolean' | 'dict' | 'reference' | 'image' | 'json';

/** Result of coercing a raw input (form body, JSON, Excel cell) to a stored value. */
export type Coerced = { ok: true; value: unknown } | { ok: false; messageKey: string; params?: Record<string, unknown> };

/** How a column stores its value: one plain column value, or a JSON document (lists, maps, matrices). */
export type Storage = 'scalar' | 'jsonb';

/** What a value is, for text handling and comparisons: text keeps its spaces only by choice. */
export type ValueNature = 'text' | 'number' | 'temporal' | 'boolean' | 'reference' | 'structure';

/** How an Excel cell becomes a field's raw input; null: the type is edited in its own widget and is not in sheets. */
export type ExcelKind = 'text' | 'number' | 'date' | 'datetime' | 'month' | 'boolean' | 'dict' | 'multidict' | 'reference';

/**
 * How a column of a workbook the product writes reads (list exports, reports, the schedule and the
 * statement workbooks): a field type names one (`cellFormat` below), a report column declares or
 * derives one (src/model/report.ts `reportColumnFormat`).
 */
export type CellFormat = 'text' | 'code' | 'integer' | 'decimal' | 'money' | 'minutes' | 'percent' | 'date' | 'week' | 'month' | 'datetime' | 'plain';

export type CellFormatSpec = {
  /** What the cell holds: a number, a date (an Excel serial day under a date format) or text. */
  cell: 'number' | 'date' | 'text';
  /** The Excel number format of the column's cells; undefined = General. */
  numFmt?: string;
  /** The unit the column's header names after its label (a catalogue key with `{{label}}`). */
  unit?: string;
};

/**
 * The one table of cell formats. Codes are text under `@`, so a zero-padded code is never turned
 * into a number (also when someone edits the cell); quantities are whole numbers with thousands
 * separators; decimals and money show two decimals and up to the four stored ones (a unit price of
 * 0.0125 is not shown as 0.01); minutes one decimal, with the unit in the header; a share of 0..1 a
 * percentage with one decimal; dates and week starts (a Monday) real dates. A month ('YYYY-MM') is
 * text, as the field type stores it. `plain`: a whole number read without thousands separators (a
 * year, a sequence: an integer field declared `grouping: false`).
 */
export const CELL_FORMAT_TABLE: Record<CellFormat, CellFormatSpec> = {
  text: { cell: 'text' },
  code: { cell: 'text', numFmt: '@' },
  integer: { cell: 'number', numFmt: '#,##0' },
  decimal: { cell: 'number', numFmt: '#,##0.00##' },
  money: { cell: 'number', numFmt: '#,##0.00##' },
  minutes: { cell: 'number', numFmt: '#,##0.0', unit: 'excel.unit.minutes' },
  percent: { cell: 'number', numFmt: '0.0%' },
  date: { cell: 'date', numFmt: 'yyyy-mm-dd' },
  week: { cell: 'date', numFmt: 'yyyy-mm-dd' },
  month: { cell: 'text' },
  datetime: { cell: 'date', numFmt: 'yyyy-mm-dd hh:mm:ss' },
  plain: { cell: 'number', numFmt: '0' },
};

export type FieldTypeSpec = {
  /** PostgreSQL column type. */
  sqlType: string;
  storage: Storage;
  nature: ValueNature;
  /** Points at another record by id (reference, tree): labels are joined, codes imported, removals checked. */
  reference: boolean;
  /** Takes its values from a dictionary (`dict` on the field). */
  dictionary: boolean;
  /** Holds a list of values (multi-select widgets). */
  multi: boolean;
  /** Rules every field of the type runs, after `required` and before its declared ones. */
  impliedRules: readonly RuleType[];
  /** The form widget and, for plain inputs, the input type (spec 3: inputType date or month). */
  widget: FormWidget;
  inputType?: 'date' | 'month' | 'text' | 'number' | 'password';
  /** Width in a form section when the page gives no spanClass. */
  formSpan: 'half' | 'full';
  grid: GridRenderer;
  /** Column width in lists when the page gives none. */
  gridWidth: number;
  /** How the type travels in Excel templates and exports (null: not in sheets). */
  excelKind: ExcelKind | null;
  /** How its values are written in the cells of a workbook (CELL_FORMAT_TABLE: cell type, number format, unit). */
  cellFormat: CellFormat;
  /** Turns a raw value into the stored value or rejects it with a message key. Empty -> null. */
  coerce: (raw: unknown) => Coerced;
  /** Whether the column can be sorted and compared with <, > in list filters. */
  ordered: boolean;
};

const ok = (value: unknown): Coerced => ({ ok: true, value });
const fail = (messageKey: string, params?: Record<string, unknown>): Coerced => ({ ok: false, messageKey, params });

function isBlank(raw: unknown): boolean {
  return raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '');
}

function coerceText(raw: unknown): Coerced {
  if (isBlank(raw)) return ok(null);
  if (typeof raw === 'string') return ok(raw);
  if (typeof raw === 'number' || typeof raw === 'boolean') return ok(String(raw));
  return fail('err.badRequest');
}

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

function coerceNumber(decimals: number): (raw: unknown) => Coerced {
  return (raw) => {
    if (isBlank(raw)) return ok(null);
    let text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : null;
    if (text !== null && text.includes(',')) text = text.replace(/,/g, '');
    if (text === null || !NUMBER_TEXT.test(text)) return fail('rule.number');
    const n = Number(text);
    if (!Number.isFinite(n) || Math.abs(n) >= 1e14) return fail('rule.number');
    if (decimals === 0) return Number.isInteger(n) ? ok(n) : fail('rule.naturalNumber');
    const dot = text.indexOf('.');
    const exponent = text.includes('e') || text.includes('E');
    const fraction = dot >= 0 && !exponent ? text.length - dot - 1 : 0;
    // Typed text with no more decimals than allowed is its own value (no rounding to do).
    if (typeof raw === 'string' && !exponent && fraction <= decimals) return ok(n);
    // A JSON number computed in the browser (0.1 + 0.2) carries binary noise, not extra decimals:
    // it is accepted when it equals its 4-decimal rounding; typed text keeps the strict count.
    const noise = typeof raw === 'number' && Math.abs(n - Number(n.toFixed(decimals))) < 1e-9;
    if (fraction > decimals && !noise) return fail('rule.maxDecimals4');
    return ok(Number(n.toFixed(decimals)));
  };
}

/** A real calendar date: the 31st exists only in months that have it, 29 February only in leap years. */
export function isCalendarDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function dateText(raw: unknown): string | null {
  if (raw instanceof Date && !Number.isNaN(raw.getTime()))
    return `${raw.getFullYear()}-${pad(raw.getMonth() + 1)}-${pad(raw.getDate())}`;
  if (typeof raw === 'string') return raw.trim();
  return null;
}

function coerceDate(raw: unknown): Coerced {
  if (isBlank(raw)) return ok(null);
  const text = dateText(raw);
  // A date may carry a time part (a datetime pasted into a date cell); anything else after it is refused.
  const m = text ? /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text) : null;
  if (!m || !isCalendarDate(+m[1], +m[2], +m[3])) return fail('rule.date');
  return ok(`${m[1]}-${m[2]}-${m[3]}`);
}

function coerceMonth(raw: unknown): Coerced {
  if (isBlank(raw)) return ok(null);
  const text = dateText(raw);
  const m = text ? /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(text) : null;
  if (!m || +m[2] < 1 || +m[2] > 12) return fail('rule.date');
  // A full date given for a month must still be a real date.
  if (m[3] !== undefined && !isCalendarDate(+m[1], +m[2], +m[3])) return fail('rule.date');
  return ok(`${m[1]}-${m[2]}`);
}

function coerceDatetime(raw: unknown): Coerced {
  if (isBlank(raw)) return ok(null);
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? fail('rule.datetime') : ok(raw.toISOString());
  if (typeof raw !== 'string') return fail('rule.datetime');
  const text = raw.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(text);
  if (!m || !isCalendarDate(+m[1], +m[2], +m[3]) || +m[4] > 23 || +m[5] > 59 || +(m[6] ?? 0) > 59) return fail('rule.datetime');
  return ok(m[8] ? new Date(text).toISOString() : `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6] ?? '00'}`);
}

function coerceBoolean(raw: unknown): Coerced {
  if (isBlank(raw)) return ok(null);
  if (typeof raw === 'boolean') return ok(raw);
  const text = String(raw).trim().toLowerCase();
  if (['1', 'true', 'y', 'yes', '是', 'on'].includes(text)) return ok(true);
  if (['0', 'false', 'n', 'no', '否', 'off'].includes(text)) return ok(false);
  return fail('err.badRequest');
}

/** JSON-valued fields arrive as JSON text from form bodies (spec 3) or as objects from JSON bodies. */
function coerceJson(raw: unknown): Coerced {
  if (isBlank(raw)) return ok(null);
  if (typeof raw === 'string') {
    try {
      return ok(JSON.parse(raw));
    } catch {
      return fail('err.badRequest');
    }
  }
  if (typeof raw === 'object') return ok(raw);
  return fail('err.badRequest');
}

function coerceMulti(raw: unknown): Coerced {
  if (isBlank(raw)) return ok(null);
  if (Array.isArray(raw)) return raw.every((v) => typeof v === 'string' || typeof v === 'number') ? ok(raw.map(String)) : fail('err.badRequest');
  if (typeof raw === 'string') {
    const text = raw.trim();
    // JSON text (spec 3: transfer values are sent as JSON text) must hold a list of plain values.
    if (text.startsWith('[') || text.startsWith('{')) {
      const parsed = coerceJson(text);
      return parsed.ok && Array.isArray(parsed.value) ? coerceMulti(parsed.value) : fail('err.badRequest');
    }
    return ok(text.split(',').map((s) => s.trim()).filter(Boolean));
  }
  return fail('err.badRequest');
}

function coerceReference(raw: unknown): Coerced {
  if (isBlank(raw)) return ok(null);
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? ok(n) : fail('rule.referenceMissing');
}

/** Defaults of a row of the table: a one-line text column. */
const BASE = {
  sqlType: 'text',
  storage: 'scalar',
  nature: 'text',
  reference: false,
  dictionary: false,
  multi: false,
  impliedRules: [],
  widget: '',
  formSpan: 'half',
  grid: 'text',
  gridWidth: 140,
  excelKind: 'text',
  cellFormat: 'text',
  coerce: coerceText,
  ordered: true,
} as const satisfies FieldTypeSpec;

const row = (spec: Partial<FieldTypeSpec>): FieldTypeSpec => ({ ...BASE, ...spec });
const NUMBER = { nature: 'number', widget: 'number', inputType: 'number', grid: 'number', excelKind: 'number' } as const;
// A reference travels in sheets as its record's business code.
const REFERENCE = { sqlType: 'bigint', nature: 'reference', reference: true, grid: 'reference', excelKind: 'reference', cellFormat: 'code', coerce: coerceReference } as const;
/** JSON documents edited in their own widgets: whole-width in forms, not in sheets, not ordered. */
const STRUCTURE = { sqlType: 'jsonb', storage: 'jsonb', nature: 'structure', formSpan: 'full', grid: 'json', excelKind: null, coerce: coerceJson, ordered: false } as const;

export const FIELD_TYPE_TABLE: Record<FieldType, FieldTypeSpec> = {
  text: row({ inputType: 'text' }),
  textarea: row({ widget: 'textarea', formSpan: 'full' }),
  code: row({ inputType: 'text', cellFormat: 'code' }),
  email: row({ inputType: 'text', impliedRules: ['email'] }),
  mobile: row({ inputType: 'text', impliedRules: ['telephone'] }),
  integer: row({ ...NUMBER, sqlType: 'bigint', cellFormat: 'integer', coerce: coerceNumber(0) }),
  decimal: row({ ...NUMBER, sqlType: 'numeric(18,4)', cellFormat: 'decimal', coerce: coerceNumber(4) }),
  money: row({ ...NUMBER, sqlType: 'numeric(18,4)', grid: 'money', cellFormat: 'money', coerce: coerceNumber(4) }),
  date: row({ sqlType: 'date', nature: 'temporal', inputType: 'date', grid: 'date', excelKind: 'date', cellFormat: 'date', coerce: coerceDate }),
  // A month is 'YYYY-MM' text: it compares as text and keeps the text rules (spaces trimmed by choice).
  month: row({ inputType: 'month', excelKind: 'month', cellFormat: 'month', coerce: coerceMonth }),
  datetime: row({ sqlType: 'timestamp', nature: 'temporal', widget: 'datetime', grid: 'datetime', excelKind: 'datetime', cellFormat: 'datetime', coerce: coerceDatetime, gridWidth: 170 }),
  boolean: row({ sqlType: 'boolean', nature: 'boolean', widget: 'switch', grid: 'boolean', excelKind: 'boolean', coerce: coerceBoolean, ordered: false, gridWidth: 100 }),
  dict: row({ dictionary: true, widget: 'dropdownbox', grid: 'dict', excelKind: 'dict' }),
  multidict: row({ sqlType: 'jsonb', storage: 'jsonb', nature: 'structure', dictionary: true, multi: true, widget: 'checkboxlist', formSpan: 'full', grid: 'dict', excelKind: 'multidict', coerce: coerceMulti, ordered: false }),
  reference: row({ ...REFERENCE, widget: 'dropdowntable' }),
  tree: row({ ...REFERENCE, widget: 'treeselect' }),
  image: row({ widget: 'imgdropdownbox', grid: 'image', gridWidth: 72, excelKind: null, ordered: false }),
  markdown: row({ widget: 'markdown', formSpan: 'full', ordered: false }),
  matrix: row({ ...STRUCTURE, widget: 'matrixinputtable' }),
  transfer: row({ ...STRUCTURE, multi: true, widget: 'transfer', coerce: coerceMulti }),
  rules: row({ ...STRUCTURE, widget: 'rulestable' }),
  json: row({ ...STRUCTURE, widget: 'fmsfiltermapping' }),
};

/** Whether a field stores an id of another record (reference or tree). */
export function isReferenceType(type: FieldType): boolean {
  return FIELD_TYPE_TABLE[type].reference;
}

/** The columns every business row carries (ARCHITECTURE "The API"), with how lists show and filter them. */
export type SystemColumn = 'id' | 'client_id' | 'version' | 'created_by' | 'created_at' | 'updated_by' | 'updated_at';

export type SystemColumnSpec = {
  label: Label;
  /** The field type that reads and shows its values in lists and filters. */
  type: FieldType;
  /** Its column definition in CREATE TABLE. */
  sqlDefinition: string;
  /** Lists may show, filter and sort it (the tenant column is never a list column: every list is one tenant's). */
  listable: boolean;
};

/** The one table of system columns, in their table order: schema, lists, filters, copies and exports read it. */
export const SYSTEM_COLUMN_TABLE: Record<SystemColumn, SystemColumnSpec> = {
  id: { label: { zh: 'ID', en: 'ID' }, type: 'integer', sqlDefinition: 'bigint generated by default as identity primary key', listable: true },
  client_id: { label: { zh: '企业', en: 'Company' }, type: 'integer', sqlDefinition: 'integer not null', listable: false },
  version: { label: { zh: '版本', en: 'Version' }, type: 'integer', sqlDefinition: 'integer not null default 1', listable: true },
  created_by: { label: { zh: '创建人', en: 'Created by' }, type: 'integer', sqlDefinition: 'integer', listable: true },
  created_at: { label: { zh: '创建时间', en: 'Created at' }, type: 'datetime', sqlDefinition: 'timestamptz not null default now()', listable: true },
  updated_by: { label: { zh: '修改人', en: 'Updated by' }, type: 'integer', sqlDefinition: 'integer', listable: true },
  updated_at: { label: { zh: '修改时间', en: 'Updated at' }, type: 'datetime', sqlDefinition: 'timestamptz not null default now()', listable: true },
};

export const SYSTEM_COLUMNS = Object.keys(SYSTEM_COLUMN_TABLE) as SystemColumn[];

/** The system column of a key, or undefined when the key is an entity's own field. */
export function systemColumn(key: string): SystemColumnSpec | undefined {
  return Object.prototype.hasOwnProperty.call(SYSTEM_COLUMN_TABLE, key) ? SYSTEM_COLUMN_TABLE[key as SystemColumn] : undefined;
}

/** How lists and document pages show a field: its type's renderer, plain text for an ungrouped number. */
export function gridRendererOf(field: { type: FieldType; grouping?: boolean }): GridRenderer {
  return field.grouping === false ? 'text' : FIELD_TYPE_TABLE[field.type].grid;
}

/** How workbooks write a field's values: its type's cell format, a plain number for an ungrouped integer. */
export function cellFormatOf(field: { type: FieldType; grouping?: boolean }): CellFormat {
  const format = FIELD_TYPE_TABLE[field.type].cellFormat;
  return field.grouping === false && format === 'integer' ? 'plain' : format;
}

/**
 * A structure's value as one line of text, as grids, printed documents and document workbooks show
 * it: a list of codes joined (a user's roles), a flat map of values as `key value` pairs (a
 * statement's rates: `CNY 1 · USD 7.1`), anything else as its JSON text.
 */
export function structureText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (Array.isArray(v) && v.length && v.every((x) => typeof x === 'string')) return v.join(', ');
  let value = v;
  if (typeof v === 'string') {
    try {
      value = JSON.parse(v);
    } catch {
      return v;
    }
  }
  const flat = value !== null && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((x) => typeof x === 'number' || typeof x === 'string');
  if (flat) return Object.entries(value as Record<string, unknown>).map(([k, x]) => `${k} ${String(x)}`).join(' · ');
  return typeof v === 'string' ? v : JSON.stringify(v);
}
