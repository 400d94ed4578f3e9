import type { CalcItem } from './page';
import { evaluate, evaluateCondition, roundTo, type ExprScope } from './expression';

/**
 * Calculation items of spec 3 ("Calculation item: targetFieldIdx, type (TEXT or numeric), fixed
 * (decimals, default 4), expression, calcCondition, directField, addToDate, subtractFromDate,
 * clearValue"). A field's `calcConfig` runs when that field changes; each item writes one target.
 * Pure: takes the form values and returns the values to set.
 *
 * Example: `runCalcItems([{ targetFieldIdx: 'amount', expression: 'qty * price', fixed: 2 }], { qty: '3', price: '1.255' })`
 * gives `{ amount: 3.77 }`.
 */

/** Spec 9: default calculation decimals 4. */
export const DEFAULT_CALC_DECIMALS = 4;

const DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** Adds whole days to a YYYY-MM-DD date in calendar arithmetic (UTC, so no daylight-saving drift). */
export function addDays(date: string, days: number): string | null {
  const m = DATE.exec(date);
  if (!m || !Number.isFinite(days)) return null;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  if (d.getUTCFullYear() !== +m[1] || d.getUTCMonth() !== +m[2] - 1 || d.getUTCDate() !== +m[3]) return null;
  d.setUTCDate(d.getUTCDate() + Math.trunc(days));
  if (Number.isNaN(d.getTime())) return null;
  const y = d.getUTCFullYear();
  if (y < 1 || y > 9999) return null;
  return `${String(y).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

function dayCount(days: string | number, form: Record<string, unknown>): number | null {
  if (typeof days === 'number') return days;
  // `days` names a field holding the count, or is itself a number written as text.
  const raw = /^[+-]?\d+(\.\d+)?$/.test(days.trim()) ? days : form[days];
  if (raw === null || raw === undefined || raw === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

function dateArithmetic(spec: { dateField: string; days: string | number }, sign: 1 | -1, form: Record<string, unknown>): string | null {
  const base = form[spec.dateField];
  if (typeof base !== 'string' || base === '') return null;
  const n = dayCount(spec.days, form);
  if (n === null) return null;
  return addDays(base, sign * n);
}

/** The value an item yields: `undefined` when it leaves the target alone, null when it clears it. */
export function calcItemValue(item: CalcItem, form: Record<string, unknown>, scope: Omit<ExprScope, 'form'> = {}): unknown {
  const full: ExprScope = { ...scope, form };
  if (item.calcCondition && !evaluateCondition(item.calcCondition, full, false)) return item.clearValue ? emptyFor(item) : undefined;
  if (item.directField) return form[item.directField] ?? emptyFor(item);
  if (item.addToDate) return dateArithmetic(item.addToDate, 1, form) ?? emptyFor(item);
  if (item.subtractFromDate) return dateArithmetic(item.subtractFromDate, -1, form) ?? emptyFor(item);
  if (!item.expression) return undefined;
  const r = evaluate(item.expression, full);
  if (!r.ok) return item.clearValue ? emptyFor(item) : undefined;
  if (item.type === 'TEXT') return r.value === null ? '' : typeof r.value === 'object' ? JSON.stringify(r.value) : String(r.value);
  const n = typeof r.value === 'number' ? r.value : typeof r.value === 'string' && r.value.trim() !== '' ? Number(r.value) : NaN;
  if (!Number.isFinite(n)) return item.clearValue ? emptyFor(item) : undefined;
  return roundTo(n, item.fixed ?? DEFAULT_CALC_DECIMALS);
}

function emptyFor(item: CalcItem): unknown {
  return item.type === 'TEXT' ? '' : null;
}

/**
 * Runs items in order; a later item sees the targets an earlier one set (a total after a subtotal).
 * Returns only the targets whose value changed.
 */
export function runCalcItems(items: readonly CalcItem[], form: Record<string, unknown>, scope: Omit<ExprScope, 'form'> = {}): Record<string, unknown> {
  const working = { ...form };
  const changed: Record<string, unknown> = {};
  for (const item of items) {
    const v = calcItemValue(item, working, scope);
    if (v === undefined) continue;
    if (working[item.targetFieldIdx] !== v) {
      working[item.targetFieldIdx] = v;
      changed[item.targetFieldIdx] = v;
    }
  }
  return changed;
}
