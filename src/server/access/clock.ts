/**
 * The time every access rule reads (token and refresh expiry, reset links, verification codes,
 * sign-in windows). Production uses the wall clock; tests move it forward to prove expiry without
 * waiting. Expiry comparisons are made against this clock in JavaScript and passed to SQL as
 * parameters, never against the database's now(), so the two cannot disagree.
 *
 * Example (a test): `clock.now = () => Date.now() + 11 * 60_000` makes a 10-minute code expire.
 */
export const clock: { now: () => number } = { now: () => Date.now() };

/** The clock in epoch seconds (JWT `iat`/`exp`). */
export const nowSeconds = (): number => Math.floor(clock.now() / 1000);

/** An ISO timestamp `seconds` from now on the access clock, for timestamptz columns. */
export const isoIn = (seconds: number): string => new Date(clock.now() + seconds * 1000).toISOString();

export const isoNow = (): string => new Date(clock.now()).toISOString();

/** Creation and expiry stamps read from one instant, so a record lives exactly `seconds`. */
export function createdAndExpiry(seconds: number): { created: string; expires: string } {
  const now = clock.now();
  return { created: new Date(now).toISOString(), expires: new Date(now + seconds * 1000).toISOString() };
}

/** Puts the wall clock back (tests call it in afterEach). */
export function resetClock(): void {
  clock.now = () => Date.now();
}
