import { idEntry, listEntries, MAX_IDS_PER_CALL } from '../../model/calls/input-shape';
import { AppError } from './errors';

/**
 * Lists of ids in a request (issue 20, issue 28): a remove, an action, marking notices or
 * announcements read, removing tasks, the people of a chat group or a ticket, the photos of a
 * comment, a merge of schedule bars, freezing users. Every such list is read here, so one bound
 * holds for every bulk call: more than MAX_IDS_PER_CALL ids are refused before any of them is
 * parsed or looked up (300,000 ids once took 9 s and ended in a 500), with 400 `res.tooManyIds`
 * naming the limit.
 */

// How many ids one call may name, and how a list and an id are read: shared with the declared
// calls' input shapes (src/model/calls/input-shape.ts), so both bound a bulk call alike.
export { idEntry, listEntries, MAX_IDS_PER_CALL } from '../../model/calls/input-shape';

/** The largest id an `integer` column holds (tables of notices, tasks, users...). */
export const MAX_INT_ID = 2147483647;

/** The refusal of a list longer than MAX_IDS_PER_CALL. */
export const tooManyIds = (): AppError => new AppError('res.tooManyIds', { params: { max: MAX_IDS_PER_CALL } });

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
