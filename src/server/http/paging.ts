import { AppError } from './errors';

/**
 * The highest page any list answers. The row offset `(page - 1) * size` then stays below 5e9 at the
 * largest page size: an exact JavaScript integer and a valid PostgreSQL bigint, where `page=1e18`
 * used to overflow the statement (issue 20).
 */
export const MAX_PAGE = 10_000_000;

export type Paging = { page: number; size: number };

/** A whole number written in plain decimal digits within 1..max, or null. */
function wholeNumber(text: string, max: number): number | null {
  if (!/^[1-9]\d{0,15}$/.test(text)) return null;
  const n = Number(text);
  return n <= max ? n : null;
}

/** A query value as trimmed text: a repeated key counts by its last value; an object is not text. */
function queryText(value: unknown): string | null {
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  if (last === undefined || last === null) return '';
  if (typeof last === 'number') return String(last);
  return typeof last === 'string' ? last.trim() : null;
}

/**
 * Reads `page` (from 1) and `size` (1..maxSize) from their query values; an absent or empty value takes
 * its default, anything else that is not a plain whole number in range (1e3, 1.5, 0x10, -1) is a 400
 * naming the parameter.
 *
 *   parsePaging('3', '50', { defaultSize: 20, maxSize: 500 })  // { page: 3, size: 50 }
 */
export function parsePaging(pageValue: unknown, sizeValue: unknown, limits: { defaultSize: number; maxSize: number }): Paging {
  const read = (name: 'page' | 'size', value: unknown, fallback: number, max: number): number => {
    const text = queryText(value);
    if (text === '') return fallback;
    const n = text === null ? null : wholeNumber(text, max);
    if (n === null) throw new AppError('err.badPaging', { params: { name, max } });
    return n;
  };
  return { page: read('page', pageValue, 1, MAX_PAGE), size: read('size', sizeValue, limits.defaultSize, limits.maxSize) };
}
