import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { signAccessToken } from '../../src/server/access/jwt';
import type { AppConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/database';
import { randomUUID } from 'node:crypto';

/** Envelope of a reply, typed loosely for assertions. */
export type Reply<T = Record<string, unknown>> = { code: number; message: string; data: T };

/**
 * A signed-in caller for registry tests without paying an argon2 sign-in per user: opens a real
 * session row for a demo user and signs its access token with the app's secret, exactly as the
 * sign-in does (the server then resolves it through the normal token check).
 */
export async function tokenFor(db: Db, config: AppConfig, username: string): Promise<string> {
  const u = await sql<{ id: number; client_id: number | null }>`select id, client_id from users where username = ${username}`.execute(db);
  const user = u.rows[0];
  if (!user) throw new Error(`no demo user ${username}`);
  const sid = randomUUID();
  const now = Math.floor(Date.now() / 1000);
  await sql`insert into sessions (id, user_id, client_id, platform_id, expires_at) values (${sid}, ${user.id}, ${user.client_id}, 'SRM', now() + interval '1 day')`.execute(db);
  return signAccessToken({ sub: user.id, sid, cid: user.client_id, iat: now, exp: now + 3600 }, config.jwtSecret);
}

/** Calls of the generic resource API for one entity, as one caller. */
export function resourceClient(app: FastifyInstance, token: string, prefix: string, entity: string, lang: 'zh-CN' | 'en' = 'zh-CN') {
  const headers = { authorization: `Bearer ${token}`, 'x-lang': lang };
  const base = `/api/${prefix}/${entity}`;
  const parse = <T>(res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.json() as Reply<T> });
  return {
    page: async (query: Record<string, string | number> = {}) =>
      parse<{ rows: Record<string, unknown>[]; total: number; tabs?: Record<string, number> }>(await app.inject({ method: 'GET', url: base + '/page', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers })),
    view: async (id: unknown) => parse<Record<string, unknown>>(await app.inject({ method: 'GET', url: `${base}/view`, query: { id: String(id) }, headers })),
    save: async (doc: Record<string, unknown>) => parse<Record<string, unknown>>(await app.inject({ method: 'POST', url: `${base}/save`, payload: doc, headers })),
    saveForm: async (form: Record<string, string>) =>
      parse<Record<string, unknown>>(await app.inject({ method: 'POST', url: `${base}/save`, payload: new URLSearchParams(form).toString(), headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } })),
    /**
     * Removes records at the versions given, or at the versions this caller reads now (a remove
     * names the version it was read at, as a save does); an id the caller cannot read goes with 0.
     */
    remove: async (ids: unknown[], versions?: number[]) => {
      const read = versions ?? (await Promise.all(ids.map(async (id) => {
        const r = await app.inject({ method: 'GET', url: `${base}/view`, query: { id: String(id) }, headers });
        return r.statusCode === 200 ? Number((r.json() as Reply<{ version: number }>).data.version) : 0;
      })));
      return parse<{ removed: number }>(await app.inject({ method: 'POST', url: `${base}/remove`, payload: { ids, versions: read }, headers }));
    },
    action: async (action: string, payload: Record<string, unknown>) => parse<{ rows: Record<string, unknown>[] }>(await app.inject({ method: 'POST', url: `${base}/action/${action}`, payload, headers })),
    history: async (id: unknown) =>
      parse<{ rows: Array<{ action: string; username: string; ip: string; changes: Array<{ field: string; old: unknown; new: unknown; label: string }> }> }>(
        await app.inject({ method: 'GET', url: `${base}/history`, query: { id: String(id) }, headers }),
      ),
  };
}

type Row = Record<string, unknown>;

/**
 * Any call of the API as one caller, and rows read straight from the database, for a test file whose
 * app is made in its `beforeAll` (hence the getter). A GET's body is its query.
 *
 * Example: `const { call, q } = apiCalls(() => t.app);` then
 * `await call(planner, 'GET', '/scmapi/workorder/view', { id })`, `await q(sql\`select ...\`)`.
 */
export function apiCalls(app: () => FastifyInstance) {
  const call = async <T = Row>(token: string, method: 'GET' | 'POST', url: string, body?: Row, lang: 'zh-CN' | 'en' = 'zh-CN'): Promise<{ status: number; body: Reply<T> }> => {
    const res = await app().inject({
      method, url: `/api${url}`, headers: { authorization: `Bearer ${token}`, 'x-lang': lang },
      ...(method === 'GET' ? { query: Object.fromEntries(Object.entries(body ?? {}).map(([k, v]) => [k, String(v)])) } : { payload: body ?? {} }),
    });
    return { status: res.statusCode, body: res.json() as Reply<T> };
  };
  const q = async (text: ReturnType<typeof sql>) => (await (text as ReturnType<typeof sql<Row>>).execute(app().db)).rows;
  return { call, q };
}
