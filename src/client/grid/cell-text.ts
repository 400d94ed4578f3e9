import { structureText, type GridRenderer } from '../../model/field-types';
import type { ResolvedColumn } from '../../model/page-resolve';
import { groupedNumber } from '../../model/number-text';

/**
 * The text a list cell shows, per grid renderer of the field-type table (STYLE habit 2: one typed
 * table, no if-chains). Pure; the document page and the history panel use it too.
 */
export type CellContext = { column: Pick<ResolvedColumn, 'options' | 'labelField'>; row: Record<string, unknown> | undefined; language: 'zh-CN' | 'en' };

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm:ss' in local time for ISO text, or the text itself when it is already local. */
export function formatDateTime(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return text;
  const d = new Date(text);
  if (Number.isNaN(d.getTime())) return text;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

function numberText(value: unknown, minDecimals: number): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  // Spec 9: decimals stop at 4.
  return groupedNumber(n, 4, minDecimals);
}

function optionLabel(value: unknown, ctx: CellContext): string {
  const pick = (v: unknown) => {
    const o = ctx.column.options?.find((x) => x.value === String(v));
    return o ? (ctx.language === 'en' ? (o.labelEn ?? o.label) : o.label) : String(v);
  };
  if (Array.isArray(value)) return value.map(pick).join(', ');
  return value === null || value === undefined || value === '' ? '' : pick(value);
}

export const CELL_TEXT: Record<GridRenderer, (value: unknown, ctx: CellContext) => string> = {
  text: (v) => (v === null || v === undefined ? '' : String(v)),
  number: (v) => numberText(v, 0),
  money: (v) => numberText(v, 2),
  date: (v) => (v === null || v === undefined ? '' : String(v).slice(0, 10)),
  datetime: (v) => formatDateTime(v),
  boolean: (v, ctx) => (v === null || v === undefined || v === '' ? '' : v === true || v === 'true' || v === 1 || v === '1' ? (ctx.language === 'en' ? 'Yes' : '是') : ctx.language === 'en' ? 'No' : '否'),
  dict: (v, ctx) => optionLabel(v, ctx),
  reference: (v, ctx) => {
    const label = ctx.column.labelField && ctx.row ? ctx.row[ctx.column.labelField] : undefined;
    return label !== null && label !== undefined && label !== '' ? String(label) : v === null || v === undefined ? '' : `#${String(v)}`;
  },
  image: (v) => (v === null || v === undefined ? '' : String(v)),
  json: (v) => {
    // A list of codes (a transfer's: a user's roles) reads as a list, a flat map as pairs, not as JSON.
    const text = structureText(v);
    return text.length > 120 ? `${text.slice(0, 117)}...` : text;
  },
};

export function cellText(renderer: GridRenderer, value: unknown, ctx: CellContext): string {
  return CELL_TEXT[renderer](value, ctx);
}
