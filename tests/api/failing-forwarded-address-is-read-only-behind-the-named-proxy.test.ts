import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustProxyOf } from '../../src/server/config';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, body, type LoginData } from './access-test-helpers';

/**
 * Issue 28 item 5: with TRUST_PROXY naming a proxy, X-Forwarded-For must count only when the
 * socket's peer is that proxy, and then only from the right past the named proxies. The sign-in's
 * lockout, the session, the last sign-in and the audit log record the address so found: a client
 * connecting directly (127.147.52.45) and claiming 198.51.100.24 is recorded as 127.147.52.45; the
 * proxy's forwarded address is believed; an entry a client put in front of a proxy's chain is not.
 */
const PROXY = '127.0.0.2';
const DIRECT = '127.147.52.45';
const FORWARDED = '198.51.100.24';
const WRONG = 'Wrong1234';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ trustProxy: trustProxyOf(PROXY) });
}, 120_000);
afterAll(async () => t?.close());

function loginFrom(remoteAddress: string, forwardedFor: string | null, username = 'brand', password = DEMO_PASSWORD) {
  return t.app.inject({
    method: 'POST',
    url: '/api/access/login',
    payload: { username, password },
    remoteAddress,
    headers: forwardedFor === null ? {} : { 'x-forwarded-for': forwardedFor },
  });
}

/** Signs in as `username` from a peer with a header; answers the addresses its session, last sign-in and an audited change recorded. */
async function recorded(username: string, remoteAddress: string, forwardedFor: string | null): Promise<{ session: string; lastLogin: string; audit: string }> {
  const res = await loginFrom(remoteAddress, forwardedFor, username);
  expect(res.statusCode, res.body).toBe(200);
  const login = body<LoginData>(res).data;
  // An audited change of the own profile, sent the same way.
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/clientinfoapi/user-profile/save-profile',
    payload: { fullname: `Name ${Math.random().toString(36).slice(2, 8)}` },
    remoteAddress,
    headers: { ...bearer(login.access_token), ...(forwardedFor === null ? {} : { 'x-forwarded-for': forwardedFor }) },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const db = t.database.db;
  const session = (await sql<{ ip: string }>`select ip from sessions where user_id = ${login.id} order by created_at desc limit 1`.execute(db)).rows[0].ip;
  const lastLogin = (await sql<{ ip: string }>`select last_login_ip as ip from users where id = ${login.id}`.execute(db)).rows[0].ip;
  const audit = (await sql<{ ip: string }>`select ip from audit_log where entity = 'user' and record_id = ${login.id} and action = 'update-own-profile' order by id desc limit 1`.execute(db)).rows[0].ip;
  return { session, lastLogin, audit };
}

describe(`with TRUST_PROXY=${PROXY}`, () => {
  it('a client that is not the proxy is recorded under its own address, whatever it forwards', async () => {
    expect(await recorded('brand', DIRECT, FORWARDED)).toEqual({ session: DIRECT, lastLogin: DIRECT, audit: DIRECT });
    expect(await recorded('brand', DIRECT, `${FORWARDED}, ${PROXY}`)).toEqual({ session: DIRECT, lastLogin: DIRECT, audit: DIRECT });
  });

  it('a request through the proxy is recorded under the forwarded address; an IPv4-mapped peer is the proxy too', async () => {
    expect(await recorded('maker', PROXY, FORWARDED)).toEqual({ session: FORWARDED, lastLogin: FORWARDED, audit: FORWARDED });
    expect(await recorded('maker', `::ffff:${PROXY}`, '198.51.100.25')).toEqual({ session: '198.51.100.25', lastLogin: '198.51.100.25', audit: '198.51.100.25' });
    // Without a header the proxy's own address is the client's.
    expect(await recorded('maker', PROXY, null)).toEqual({ session: PROXY, lastLogin: PROXY, audit: PROXY });
  });

  it('a chain with a spoofed leftmost entry records the first untrusted address from the right', async () => {
    // The client sent "X-Forwarded-For: 203.0.113.9"; the proxy appended the address it saw.
    expect(await recorded('supplier', PROXY, `203.0.113.9, ${FORWARDED}`)).toEqual({ session: FORWARDED, lastLogin: FORWARDED, audit: FORWARDED });
    // The proxy passed through itself once more: still the first address from the right that is not the proxy.
    expect(await recorded('supplier', PROXY, `203.0.113.9,${FORWARDED}, ${PROXY}`)).toEqual({ session: FORWARDED, lastLogin: FORWARDED, audit: FORWARDED });
  });

  it('the per-address lockout counts a direct client under its own address, not under the address it names', async () => {
    const limit = t.config.loginLimit.perAddress;
    const peer = '127.147.52.46';
    const statuses: number[] = [];
    for (let i = 0; i < limit + 1; i++) statuses.push((await loginFrom(peer, `203.0.113.${i + 1}`, `nobody.direct${i}`, WRONG)).statusCode);
    expect(statuses.slice(0, limit).every((s) => s === 400), statuses.join(',')).toBe(true);
    expect(statuses[limit]).toBe(429);
    // The address it claimed to be is not locked: a sign-in forwarded by the proxy for 203.0.113.1 goes on.
    expect((await loginFrom(PROXY, '203.0.113.1', 'nobody.other', WRONG)).statusCode).toBe(400);
  });

  it('the per-address lockout counts a proxied client under the forwarded address, not under the proxy', async () => {
    const limit = t.config.loginLimit.perAddress;
    const statuses: number[] = [];
    for (let i = 0; i < limit + 1; i++) statuses.push((await loginFrom(PROXY, `10.0.0.${i + 1}, 198.51.100.50`, `nobody.proxied${i}`, WRONG)).statusCode);
    expect(statuses.slice(0, limit).every((s) => s === 400), statuses.join(',')).toBe(true);
    expect(statuses[limit]).toBe(429);
    // Another client behind the same proxy is not locked out with it.
    expect((await loginFrom(PROXY, '198.51.100.51', 'nobody.next', WRONG)).statusCode).toBe(400);
  });
});
