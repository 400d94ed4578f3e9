import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, trustProxyOf } from '../../src/server/config';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { createTestApp, type TestApp } from '../support/test-app';
import { body, type LoginData } from './access-test-helpers';

/**
 * Issue 20: the server trusted any client's `X-Forwarded-For`, so a header that changed with every
 * request defeated the per-address sign-in limit and put a made-up address on sign-ins and sessions.
 * Forwarded headers now count only from the proxies named in TRUST_PROXY (none by default).
 */
const WRONG = 'Wrong1234';

function loginVia(t: TestApp, username: string, password: string, remoteAddress: string, forwardedFor: string) {
  return t.app.inject({ method: 'POST', url: '/api/access/login', payload: { username, password }, remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });
}

/** The addresses recorded for a user's newest session and last sign-in. */
async function recordedAddresses(t: TestApp, userId: number): Promise<{ session: string; lastLogin: string }> {
  const s = await sql<{ ip: string }>`select ip from sessions where user_id = ${userId} order by created_at desc limit 1`.execute(t.database.db);
  const u = await sql<{ last_login_ip: string }>`select last_login_ip from users where id = ${userId}`.execute(t.database.db);
  return { session: s.rows[0].ip, lastLogin: u.rows[0].last_login_ip };
}

describe('without TRUST_PROXY (the default) no forwarded header is believed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('is off unless configured', () => {
    expect(t.config.trustProxy).toBe(false);
    expect(loadConfig({ JWT_SECRET: 'x' }).trustProxy).toBe(false);
  });

  it('a changing X-Forwarded-For does not escape the per-address limit (20 failures)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await loginVia(t, `nobody${i}`, WRONG, '192.0.2.10', `203.0.113.${i + 1}`)).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it('sign-in and session record the peer address, not the header', async () => {
    const res = await loginVia(t, 'brand', DEMO_PASSWORD, '192.0.2.11', '198.51.100.77');
    expect(res.statusCode, res.body).toBe(200);
    expect(await recordedAddresses(t, body<LoginData>(res).data.id)).toEqual({ session: '192.0.2.11', lastLogin: '192.0.2.11' });
  });
});

describe('with TRUST_PROXY naming the proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: trustProxyOf('192.0.2.1, 10.9.0.0/16') });
  });
  afterAll(async () => t?.close());

  it('takes the client address from a configured proxy, and ignores the header from anyone else', async () => {
    const viaProxy = await loginVia(t, 'maker', DEMO_PASSWORD, '10.9.3.4', '198.51.100.5');
    expect(viaProxy.statusCode, viaProxy.body).toBe(200);
    const makerId = body<LoginData>(viaProxy).data.id;
    expect(await recordedAddresses(t, makerId)).toEqual({ session: '198.51.100.5', lastLogin: '198.51.100.5' });
    const direct = await loginVia(t, 'maker', DEMO_PASSWORD, '192.0.2.99', '198.51.100.6');
    expect(direct.statusCode, direct.body).toBe(200);
    expect(await recordedAddresses(t, makerId)).toEqual({ session: '192.0.2.99', lastLogin: '192.0.2.99' });
  });

  it('refuses settings that would trust every peer', () => {
    expect(() => trustProxyOf('true')).toThrow(/TRUST_PROXY/);
    expect(() => trustProxyOf('2')).toThrow(/TRUST_PROXY/);
    expect(trustProxyOf('off')).toBe(false);
    expect(trustProxyOf('127.0.0.1,::1')).toEqual(['127.0.0.1', '::1']);
  });
});
