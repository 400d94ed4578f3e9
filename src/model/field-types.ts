/**
 * The one field-type table (STYLE habit 2): each type of the registry maps to its database column,
 * its base validator and coercion, its form widget (spec 3 form configuration `type` / `inputType`),
 * its grid renderer and its Excel number format. Browser and server both read this table.
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

/** The widget names of spec 3 "Form configuration"; '' is a plain input. */
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
  | 'number'
  | 'switch';

export type GridRenderer = 'text' | 'number' | 'money' | 'date' | 'datetime' | 'boolean' | 'dict' | 'reference' | 'image' | 'json';

/** Result of coercing a raw input (form body, JSON, Excel cell) to a stored value. */
export type Coerced = { ok: true; value: unknown } | { ok: false; messageKey: string; params?: Record<string, unknown> };

export type FieldTypeSpec = {
  /** PostgreSQL column type. */
  sqlType: string;
  /** The form widget and, for plain inputs, the input type (spec 3: inputType date or month). */
  widget: FormWidget;
  inputType?: 'date' | 'month' | 'text' | 'number' | 'password';
  grid: GridRenderer;
  /** Excel number format for export cells; undefined = general. */
  excelFormat?: string;
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

export const FIELD_TYPE_TABLE: Record<FieldType, FieldTypeSpec> = {
  text: { sqlType: 'text', widget: '', inputType: 'text', grid: 'text', coerce: coerceText, ordered: true },
  textarea: { sqlType: 'text', widget: 'textarea', grid: 'text', coerce: coerceText, ordered: true },
  code: { sqlType: 'text', widget: '', inputType: 'text', grid: 'text', coerce: coerceText, ordered: true },
  email: { sqlType: 'text', widget: '', inputType: 'text', grid: 'text', coerce: coerceText, ordered: true },
  mobile: { sqlType: 'text', widget: '', inputType: 'text', grid: 'text', coerce: coerceText, ordered: true },
  integer: { sqlType: 'bigint', widget: 'number', inputType: 'number', grid: 'number', excelFormat: '0', coerce: coerceNumber(0), ordered: true },
  decimal: { sqlType: 'numeric(18,4)', widget: 'number', inputType: 'number', grid: 'number', excelFormat: '0.####', coerce: coerceNumber(4), ordered: true },
  money: { sqlType: 'numeric(18,4)', widget: 'number', inputType: 'number', grid: 'money', excelFormat: '#,##0.00##', coerce: coerceNumber(4), ordered: true },
  date: { sqlType: 'date', widget: '', inputType: 'date', grid: 'date', excelFormat: 'yyyy-mm-dd', coerce: coerceDate, ordered: true },
  month: { sqlType: 'text', widget: '', inputType: 'month', grid: 'text', coerce: coerceMonth, ordered: true },
  datetime: { sqlType: 'timestamp', widget: 'datetime', grid: 'datetime', excelFormat: 'yyyy-mm-dd hh:mm:ss', coerce: coerceDatetime, ordered: true },
  boolean: { sqlType: 'boolean', widget: 'switch', grid: 'boolean', coerce: coerceBoolean, ordered: false },
  dict: { sqlType: 'text', widget: 'dropdownbox', grid: 'dict', coerce: coerceText, ordered: true },
  multidict: { sqlType: 'jsonb', widget: 'checkboxlist', grid: 'dict', coerce: coerceMulti, ordered: false },
  reference: { sqlType: 'bigint', widget: 'dropdowntable', grid: 'reference', coerce: coerceReference, ordered: true },
  tree: { sqlType: 'bigint', widget: 'treeselect', grid: 'reference', coerce: coerceReference, ordered: true },
  image: { sqlType: 'text', widget: 'imgdropdownbox', grid: 'image', coerce: coerceText, ordered: false },
  markdown: { sqlType: 'text', widget: 'markdown', grid: 'text', coerce: coerceText, ordered: false },
  matrix: { sqlType: 'jsonb', widget: 'matrixinputtable', grid: 'json', coerce: coerceJson, ordered: false },
  transfer: { sqlType: 'jsonb', widget: 'transfer', grid: 'json', coerce: coerceMulti, ordered: false },
  rules: { sqlType: 'jsonb', widget: 'rulestable', grid: 'json', coerce: coerceJson, ordered: false },
  json: { sqlType: 'jsonb', widget: 'fmsfiltermapping', grid: 'json', coerce: coerceJson, ordered: false },
};

/** How lists and document pages show a field: its type's renderer, plain text for an ungrouped number. */
export function gridRendererOf(field: { type: FieldType; grouping?: boolean }): GridRenderer {
  return field.grouping === false ? 'text' : FIELD_TYPE_TABLE[field.type].grid;
}
