/**
 * The product's measures that more than one screen shows, defined once (issue 29): the board, the
 * reports, the control tower and their drill-downs use these, or SQL that these define and that a
 * test compares with them. Pure.
 */

const DAY_MS = 86_400_000;
const dayOf = (iso: string): number => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;

/**
 * Lateness of a plan: the days its live schedule ends after its delivery date (its last published
 * bar's end day minus the delivery day; 0 or less is on time), null when it has no schedule or no
 * delivery date. Kept on each plan as `late_days` by the database (planning/plan-lateness.ts, the
 * same arithmetic in SQL: date minus date), so lists filter on it.
 */
export function lateDays(end: string | null | undefined, delivery: string | null | undefined): number | null {
  if (!end || !delivery) return null;
  return Math.round(dayOf(end) - dayOf(delivery));
}

/** A plan (or a bar) is late when its schedule ends after its delivery date. */
export const isLate = (end: string | null | undefined, delivery: string | null | undefined): boolean => (lateDays(end, delivery) ?? 0) > 0;
