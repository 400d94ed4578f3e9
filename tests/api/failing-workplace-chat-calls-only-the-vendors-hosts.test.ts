import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Issue 20: a company administrator could point the workplace-chat `api_base` anywhere, and the
 * unauthenticated sign-in then made the server request that address with the app secret (a request
 * forger and port scanner). Only the vendors' own hosts (or hosts the platform operator allows) are
 * accepted, an endpoint saved before the rule is not called, and every failure answers alike.
 */
let t: TestApp;
let admin: string;
let internal: Server;
let internalBase = '';
const seen: string[] = [];

/** Stands for a service inside the operator's network: it records whatever reaches it. */
async function startInternalService(): Promise<void> {
  internal = createServer((req, res) => {
    seen.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ errcode: 0, access_token: 'leaked' }));
  });
  await new Promise<void>((ok) => internal.listen(0, '127.0.0.1', ok));
  internalBase = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
}

const saveApp = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/thirdpartyapi/apps', headers: { authorization: `Bearer ${admin}` }, payload: { provider: 'wecom', corp_id: 'ww-corp', app_key: 'ww-corp', app_secret: 'wx-secret', ...payload } });

/** A row written before the host rule existed (or by hand): the sign-in flow must not trust it. */
async function legacyApp(company: string, apiBase: string, authorizeUrl: string | null): Promise<void> {
  await sql`insert into thirdparty_apps (client_id, provider, corp_id, agent_id, app_key, app_secret, api_base, authorize_url, enabled)
    select id, 'wecom', 'ww-legacy', null, 'ww-legacy', 'legacy-secret', ${apiBase}, ${authorizeUrl}, true from clients where code = ${company}`.execute(t.database.db);
}

async function signInThrough(company: string): Promise<{ status: number; message: string; url: string }> {
  const prepared = await t.app.inject({ method: 'GET', url: `/api/thirdpartyapi/qywx-basic/prepared-login?client=${company}` });
  expect(prepared.statusCode, prepared.body).toBe(200);
  const { state, url } = prepared.json().data as { state: string; url: string };
  const res = await t.app.inject({ method: 'GET', url: `/api/access/qw3rd-login?code=any&state=${encodeURIComponent(state)}` });
  return { status: res.statusCode, message: (res.json() as { message: string }).message, url };
}

beforeAll(async () => {
  await startInternalService();
  t = await createTestApp();
  admin = await signIn(t.app, 'brand');
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((ok) => internal.close(() => ok()));
});

describe('workplace-chat endpoints', () => {
  it('an administrator cannot point api_base or the sign-in page at an address of its choosing', async () => {
    for (const [field, value] of [
      ['api_base', internalBase],
      ['api_base', 'http://qyapi.weixin.qq.com'],
      ['api_base', 'https://qyapi.weixin.qq.com.attacker.example'],
      ['api_base', 'https://user@qyapi.weixin.qq.com'],
      ['api_base', 'https://qyapi.weixin.qq.com:8443'],
      ['authorize_url', `${internalBase}/authorize`],
    ]) {
      const res = await saveApp({ [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect((res.json() as { data: { errors: Record<string, string> } }).data.errors[field]).toBe('只能填写企业微信或钉钉的官方地址（或平台运营方允许的地址）');
    }
    expect((await saveApp({ api_base: 'https://qyapi.weixin.qq.com', authorize_url: 'https://login.work.weixin.qq.com/wwlogin/sso/login' })).statusCode).toBe(200);
    expect(seen).toEqual([]);
  });

  it('a stored endpoint off the vendors\' hosts is never called, and a listening and a closed address fail alike', async () => {
    await legacyApp('MAKER01', `${internalBase}/`, `${internalBase}/authorize`);
    await legacyApp('SUPP01', 'http://127.0.0.1:1', null);
    const open = await signInThrough('MAKER01');
    const closed = await signInThrough('SUPP01');
    expect(seen).toEqual([]);
    expect(open.status).toBe(400);
    expect({ status: closed.status, message: closed.message }).toEqual({ status: open.status, message: open.message });
    expect(open.message).toBe('第三方平台登录校验失败，请重试');
    // The browser is not sent to a stored page off the vendors' hosts either: the vendor's own page instead.
    expect(new URL(open.url).host).toBe('login.work.weixin.qq.com');
  });
});
