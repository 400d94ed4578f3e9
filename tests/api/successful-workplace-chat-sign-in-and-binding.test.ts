import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, signIn, type TestApp } from '../support/test-app';

/**
 * Spec 7 workplace-chat sign-in (WeCom and DingTalk) against a stand-in provider on loopback: it
 * plays the vendor's sign-in page (redirects back with a code) and its token and user APIs. The
 * product reaches it only through the endpoints configured for the company (api_base,
 * authorize_url), exactly as it would reach the real vendor.
 */
type Member = { code: string; id: string };

class StandInProvider {
  server!: Server;
  base = '';
  /** One-time codes the "vendor" handed out, and who they belong to. */
  codes = new Map<string, string>();
  calls: string[] = [];
  private n = 0;

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((ok) => this.server.listen(0, '127.0.0.1', ok));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A member signs in at the vendor: the vendor remembers a fresh code for them. */
  member(id: string): Member {
    const code = `code-${++this.n}`;
    this.codes.set(code, id);
    return { code, id };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.base);
    this.calls.push(url.pathname);
    let body = '';
    for await (const chunk of req) body += String(chunk);
    const json = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    // The vendor's sign-in page: sends the browser back with a code for a member named in `as`.
    if (url.pathname === '/authorize') {
      const member = this.member(url.searchParams.get('as') ?? 'wx-li');
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', member.code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return void res.end();
    }
    // WeCom
    if (url.pathname === '/cgi-bin/gettoken') {
      const good = url.searchParams.get('corpid') === 'ww-corp' && url.searchParams.get('corpsecret') === 'wx-secret';
      return json(200, good ? { errcode: 0, access_token: 'wx-at', expires_in: 7200 } : { errcode: 40001, errmsg: 'invalid credential' });
    }
    if (url.pathname === '/cgi-bin/auth/getuserinfo') {
      const id = url.searchParams.get('access_token') === 'wx-at' ? this.codes.get(url.searchParams.get('code') ?? '') : undefined;
      if (id) this.codes.delete(url.searchParams.get('code') ?? '');
      return json(200, id ? { errcode: 0, userid: id } : { errcode: 40029, errmsg: 'invalid code' });
    }
    // DingTalk
    if (url.pathname === '/v1.0/oauth2/userAccessToken' && req.method === 'POST') {
      const b = JSON.parse(body || '{}') as Record<string, string>;
      const id = b.clientId === 'dd-key' && b.clientSecret === 'dd-secret' && b.grantType === 'authorization_code' ? this.codes.get(b.code) : undefined;
      if (!id) return json(400, { code: 'invalidAuthCode' });
      this.codes.delete(b.code);
      return json(200, { accessToken: `dd-at:${id}`, expireIn: 7200 });
    }
    if (url.pathname === '/v1.0/contact/users/me') {
      const at = String(req.headers['x-acs-dingtalk-access-token'] ?? '');
      if (!at.startsWith('dd-at:')) return json(401, { code: 'InvalidAuthentication' });
      return json(200, { unionId: at.slice(6), nick: '钉钉用户' });
    }
    json(404, { errcode: 404 });
  }

  async stop(): Promise<void> {
    await new Promise<void>((ok) => this.server.close(() => ok()));
  }
}

let t: TestApp;
const vendor = new StandInProvider();
let brandId: number;

/** Follows the vendor page as a browser would and returns the code and state it came back with. */
async function visitVendor(url: string): Promise<{ code: string; state: string; back: URL }> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location') ?? '');
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '', back };
}

beforeAll(async () => {
  await vendor.start();
  // The stand-in vendor's loopback address is allowed the way an operator allows a gateway (THIRDPARTY_ALLOWED_HOSTS).
  t = await createTestApp({ publicUrl: 'http://app.test', thirdpartyAllowedHosts: [new URL(vendor.base).host] });
  brandId = (await sql<{ id: number }>`select id from clients where code = 'BRAND01'`.execute(t.database.db)).rows[0].id;
  const admin = await signIn(t.app, 'brand');
  for (const body of [
    { provider: 'wecom', corp_id: 'ww-corp', agent_id: '1000002', app_key: 'ww-corp', app_secret: 'wx-secret', api_base: vendor.base, authorize_url: `${vendor.base}/authorize` },
    { provider: 'dingtalk', corp_id: 'ding-corp', app_key: 'dd-key', app_secret: 'dd-secret', api_base: vendor.base, authorize_url: `${vendor.base}/authorize` },
  ]) {
    const res = await t.app.inject({ method: 'POST', url: '/api/thirdpartyapi/apps', headers: { authorization: `Bearer ${admin}` }, payload: body });
    expect(res.statusCode, res.body).toBe(200);
  }
});

afterAll(async () => {
  await t?.close();
  await vendor.stop();
});

describe('WeCom sign-in (qywx)', () => {
  it('prepares the vendor page with a one-time state and the public welcome route as the way back', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/thirdpartyapi/qywx-basic/prepared-login?client=BRAND01' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { url: string; state: string; redirect_uri: string };
    expect(data.redirect_uri).toBe('http://app.test/login/qywxwelcome');
    const u = new URL(data.url);
    expect(u.origin + u.pathname).toBe(`${vendor.base}/authorize`);
    expect(u.searchParams.get('appid')).toBe('ww-corp');
    expect(u.searchParams.get('state')).toBe(data.state);
    expect(data.url).not.toContain('wx-secret');
  });

  it('asks an unbound member to bind, binds with their own password, then signs them straight in', async () => {
    const prepared = (await t.app.inject({ method: 'GET', url: '/api/thirdpartyapi/qywx-basic/prepared-login?client=BRAND01' })).json().data as { url: string };
    const first = await visitVendor(`${prepared.url}&as=wx-li`);
    expect(first.back.pathname).toBe('/login/qywxwelcome');
    const login = await t.app.inject({ method: 'GET', url: `/api/access/qw3rd-login?code=${first.code}&state=${first.state}` });
    expect(login.statusCode, login.body).toBe(200);
    const need = login.json().data as { need_binding: boolean; bind_ticket: string };
    expect(need.need_binding).toBe(true);

    const wrong = await t.app.inject({ method: 'POST', url: '/api/thirdpartyapi/qywx-basic/binding-qywx', payload: { bind_ticket: need.bind_ticket, username: 'brand.buyer', password: 'Wrong1234' } });
    expect(wrong.statusCode).toBe(400);
    const bound = await t.app.inject({ method: 'POST', url: '/api/thirdpartyapi/qywx-basic/binding-qywx', payload: { bind_ticket: need.bind_ticket, username: 'brand.buyer', password: DEMO_PASSWORD } });
    expect(bound.statusCode, bound.body).toBe(200);
    const reply = bound.json().data as { access_token: string; username: string; client_id: number; menus: unknown[] };
    expect(reply.username).toBe('brand.buyer');
    expect(reply.client_id).toBe(brandId);
    expect(reply.access_token).toBeTruthy();
    const stored = await sql<{ wecom_id: string }>`select wecom_id from users where username = 'brand.buyer'`.execute(t.database.db);
    expect(stored.rows[0].wecom_id).toBe('wx-li');

    // The ticket is single use.
    const again = await t.app.inject({ method: 'POST', url: '/api/thirdpartyapi/qywx-basic/binding-qywx', payload: { bind_ticket: need.bind_ticket, username: 'brand.buyer', password: DEMO_PASSWORD } });
    expect(again.statusCode).toBe(400);

    // Next time the bound member signs in directly, and the token works.
    const p2 = (await t.app.inject({ method: 'GET', url: '/api/thirdpartyapi/qywx-basic/prepared-login?client=BRAND01' })).json().data as { url: string };
    const second = await visitVendor(`${p2.url}&as=wx-li`);
    const direct = await t.app.inject({ method: 'GET', url: `/api/access/qw3rd-login?code=${second.code}&state=${second.state}` });
    expect(direct.statusCode, direct.body).toBe(200);
    const token = (direct.json().data as { access_token: string }).access_token;
    const profile = await t.app.inject({ method: 'GET', url: '/api/access/profile', headers: { authorization: `Bearer ${token}` } });
    expect(profile.statusCode).toBe(200);
  });

  it('refuses a used state, a forged state, a bad code and a missing parameter, always in the envelope', async () => {
    const p = (await t.app.inject({ method: 'GET', url: '/api/thirdpartyapi/qywx-basic/prepared-login?client=BRAND01' })).json().data as { url: string };
    const v = await visitVendor(`${p.url}&as=wx-nobody`);
    const bad = await t.app.inject({ method: 'GET', url: `/api/access/qw3rd-login?code=not-a-code&state=${v.state}` });
    expect(bad.statusCode).toBe(400);
    // The state was used by the failed attempt: it cannot be replayed with the good code.
    const replay = await t.app.inject({ method: 'GET', url: `/api/access/qw3rd-login?code=${v.code}&state=${v.state}` });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe(400);
    const forged = await t.app.inject({ method: 'GET', url: `/api/access/qw3rd-login?code=${v.code}&state=forged` });
    expect(forged.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'GET', url: '/api/access/qw3rd-login?code=x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe(11000);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/thirdpartyapi/qywx-basic/prepared-login?client=NOPE' });
    expect(unknown.statusCode).toBe(404);
  });

  it('binds only accounts of the company whose chat the member signed in with', async () => {
    const p = (await t.app.inject({ method: 'GET', url: '/api/thirdpartyapi/qywx-basic/prepared-login?client=BRAND01' })).json().data as { url: string };
    const v = await visitVendor(`${p.url}&as=wx-intruder`);
    const need = (await t.app.inject({ method: 'GET', url: `/api/access/qw3rd-login?code=${v.code}&state=${v.state}` })).json().data as { bind_ticket: string };
    const other = await t.app.inject({ method: 'POST', url: '/api/thirdpartyapi/qywx-basic/binding-qywx', payload: { bind_ticket: need.bind_ticket, username: 'maker.planner', password: DEMO_PASSWORD } });
    expect(other.statusCode).toBe(403);
    const stored = await sql<{ wecom_id: string | null }>`select wecom_id from users where username = 'maker.planner'`.execute(t.database.db);
    expect(stored.rows[0].wecom_id).toBeNull();
  });
});

describe('DingTalk sign-in (dd)', () => {
  it('prepares, binds and signs in with the DingTalk code flow', async () => {
    const prep = await t.app.inject({ method: 'GET', url: '/api/thirdpartyapi/dingtalk/prepared-login?client=BRAND01' });
    expect(prep.statusCode, prep.body).toBe(200);
    const data = prep.json().data as { url: string; redirect_uri: string };
    expect(data.redirect_uri).toBe('http://app.test/login/ddwelcome/BRAND01');
    expect(new URL(data.url).searchParams.get('client_id')).toBe('dd-key');
    const v = await visitVendor(`${data.url}&as=union-brand`);
    const first = await t.app.inject({ method: 'POST', url: '/api/access/dd-login', payload: { authCode: v.code, state: v.state } });
    expect(first.statusCode, first.body).toBe(200);
    const need = first.json().data as { need_binding: boolean; bind_ticket: string; name: string };
    expect(need).toMatchObject({ need_binding: true, name: '钉钉用户' });
    const bound = await t.app.inject({ method: 'POST', url: '/api/thirdpartyapi/dingtalk/binding-dingtalk', payload: `bind_ticket=${need.bind_ticket}&username=brand&password=${DEMO_PASSWORD}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(bound.statusCode, bound.body).toBe(200);
    expect((bound.json().data as { username: string }).username).toBe('brand');

    const again = (await t.app.inject({ method: 'GET', url: '/api/thirdpartyapi/dingtalk/prepared-login?client=BRAND01' })).json().data as { url: string };
    const v2 = await visitVendor(`${again.url}&as=union-brand`);
    const direct = await t.app.inject({ method: 'POST', url: '/api/access/dd-login', payload: { code: v2.code, state: v2.state } });
    expect(direct.statusCode, direct.body).toBe(200);
    expect((direct.json().data as { access_token: string }).access_token).toBeTruthy();
  });

  it('refuses to sign in a frozen account even when it is bound', async () => {
    await sql`update users set status = 'frozen' where username = 'brand'`.execute(t.database.db);
    try {
      const p = (await t.app.inject({ method: 'GET', url: '/api/thirdpartyapi/dingtalk/prepared-login?client=BRAND01' })).json().data as { url: string };
      const v = await visitVendor(`${p.url}&as=union-brand`);
      const res = await t.app.inject({ method: 'POST', url: '/api/access/dd-login', payload: { code: v.code, state: v.state } });
      expect(res.statusCode).toBe(403);
    } finally {
      await sql`update users set status = 'active' where username = 'brand'`.execute(t.database.db);
    }
  });
});

describe('company chat applications (client administrator)', () => {
  it('lists the applications without their secrets, and only to administrators', async () => {
    const admin = await signIn(t.app, 'brand');
    const res = await t.app.inject({ method: 'GET', url: '/api/thirdpartyapi/apps', headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('wx-secret');
    expect(res.body).not.toContain('dd-secret');
    expect((res.json().data as unknown[]).length).toBe(2);
    const buyer = await signIn(t.app, 'brand.buyer');
    const refused = await t.app.inject({ method: 'GET', url: '/api/thirdpartyapi/apps', headers: { authorization: `Bearer ${buyer}` } });
    expect(refused.statusCode).toBe(403);
    const maker = await signIn(t.app, 'maker');
    const other = await t.app.inject({ method: 'GET', url: '/api/thirdpartyapi/apps', headers: { authorization: `Bearer ${maker}` } });
    expect(other.json().data).toEqual([]);
  });
});
