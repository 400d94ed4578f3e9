import type { Kysely, RawBuilder } from 'kysely';
import { expect } from 'vitest';
import { addDaysIso, type BoardData } from '../../src/model';
import { MAX_RANGE_DAYS } from '../../src/server/services/planning/planning.service';
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

/**
 * The scheduling board over a range, read in the windows it accepts (`MAX_RANGE_DAYS` each) as the
 * given user: each line's day (`line|date` -> its load and capacity), the live bars and the lines.
 */
export async function boardOverRange(app: TestApp, token: string, from: string, to: string) {
  const days = new Map<string, { load: number; capacity: number }>();
  const bars = new Map<number, BoardData['bars'][number]>();
  const lines = new Map<number, BoardData['lines'][number]>();
  for (let a = from; a <= to; a = addDaysIso(a, MAX_RANGE_DAYS)) {
    const b = addDaysIso(a, MAX_RANGE_DAYS - 1) < to ? addDaysIso(a, MAX_RANGE_DAYS - 1) : to;
    const res = await app.app.inject({ method: 'GET', url: `/api/scmapi/schedule/board?from=${a}&to=${b}`, headers: { authorization: `Bearer ${token}`, 'x-lang': 'en' } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const data = (res.json() as { data: BoardData }).data;
    for (const l of data.lines) {
      lines.set(l.id, l);
      data.days.forEach((d, i) => days.set(`${l.id}|${d.date}`, { load: l.load[i], capacity: l.capacity[i] }));
    }
    for (const x of data.bars) if (x.scenario_id === null) bars.set(x.id, x);
  }
  return { days, bars: [...bars.values()], lines: [...lines.values()] };
}
