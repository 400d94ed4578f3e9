import type { DefaultToken } from './entity';

/**
 * Default-value tokens of spec 7 ("Default value tokens for form fields"): $$NOW$$ (today),
 * $$MONTH$$, $$MONTH_FIRST$$, $$MONTH_LAST$$, $$WEEK_FIRST$$, $$WEEK_LAST$$ (weeks run Monday to
 * Sunday), and the extra-field specials $$NOW$$ with time, $$USER_ID$$, $$FULL_NAME$$,
 * $$CLIENT_ID$$. Pure: the clock and the session are passed in, so the browser's form drawer and
 * the server's save fill the same values.
 *
 * Example: `resolveDefaultToken('$$WEEK_FIRST$$', { now: new Date(2026, 0, 4) }) === '2025-12-29'`.
 */
export type TokenContext = {
  /** The moment "now" stands for, read in local time. */
  now: Date;
  session?: { userId?: number | string | null; fullname?: string | null; clientId?: number | string | null };
};

export const DEFAULT_TOKENS: readonly DefaultToken[] = [
  '$$NOW$$',
  '$$NOW_TIME$$',
  '$$MONTH$$',
  '$$MONTH_FIRST$$',
  '$$MONTH_LAST$$',
  '$$WEEK_FIRST$$',
  '$$WEEK_LAST$$',
  '$$USER_ID$$',
  '$$FULL_NAME$$',
  '$$CLIENT_ID$$',
];

export function isDefaultToken(value: unknown): value is DefaultToken {
  return typeof value === 'string' && (DEFAULT_TOKENS as readonly string[]).includes(value);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of a local date. */
export function formatDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** 'YYYY-MM-DD HH:mm:ss' of a local moment. */
export function formatDateTime(d: Date): string {
  return `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Monday of the week holding `d` (spec 7: weeks run Monday to Sunday, so a Sunday belongs to the week before it). */
export function weekFirst(d: Date): Date {
  const daysSinceMonday = (d.getDay() + 6) % 7;
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() - daysSinceMonday);
}

const RESOLVERS: Record<DefaultToken, (ctx: TokenContext) => string | number | null> = {
  $$NOW$$: ({ now }) => formatDate(now),
  $$NOW_TIME$$: ({ now }) => formatDateTime(now),
  $$MONTH$$: ({ now }) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}`,
  $$MONTH_FIRST$$: ({ now }) => formatDate(new Date(now.getFullYear(), now.getMonth(), 1)),
  // Day 0 of the next month is the last day of this one (28, 29, 30 or 31).
  $$MONTH_LAST$$: ({ now }) => formatDate(new Date(now.getFullYear(), now.getMonth() + 1, 0)),
  $$WEEK_FIRST$$: ({ now }) => formatDate(weekFirst(now)),
  $$WEEK_LAST$$: ({ now }) => {
    const monday = weekFirst(now);
    return formatDate(new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 6));
  },
  $$USER_ID$$: ({ session }) => session?.userId ?? null,
  $$FULL_NAME$$: ({ session }) => session?.fullname ?? null,
  $$CLIENT_ID$$: ({ session }) => session?.clientId ?? null,
};

export function resolveDefaultToken(token: DefaultToken, ctx: TokenContext): string | number | null {
  return RESOLVERS[token](ctx);
}

/** A field's declared default: a token is resolved, a literal comes back as is. */
export function resolveDefault<T>(value: T | DefaultToken, ctx: TokenContext): T | string | number | null {
  return isDefaultToken(value) ? resolveDefaultToken(value, ctx) : value;
}
