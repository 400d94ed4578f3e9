import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp } from '../../src/server/app';
import { attachRealtime, notifyUser, realtime, type Realtime } from '../../src/server/realtime';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, loginOk } from './access-test-helpers';
import { resourceClient } from '../support/resource-client';

type Message = { type: string; [key: string]: unknown };

/** Resolves with the next `message` of a type, or rejects after a while. */
function next(socket: Socket, type: string, ms = 5000): Promise<Message> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} within ${ms} ms`)), ms);
    const on = (m: Message) => {
      if (m?.type !== type) return;
      clearTimeout(timer);
      socket.off('message', on);
      resolve(m);
    };
    socket.on('message', on);
  });
}

describe('the notification socket: connect, notifyto2 and logout', () => {
  let t: TestApp;
  let rt: Realtime;
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    rt = await attachRealtime(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await rt.close();
    expect(realtime()).toBeNull();
    await t.close();
  });

  const open = (token: string | null, via: 'auth' | 'query' = 'auth'): Socket => {
    const s = connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, ...(token ? (via === 'auth' ? { auth: { token } } : { query: { token } }) : {}) });
    sockets.push(s);
    return s;
  };
  const connected = (s: Socket) => new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', (e) => reject(e));
  });

  it('refuses a handshake without a valid token', async () => {
    for (const token of [null, 'garbage']) {
      const s = open(token);
      const error = await new Promise<Error>((resolve) => s.once('connect_error', resolve));
      expect(error.message).toBe('unauthorized');
    }
  });

  it('connect joins the user and company rooms; notifyto2 reaches only that user', async () => {
    const buyer = await loginOk(t.app, 'brand.buyer');
    const admin = await loginOk(t.app, 'brand');
    const a = open(buyer.access_token);
    const b = open(admin.access_token, 'query');
    await Promise.all([connected(a), connected(b)]);
    const aOnline = next(a, 'connectto');
    a.emit('message', { type: 'connect', userid: buyer.id, roomid: buyer.client_id });
    expect((await aOnline).online).toEqual([buyer.id]);
    const bOnline = next(b, 'connectto');
    const aSeesB = next(a, 'connectto');
    b.emit('message', { type: 'connect', userid: admin.id, roomid: admin.client_id });
    expect(((await bOnline).online as number[]).sort()).toEqual([buyer.id, admin.id].sort());
    expect((await aSeesB).contact).toMatchObject({ userid: admin.id });

    const got = next(a, 'notifyto2');
    let bGotIt = false;
    b.on('message', (m: Message) => {
      if (m.type === 'notifyto2') bGotIt = true;
    });
    notifyUser(buyer.id, { title: '新的待办', module: 'task', url: '/workspace/home' });
    const m = await got;
    expect(m).toMatchObject({ type: 'notifyto2', title: '新的待办', module: 'task' });
    await new Promise((r) => setTimeout(r, 200));
    expect(bGotIt).toBe(false);
  });

  it('a password change signs the other sessions\' sockets out with logout, not the current one', async () => {
    const here = await loginOk(t.app, 'maker.planner');
    const there = await loginOk(t.app, 'maker.planner');
    const sHere = open(here.access_token);
    const sThere = open(there.access_token);
    await Promise.all([connected(sHere), connected(sThere)]);
    const logout = next(sThere, 'logout');
    let hereLoggedOut = false;
    sHere.on('message', (m: Message) => {
      if (m.type === 'logout') hereLoggedOut = true;
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/access/change-password', headers: bearer(here.access_token), payload: { old_password: 'Demo1234', new_password: 'Moved1234', repeat_password: 'Moved1234' } });
    expect(res.statusCode).toBe(200);
    expect(await logout).toMatchObject({ type: 'logout', reason: 'password' });
    await new Promise<void>((resolve) => (sThere.connected ? sThere.once('disconnect', () => resolve()) : resolve()));
    expect(sThere.connected).toBe(false);
    expect(hereLoggedOut).toBe(false);
    expect(sHere.connected).toBe(true);
  });

  it('join is refused for a chat group the caller is not a member of; leave and bad messages keep the socket', async () => {
    const d = await loginOk(t.app, 'supplier');
    const s = open(d.access_token);
    await connected(s);
    const roomsBefore = [...rt.io.of('/').adapter.rooms.keys()];
    s.emit('message', { type: 'join', groupid: 'g1' });
    s.emit('message', { type: 'join', groupid: 987654 });
    s.emit('message', { type: 'leave', groupid: 987654 });
    s.emit('message', { type: 'join', groupid: { bad: true } });
    s.emit('message', 'not an object');
    await new Promise((r) => setTimeout(r, 200));
    const rooms = [...rt.io.of('/').adapter.rooms.keys()];
    expect(rooms.filter((r) => !roomsBefore.includes(r) && !r.startsWith('user:') && !r.startsWith('session:') && r !== s.id)).toEqual([]);
    expect(rooms).not.toContain('chatgroup:987654');
    expect(s.connected).toBe(true);
  });

  it('an order reaching the maker is announced by the maker\'s own order number, never an internal id', async () => {
    const maker = await loginOk(t.app, 'maker');
    const s = open(maker.access_token);
    await connected(s);
    // The browser's first message joins its company's room (spec 7 `connect`).
    const joined = next(s, 'connectto');
    s.emit('message', { type: 'connect' });
    await joined;
    const brand = await loginOk(t.app, 'brand');
    const orders = resourceClient(t.app, brand.access_token, 'scmapi', 'prorder');
    const vendors = (await resourceClient(t.app, brand.access_token, 'mdapi', 'vendor').page({ size: 100 })).body.data.rows;
    const vendor = Number(vendors.find((v) => v.platform_client_code === 'MAKER01')!.id);
    const order = (await orders.save({ pr_type: 'bulk', currency: 'CNY', maker_vendor_id: vendor, entries: [{ style_no: 'RT-1', style_name: '实时', colour: '黑色', size: 'M', qty: 5, unit_price: 1, seq: 1 }] })).body.data;
    const state = next(s, 'orderstate');
    expect((await orders.action('send', { id: order.id })).status).toBe(200);
    const m = await state;
    expect(m).toMatchObject({ entity: 'customerorder', status: 'pending' });
    const own = await resourceClient(t.app, maker.access_token, 'scmapi', 'customerorder').view(Number(m.id));
    expect(typeof m.no).toBe('string');
    expect(m.no).toBe(own.body.data.order_no);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('the socket across two app processes through the Redis adapter', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  let rt1: Realtime;
  let rt2: Realtime;
  let socket: Socket | null = null;
  beforeAll(async () => {
    t = await createTestApp({ redisUrl: process.env.TEST_REDIS_URL });
    rt1 = await attachRealtime(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    // A second process of the same installation: same database, same Redis, its own socket server.
    second = await buildApp({ config: t.config, database: t.database, logger: false, serveClient: false });
    rt2 = await attachRealtime(second);
    await second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    socket?.close();
    await rt2.close();
    await second.close();
    await rt1.close();
    await t.close();
  });

  it('a notification emitted by one process reaches a browser connected to the other', async () => {
    expect(rt1.io.of('/').adapter.constructor.name).toBe('RedisAdapter');
    const d = await loginOk(t.app, 'brand.buyer');
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    socket = connect(`http://127.0.0.1:${address.port}`, { transports: ['websocket'], reconnection: false, auth: { token: d.access_token } });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', () => resolve());
      socket!.once('connect_error', reject);
    });
    // Give the Redis subscription of the room a moment to settle.
    await new Promise((r) => setTimeout(r, 200));
    const got = next(socket, 'notifyto2');
    rt2.notifyUser(d.id, { title: 'from the other process' });
    expect(await got).toMatchObject({ type: 'notifyto2', title: 'from the other process' });
    const logout = next(socket, 'logout');
    rt2.logoutUser(d.id, 'frozen');
    expect(await logout).toMatchObject({ reason: 'frozen' });
  });
});
