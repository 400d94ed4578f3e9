import type { Kysely, RawBuilder } from 'kysely';
import { expect } from 'vitest';
import type { TestApp } from '../support/test-app';

/** A report row as the run call answers it (`_level`: 0 a row, above 0 a subtotal or the total). */
export type Row = Record<string, string | number | null> & { _level: number };

/**
 * The calls the report API tests make as a signed-in demo user (`tokens[user]`): a report run, the
 * grand total of a measure, one number from SQL, and any other call. `app()` is the file's test app.
 */
export function reportCalls<B = unknown>(app: () => TestApp, tokens: Record<string, string>) {
  const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'x-lang': 'en' });
  return {
    auth,
    async run(user: string, report: string, query: Record<string, string> = {}) {
      const qs = new URLSearchParams(query).toString();
      const res = await app().app.inject({ method: 'GET', url: `/api/rptapi/report/${report}/run${qs ? `?${qs}` : ''}`, headers: auth(tokens[user]) });
      expect(res.statusCode, `${report} as ${user}: ${res.body.slice(0, 300)}`).toBe(200);
      return (res.json() as { data: { rows: Row[]; labels: Record<string, Record<string, string>> } }).data;
    },
    total: (rows: Row[], key: string) => rows.filter((r) => !r._level).reduce((s, r) => s + Number(r[key] ?? 0), 0),
    async one(q: RawBuilder<{ n: number }>): Promise<number> {
      return Number((await q.execute(app().app.db as unknown as Kysely<unknown>)).rows[0]?.n ?? 0);
    },
    async call(method: 'GET' | 'POST', url: string, token: string, payload?: unknown) {
      const res = await app().app.inject({ method, url, headers: auth(token), payload: payload as Record<string, unknown> | undefined });
      return { status: res.statusCode, body: res.json() as { data: B } };
    },
  };
}
