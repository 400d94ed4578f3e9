import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/database';
import { DEMO_PASSWORD } from '../support/test-app';

/** Helpers shared by the access API tests (sign-in, sessions, sign-up, password, realtime). */
export type Reply<T = Record<string, unknown>> = { code: number; message: string; data: T };

export type LoginData = {
  access_token: string; refresh_token: string; expire: number; refresh_expire: number; id: number; client_id: number | null;
  username: string; platform_id: string; menus: { CODE: string; TITLE: string; children: { FURL: string; TITLE: string }[] }[];
  dashroles: string[]; must_change_password: boolean; [key: string]: unknown;
};

export function body<T = Record<string, unknown>>(res: LightMyRequestResponse): Reply<T> {
  return res.json() as Reply<T>;
}

export async function login(app: FastifyInstance, username: string, password = DEMO_PASSWORD, extra: Record<string, unknown> = {}, remoteAddress?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/access/login', payload: { username, password, ...extra }, ...(remoteAddress ? { remoteAddress } : {}) });
}

export async function loginOk(app: FastifyInstance, username: string, password = DEMO_PASSWORD, extra: Record<string, unknown> = {}): Promise<LoginData> {
  const res = await login(app, username, password, extra);
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.body}`);
  return body<LoginData>(res).data;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The newest outbox row sent to an address. */
export async function lastMessageTo(db: Db, to: string): Promise<{ subject: string; body: string; link: string | null; channel: string; status: string; client_id: number | null } | undefined> {
  const r = await sql<{ subject: string; body: string; link: string | null; channel: string; status: string; client_id: number | null }>`
    select subject, body, link, channel, status, client_id from outbox where lower(to_address) = lower(${to}) order by id desc limit 1`.execute(db);
  return r.rows[0];
}

/** The six-digit code of the newest message to an address. */
export async function lastCodeTo(db: Db, to: string): Promise<string> {
  const m = await lastMessageTo(db, to);
  const code = m?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}
