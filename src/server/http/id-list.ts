import { AppError } from './errors';

/**
 * Lists of ids in a request (issue 20, issue 28): a remove, an action, marking notices or
 * announcements read, removing tasks, the people of a chat group or a ticket, the photos of a
 * comment, a merge of schedule bars, freezing users. Every such list is read here, so one bound
 * holds for every bulk call: more than MAX_IDS_PER_CALL ids are refused before any of them is
 * parsed or looked up (300,000 ids once took 9 s and ended in a 500), with 400 `res.tooManyIds`
 * naming the limit.
 */

/** How many ids one call may name: a longer list is refused, not half done. */
export const MAX_IDS_PER_CALL = 1000;

/** The largest id an `integer` column holds (tables of notices, tasks, users...). */
export const MAX_INT_ID = 2147483647;

/** The refusal of a list longer than MAX_IDS_PER_CALL. */
export const tooManyIds = (): AppError => new AppError('res.tooManyIds', { params: { max: MAX_IDS_PER_CALL } });

/** The entries of a list as a body or a query sends it: a list, JSON text of a list, comma-separated text, or one value. */
export function listEntries(raw: unknown): unknown[] {
  let v = raw;
  if (typeof v === 'string' && v.trim().startsWith('[')) {
    try {
      v = JSON.parse(v);
    } catch {
      v = null;
    }
  }
  return Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : v === undefined || v === null ? [] : [v];
}

/** One id: a positive whole number (as a number or plain decimal text) up to `maxId`, else null. */
export function idEntry(raw: unknown, maxId: number = Number.MAX_SAFE_INTEGER): number | null {
  const v = typeof raw === 'string' ? raw.trim() : raw;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 && n <= maxId ? n : null;
}

export type IdListOptions = {
  /** The refusal of an entry that is not an id (each caller keeps its own field and message). */
  invalid: () => AppError;
  /** The largest id accepted (MAX_INT_ID for integer columns). */
  maxId?: number;
};

/**
 * The ids of a list, in the order sent (duplicates kept): refused with `res.tooManyIds` when longer
 * than MAX_IDS_PER_CALL, before anything else, and with `invalid()` when an entry is not an id.
 */
export function parseIdList(raw: unknown, options: IdListOptions): number[] {
  const list = listEntries(raw);
  if (list.length > MAX_IDS_PER_CALL) throw tooManyIds();
  const ids: number[] = [];
  for (const x of list) {
    const id = idEntry(x, options.maxId);
    if (id === null) throw options.invalid();
    ids.push(id);
  }
  return ids;
}
