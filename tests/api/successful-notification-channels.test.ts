import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxSender, raiseNotice } from '../../src/server/services/notify';
import { resourceClient } from '../support/resource-client';
import { smtpServer } from '../support/smtp-server';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, body, loginOk, type LoginData } from './access-test-helpers';

/**
 * Issue 15: a person's notification settings decide the channels: the bell, e-mail through the
 * outbox and SMTP, workplace chat through the company's WeCom application. Delivered by the outbox
 * sender after the action commits, once each even with two senders. A loopback SMTP server and a
 * loopback stand-in for the WeCom API receive what is sent.
 */
/** The WeCom API's token and message calls, recording each message sent. */
function wecomStandIn(sent: Array<{ touser: string; content: string; agentid: unknown }>): HttpServer {
  return createHttpServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += String(c)));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      res.writeHead(200, { 'content-type': 'application/json' });
      if (url.pathname === '/cgi-bin/gettoken') {
        const good = url.searchParams.get('corpid') === 'ww-corp' && url.searchParams.get('corpsecret') === 'wx-secret';
        return res.end(JSON.stringify(good ? { errcode: 0, access_token: 'wx-at' } : { errcode: 40001, errmsg: 'invalid credential' }));
      }
      if (url.pathname === '/cgi-bin/message/send' && url.searchParams.get('access_token') === 'wx-at') {
        const b = JSON.parse(raw || '{}') as { touser: string; agentid: unknown; text?: { content: string } };
        sent.push({ touser: b.touser, content: b.text?.content ?? '', agentid: b.agentid });
        return res.end(JSON.stringify({ errcode: 0, errmsg: 'ok' }));
      }
      res.end(JSON.stringify({ errcode: 404, errmsg: 'not found' }));
    });
  });
}

type Settings = { events: Array<{ event: string; channels: string[]; source: string; company: string[] | null }>; reach: { email: boolean; workchat: string | null } };

describe('notification channels chosen per person, delivered through the outbox', () => {
  const mails: string[] = [];
  const chats: Array<{ touser: string; content: string; agentid: unknown }> = [];
  let smtp: Server;
  let vendor: HttpServer;
  let t: TestApp;
  let brand: LoginData;
  let maker: LoginData;
  let planner: LoginData;
  let vendorId = 0;
  let n = 0;

  beforeAll(async () => {
    smtp = smtpServer(mails);
    await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', ok));
    vendor = wecomStandIn(chats);
    await new Promise<void>((ok) => vendor.listen(0, '127.0.0.1', ok));
    const vendorHost = `127.0.0.1:${(vendor.address() as AddressInfo).port}`;
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${(smtp.address() as AddressInfo).port}?from=platform@test.local`, thirdpartyAllowedHosts: [vendorHost] });
    // Rows are delivered only by the test's own drain() calls: the app's background pass (woken by
    // each notice) would deliver some of them at its own time, into the next test's counts.
    await t.app.outboxSender.stop();
    [brand, maker, planner] = await Promise.all([loginOk(t.app, 'brand'), loginOk(t.app, 'maker'), loginOk(t.app, 'maker.planner')]);
    await sql`insert into thirdparty_apps (client_id, provider, corp_id, agent_id, app_key, app_secret, api_base)
      values (${maker.client_id}, 'wecom', 'ww-corp', '1000002', 'ww-corp', 'wx-secret', ${`http://${vendorHost}`})`.execute(t.app.db);
    const vendors = (await resourceClient(t.app, brand.access_token, 'mdapi', 'vendor').page({ size: 100 })).body.data.rows;
    vendorId = Number(vendors.find((v) => v.platform_client_code === 'MAKER01')!.id);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((ok) => smtp.close(ok));
    await new Promise((ok) => vendor.close(ok));
  });

  const mine = async (who: LoginData) => body<Settings>(await t.app.inject({ method: 'GET', url: '/api/notifyapi/notify-setting/mine', headers: bearer(who.access_token) })).data;
  const save = (who: LoginData, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/notifyapi/notify-setting/save', headers: bearer(who.access_token), payload });
  const unread = async (who: LoginData) => body<{ unread: number }>(await t.app.inject({ method: 'GET', url: '/api/notifyapi/notify-msg/unread-index', headers: bearer(who.access_token) })).data.unread;
  /** The brand sends an order to the maker: the maker's people get an "order received" notice. */
  const sendOrder = async (): Promise<string> => {
    const orders = resourceClient(t.app, brand.access_token, 'scmapi', 'prorder');
    const saved = await orders.save({ pr_type: 'bulk', customer_po: `PO-CH-${++n}`, category: 'knit-top', receive_date: '2026-03-02', delivery_date: '2026-04-20', currency: 'CNY', maker_vendor_id: vendorId,
      entries: [{ style_no: `ST-CH-${n}`, style_name: '圆领T恤', colour: '黑色', size: 'M', qty: 30, unit_price: 10, seq: 1 }] });
    expect(saved.status).toBe(200);
    expect((await orders.action('send', { id: saved.body.data.id })).status).toBe(200);
    return String(saved.body.data.pr_no);
  };
  const outboxOf = async (userId: number) => (await sql<{ channel: string; status: string; to_address: string; subject: string; body: string; error: string | null }>`select channel, status, to_address, subject, body, error
    from outbox where origin = 'notice' and user_id = ${userId} order by id`.execute(t.app.db)).rows;

  it('starts at the bell for every event, and says how the person can be reached', async () => {
    const s = await mine(planner);
    expect(s.events.map((e) => e.event)).toContain('order');
    expect(s.events.every((e) => e.source === 'default' && e.channels.join() === 'site')).toBe(true);
    expect(s.reach).toEqual({ email: true, workchat: null });
  });

  it('are the centre\'s engine list of the view `noticesetting`: a row per event, saved and reset through the same rules', async () => {
    type Row = { id: number; version: number; event: string; channels: string[]; source: string };
    const view = (who: LoginData, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      t.app.inject({ method, url: `/api/notifyapi/noticesetting${url}`, headers: bearer(who.access_token), payload });
    const rows = body<{ rows: Row[] }>(await view(planner, 'GET', '/page?size=100')).data.rows;
    expect(rows.map((r) => r.event)).toEqual((await mine(planner)).events.map((e) => e.event));
    const order = rows.find((r) => r.event === 'order')!;
    expect(order).toMatchObject({ source: 'default', channels: ['site'] });
    // The calls' refusals, under the field.
    const chat = await view(planner, 'POST', '/save', { id: order.id, version: order.version, channels: ['workchat'] });
    expect(chat.statusCode).toBe(400);
    expect(JSON.stringify(body(chat).data)).toContain('未绑定企业微信或钉钉');
    const none = await view(planner, 'POST', '/save', { id: order.id, version: order.version, channels: [] });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(body(none).data)).toContain('请至少选择一个通知渠道');
    const saved = await view(planner, 'POST', '/save', { id: order.id, version: order.version, channels: ['site', 'email'] });
    expect(saved.statusCode).toBe(200);
    expect(body(saved).data).toMatchObject({ event: 'order', source: 'own', channels: ['site', 'email'] });
    expect((await mine(planner)).events.find((e) => e.event === 'order')).toMatchObject({ source: 'own', channels: ['site', 'email'] });
    // Only the caller's own: a colleague's settings stay as they were.
    expect((await mine(maker)).events.find((e) => e.event === 'order')!.source).toBe('default');
    expect((await view(planner, 'POST', '/action/reset', { ids: [order.id] })).statusCode).toBe(200);
    expect((await mine(planner)).events.find((e) => e.event === 'order')).toMatchObject({ source: 'default', channels: ['site'] });
    // Nothing of the caller's own to drop now.
    expect((await view(planner, 'POST', '/action/reset', { ids: [order.id] })).statusCode).toBe(409);
  });

  it('refuses an unknown event, no channel, and channels the person cannot be reached by, each on its field', async () => {
    const unknown = await save(planner, { event: 'weather', channels: ['site'] });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys((body(unknown).data as { errors: Record<string, unknown> }).errors)).toContain('event');
    const none = await save(planner, { event: 'order', channels: [] });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(body(none).data)).toContain('请至少选择一个通知渠道');
    const chat = await save(planner, { event: 'order', channels: ['workchat'] });
    expect(chat.statusCode).toBe(400);
    expect(JSON.stringify(body(chat).data)).toContain('未绑定企业微信或钉钉');
    await sql`update users set email = null where id = ${maker.id}`.execute(t.app.db);
    const mail = await save(maker, { event: 'order', channels: ['email'] });
    expect(mail.statusCode).toBe(400);
    expect(JSON.stringify(body(mail).data)).toContain('未填写邮箱');
    await sql`update users set email = 'maker@demo.local' where id = ${maker.id}`.execute(t.app.db);
    expect((await mine(planner)).events.find((e) => e.event === 'order')!.source).toBe('default');
  });

  it('follows the company\'s setting when the person chose nothing, though another company\'s action raised it', async () => {
    const settings = resourceClient(t.app, maker.access_token, 'adminapi', 'admin_notify_setting');
    const saved = await settings.save({ event: 'order', channels: ['site', 'email'], status: 'active' });
    expect(saved.status).toBe(200);
    expect((await mine(planner)).events.find((e) => e.event === 'order')).toMatchObject({ source: 'company', channels: ['site', 'email'] });
    const before = { bell: await unread(planner), mails: mails.length, rows: (await outboxOf(planner.id)).length };
    const prNo = await sendOrder();
    await t.app.outboxSender.drain();
    expect(await unread(planner)).toBe(before.bell + 1);
    const rows = (await outboxOf(planner.id)).slice(before.rows);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'email', status: 'sent', to_address: 'maker.planner@demo.local' });
    expect(rows[0].body).toContain(prNo);
    // The mail itself reached the SMTP server, addressed to the planner.
    expect(mails.slice(before.mails).some((m) => /^To: maker\.planner@demo\.local/m.test(m))).toBe(true);
  });

  it('keeps a person\'s own choice over the company\'s: e-mail only means no bell', async () => {
    expect((await save(planner, { event: 'order', channels: ['email'] })).statusCode).toBe(200);
    expect((await mine(planner)).events.find((e) => e.event === 'order')).toMatchObject({ source: 'own', channels: ['email'], company: ['site', 'email'] });
    const before = { planner: await unread(planner), maker: await unread(maker), rows: (await outboxOf(planner.id)).length };
    await sendOrder();
    await t.app.outboxSender.drain();
    expect(await unread(planner)).toBe(before.planner);
    // The maker administrator chose nothing: the company's setting rings the bell.
    expect(await unread(maker)).toBe(before.maker + 1);
    expect((await outboxOf(planner.id)).slice(before.rows).map((r) => `${r.channel}:${r.status}`)).toEqual(['email:sent']);
    // Back to the company's.
    expect((await save(planner, { event: 'order', reset: true })).statusCode).toBe(200);
    expect((await mine(planner)).events.find((e) => e.event === 'order')!.source).toBe('company');
  });

  it('sends a workplace-chat work notice to the member the account is bound to', async () => {
    await sql`update users set wecom_id = 'wang.jihua' where id = ${planner.id}`.execute(t.app.db);
    expect((await mine(planner)).reach.workchat).toBe('wecom');
    expect((await save(planner, { event: 'order', channels: ['site', 'workchat'] })).statusCode).toBe(200);
    const before = chats.length;
    const prNo = await sendOrder();
    await t.app.outboxSender.drain();
    const sent = chats.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].touser).toBe('wang.jihua');
    expect(sent[0].agentid).toBe(1000002);
    expect(sent[0].content).toContain(prNo);
    expect((await outboxOf(planner.id)).at(-1)).toMatchObject({ channel: 'workchat', status: 'sent', to_address: 'wang.jihua' });
  });

  it('marks a failed vendor call failed with the vendor\'s reason and no secret', async () => {
    await sql`update thirdparty_apps set app_secret = 'wrong-secret' where client_id = ${maker.client_id}`.execute(t.app.db);
    await sendOrder();
    await t.app.outboxSender.drain();
    const last = (await outboxOf(planner.id)).at(-1)!;
    expect(last).toMatchObject({ channel: 'workchat', status: 'failed' });
    expect(last.error).toContain('40001');
    expect(last.error).not.toContain('wrong-secret');
    await sql`update thirdparty_apps set app_secret = 'wx-secret' where client_id = ${maker.client_id}`.execute(t.app.db);
  });

  it('adds the users of the roles the company names, and two senders deliver each row once', async () => {
    const settings = resourceClient(t.app, maker.access_token, 'adminapi', 'admin_notify_setting');
    expect((await settings.save({ event: 'ticket', channels: ['email'], recipient_roles: 'planner', status: 'active' })).status).toBe(200);
    const mailsBefore = mails.length;
    const ids = await t.app.db.transaction().execute(async (tx) => {
      const out: number[][] = [];
      for (let i = 0; i < 6; i++) out.push(await raiseNotice(tx, { clientId: maker.client_id!, userIds: [maker.id], kind: 'ticket.assigned', title: `异常单 EX-${i}`, body: '请处理', doc_no: `EX-${i}` }));
      return out;
    });
    // The administrator named, and the planner through the role.
    expect(ids[0].sort()).toEqual([maker.id, planner.id].sort());
    const other = new OutboxSender({ db: t.app.db, config: t.app.config, pollMs: 60_000, log: () => undefined });
    const [a, b] = await Promise.all([t.app.outboxSender.drain(), other.drain()]);
    expect(a + b).toBe(12);
    expect(mails.length - mailsBefore).toBe(12);
    const statuses = (await sql<{ status: string }>`select status from outbox where origin = 'notice' and subject like '异常单 EX-%'`.execute(t.app.db)).rows;
    expect(statuses.map((s) => s.status)).toEqual(Array(12).fill('sent'));
  });

  it('refuses a notice kind of no declared event, saying where to declare it', async () => {
    await expect(raiseNotice(t.app.db, { clientId: maker.client_id!, userIds: [maker.id], kind: 'weather.rain', title: 'x' })).rejects.toThrow(/NOTICE_EVENTS/);
  });
});
