import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeWav, readWav } from '../../src/client/pages/collab/voice-wav';
import { solidPng } from '../support/png';
import { bearer, body, loginOk } from './access-test-helpers';
import { multipart } from './import-support';
import { liveAppForFile, openSocket, until } from './live-app';

/**
 * Chat (issue 15): one to one and groups between users of one company, of companies that share a
 * document, or friends, never other companies' users; persisted messages with images, files and
 * voice messages (the recorder's WAV encoding), unread counts, paged history, live over the socket.
 */
type Conv = { id: number; kind: string; name: string; peer_id: number | null; members: number; unread: number; last_body: string | null; last_kind: string | null };
type Msg = { id: number; conversation_id: number; sender_id: number; sender_name: string; kind: string; body: string | null; attachment: { id: number; name: string; mime: string; size: number; duration?: number } | null };
type Contact = { id: number; username: string; client_id: number; relation: string };

const live = liveAppForFile(['brand', 'brand.buyer', 'maker', 'maker.planner', 'supplier', 'supplier.sales']);
const base = '/api/crossapi/chatapi/chat';

const call = async <T>(who: string, method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>) => {
  const res = await live.t.app.inject({ method, url: `${base}${path}`, headers: bearer(live.users[who].access_token), payload });
  return { status: res.statusCode, body: body<T>(res) };
};
const ok = async <T>(who: string, method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>): Promise<T> => {
  const r = await call<T>(who, method, path, payload);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};
const upload = async (who: string, filename: string, type: string, content: Buffer) => {
  const form = multipart([{ name: 'file', filename, content, type }]);
  const res = await live.t.app.inject({ method: 'POST', url: `${base}/upload`, payload: form.payload, headers: { ...form.headers, ...bearer(live.users[who].access_token) } });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ id: number; name: string; mime: string; size: number }>(res).data;
};
const fileOf = (who: string, id: number) => live.t.app.inject({ method: 'GET', url: `${base}/file/${id}`, headers: bearer(live.users[who].access_token) });

/**
 * A company that shares no document with the demo companies (every demo company exchanges orders
 * with the others), with one active user signing in with the demo password.
 */
async function lonelyCompany(): Promise<string> {
  const db = live.t.app.db;
  await sql`insert into clients (code, name, full_name, type, status, licence_type) values ('LONE01', '孤立工厂', '孤立服装有限公司', 'maker', 'active', 'standard') on conflict (code) do nothing`.execute(db);
  const cid = (await sql<{ id: number }>`select id::int as id from clients where code = 'LONE01'`.execute(db)).rows[0].id;
  await sql`insert into users (client_id, username, fullname, email, mobile, password_hash, status)
    select ${cid}, 'lone.user', '孤立用户', 'lone.user@demo.local', '13700000001', password_hash, 'active' from users where username = 'brand'
    on conflict do nothing`.execute(db);
  live.users['lone.user'] = await loginOk(live.t.app, 'lone.user');
  return 'lone.user';
}

const socketOf = (who: string) => openSocket(live, who, null);

describe('chat between the users a company may reach', () => {
  let stranger = '';
  beforeAll(async () => {
    // The demo brand sends orders to the maker: the two share documents.
    const shared = (await sql<{ n: number }>`select count(*)::int as n from scm_order_share where state = 'active' and from_client = ${live.users.brand.client_id} and to_client = ${live.users.maker.client_id}`.execute(live.t.app.db)).rows[0].n;
    expect(shared).toBeGreaterThan(0);
    stranger = await lonelyCompany();
  });

  it('lists colleagues and partner companies\' users as contacts, never a company without a shared document', async () => {
    const contacts = (await ok<{ rows: Contact[] }>('brand.buyer', 'GET', '/contacts')).rows;
    const by = new Map(contacts.map((c) => [c.username, c]));
    expect(by.get('brand')?.relation).toBe('colleague');
    expect(by.get('maker')?.relation).toBe('partner');
    expect(by.has('brand.buyer')).toBe(false);
    expect(contacts.some((c) => c.client_id === live.users[stranger].client_id)).toBe(false);
    const refused = await call('brand.buyer', 'POST', '/open', { user_id: live.users[stranger].id });
    expect((await ok<{ rows: Contact[] }>(stranger, 'GET', '/contacts')).rows).toEqual([]);
    expect(refused.status).toBe(403);
    expect((refused.body as unknown as { message: string }).message).toBe('只能与本公司、有共享单据的合作公司的用户或好友聊天');
    expect((await call('brand.buyer', 'POST', '/group-save', { name: 'x', member_ids: [live.users.maker.id, live.users[stranger].id] })).status).toBe(403);
  });

  it('one to one: opened once, messages persisted and pushed live, unread counted and cleared', async () => {
    const conv = await ok<Conv>('brand.buyer', 'POST', '/open', { user_id: live.users.maker.id });
    expect(conv).toMatchObject({ kind: 'direct', peer_id: live.users.maker.id, owner_id: null, members: 2, unread: 0 });
    expect((await ok<Conv>('maker', 'POST', '/open', { user_id: live.users['brand.buyer'].id })).id).toBe(conv.id);

    const maker = await socketOf('maker');
    const makerUnread = (await ok<{ unread: number }>('maker', 'GET', '/unread')).unread;
    const sent = await ok<Msg>('brand.buyer', 'POST', '/send', { id: conv.id, kind: 'text', body: '春季订单的面料到了吗？' });
    expect(sent).toMatchObject({ conversation_id: conv.id, sender_id: live.users['brand.buyer'].id, kind: 'text', body: '春季订单的面料到了吗？' });
    const pushed = await until(() => maker.got.find((m) => m.type === 'chat'));
    expect(pushed).toMatchObject({ type: 'chat', conversation_id: conv.id, message: { id: sent.id, body: '春季订单的面料到了吗？' } });

    expect((await ok<{ unread: number }>('maker', 'GET', '/unread')).unread).toBe(makerUnread + 1);
    const list = await ok<{ rows: Conv[]; unread: number }>('maker', 'GET', '/conversations');
    expect(list.rows[0]).toMatchObject({ id: conv.id, unread: 1, last_body: '春季订单的面料到了吗？', last_kind: 'text' });
    // The sender has nothing unread of their own.
    expect((await ok<{ rows: Conv[] }>('brand.buyer', 'GET', '/conversations')).rows.find((c) => c.id === conv.id)?.unread).toBe(0);
    expect((await ok<{ unread: number }>('maker', 'POST', '/read', { id: conv.id })).unread).toBe(makerUnread);

    // Nobody else reads, sends or marks in it; an empty text is refused.
    for (const who of [stranger, 'maker.planner']) {
      expect((await call(who, 'GET', `/messages?id=${conv.id}`)).status).toBe(404);
      expect((await call(who, 'POST', '/send', { id: conv.id, kind: 'text', body: 'hi' })).status).toBe(404);
    }
    expect((await call('maker', 'POST', '/send', { id: conv.id, kind: 'text', body: '  ' })).status).toBe(400);
    const rows = (await sql<{ n: number }>`select count(*)::int as n from chat_message where conversation_id = ${conv.id}`.execute(live.t.app.db)).rows[0].n;
    expect(rows).toBe(1);
  });

  it('images, files and voice messages: uploaded, sent, opened by the members only', async () => {
    const conv = await ok<Conv>('maker', 'POST', '/open', { user_id: live.users['brand.buyer'].id });
    const png = solidPng(4, 4);
    const img = await upload('maker', 'swatch.png', 'image/png', png);
    const pdf = await upload('maker', 'spec.pdf', 'application/pdf', Buffer.from('%PDF-1.4 test'));
    // The recorder's encoding: one second of a 440 Hz tone in two channels at 48 kHz.
    const tone = (phase: number) => {
      const c = new Float32Array(48000);
      for (let i = 0; i < c.length; i++) c[i] = 0.4 * Math.sin((2 * Math.PI * 440 * i) / 48000 + phase);
      return [c];
    };
    const wav = encodeWav([tone(0), tone(0)], 48000);
    const voice = await upload('maker', 'voice.wav', 'audio/wav', Buffer.from(wav.bytes));

    expect((await call('maker', 'POST', '/send', { id: conv.id, kind: 'image', file_id: pdf.id })).status).toBe(400);
    expect((await call('maker', 'POST', '/send', { id: conv.id, kind: 'voice', file_id: img.id })).status).toBe(400);
    // Someone else's upload cannot be sent.
    expect((await call('brand.buyer', 'POST', '/send', { id: conv.id, kind: 'file', file_id: pdf.id })).status).toBe(400);

    const m1 = await ok<Msg>('maker', 'POST', '/send', { id: conv.id, kind: 'image', file_id: img.id });
    const m2 = await ok<Msg>('maker', 'POST', '/send', { id: conv.id, kind: 'file', file_id: pdf.id, body: '工艺单' });
    const m3 = await ok<Msg>('maker', 'POST', '/send', { id: conv.id, kind: 'voice', file_id: voice.id, duration: wav.seconds });
    expect(m1.attachment).toMatchObject({ id: img.id, mime: 'image/png', size: png.length });
    expect(m2).toMatchObject({ kind: 'file', body: '工艺单', attachment: { name: 'spec.pdf' } });
    expect(m3.attachment).toMatchObject({ id: voice.id, mime: 'audio/wav', duration: 1 });

    const got = await fileOf('brand.buyer', voice.id);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('audio/wav');
    const back = readWav(new Uint8Array(got.rawPayload));
    expect(back).toMatchObject({ rate: 16000, channels: 1, bits: 16 });
    expect(back.samples.length).toBe(16000);
    expect((await fileOf('brand.buyer', img.id)).rawPayload.equals(png)).toBe(true);
    for (const who of [stranger, 'maker.planner']) {
      for (const f of [img, pdf, voice]) expect((await fileOf(who, f.id)).statusCode).toBe(404);
    }
  });

  it('history is kept and paged back from the newest', async () => {
    const conv = await ok<Conv>('brand', 'POST', '/open', { user_id: live.users['brand.buyer'].id });
    for (let i = 1; i <= 45; i++) await ok('brand', 'POST', '/send', { id: conv.id, kind: 'text', body: `第 ${i} 条` });
    const p1 = await ok<{ rows: Msg[]; has_more: boolean }>('brand.buyer', 'GET', `/messages?id=${conv.id}&size=20`);
    expect(p1.rows.map((m) => m.body)).toEqual(Array.from({ length: 20 }, (_, i) => `第 ${26 + i} 条`));
    expect(p1.has_more).toBe(true);
    const p2 = await ok<{ rows: Msg[]; has_more: boolean }>('brand.buyer', 'GET', `/messages?id=${conv.id}&size=20&before=${p1.rows[0].id}`);
    expect(p2.rows.map((m) => m.body)).toEqual(Array.from({ length: 20 }, (_, i) => `第 ${6 + i} 条`));
    const p3 = await ok<{ rows: Msg[]; has_more: boolean }>('brand.buyer', 'GET', `/messages?id=${conv.id}&size=20&before=${p2.rows[0].id}`);
    expect(p3.rows.map((m) => m.body)).toEqual(['第 1 条', '第 2 条', '第 3 条', '第 4 条', '第 5 条']);
    expect(p3.has_more).toBe(false);
    expect((await ok<{ rows: Conv[] }>('brand.buyer', 'GET', '/conversations')).rows.find((c) => c.id === conv.id)?.unread).toBe(45);
    // Read up to the first page's last message: the newer 20 remain.
    await ok('brand.buyer', 'POST', '/read', { id: conv.id, up_to: p2.rows[19].id });
    expect((await ok<{ rows: Conv[] }>('brand.buyer', 'GET', '/conversations')).rows.find((c) => c.id === conv.id)?.unread).toBe(20);
  });

  it('groups across the two companies: created, joined, live to every member, left', async () => {
    const group = await ok<Conv>('brand.buyer', 'POST', '/group-save', { name: '春季订单协调群', member_ids: [live.users.maker.id, live.users.brand.id] });
    expect(group).toMatchObject({ kind: 'group', name: '春季订单协调群', members: 3 });
    expect((await call('brand.buyer', 'POST', '/group-save', { name: '', member_ids: [live.users.maker.id] })).status).toBe(400);
    expect((await call('brand.buyer', 'POST', '/group-save', { name: 'x', member_ids: [] })).status).toBe(400);
    // A member adds only people they may reach.
    expect((await call('maker', 'POST', '/group-add', { id: group.id, user_ids: [live.users[stranger].id] })).status).toBe(403);
    expect((await call(stranger, 'POST', '/group-add', { id: group.id, user_ids: [live.users.maker.id] })).status).toBe(404);
    await ok('maker', 'POST', '/group-add', { id: group.id, user_ids: [live.users['maker.planner'].id] });

    const planner = await socketOf('maker.planner');
    const brand = await socketOf('brand');
    const strangerSocket = await socketOf(stranger);
    const msg = await ok<Msg>('brand.buyer', 'POST', '/send', { id: group.id, kind: 'text', body: '请各位确认交期' });
    for (const s of [planner, brand]) expect(await until(() => s.got.find((m) => m.type === 'chat' && (m.message as Msg).id === msg.id))).toBeTruthy();
    await new Promise((r) => setTimeout(r, 200));
    expect(strangerSocket.got.filter((m) => m.type === 'chat')).toEqual([]);
    // The planner joined after earlier history: it is readable, not unread.
    const plannerView = await ok<{ rows: Conv[] }>('maker.planner', 'GET', '/conversations');
    expect(plannerView.rows.find((c) => c.id === group.id)?.unread).toBe(1);
    const members = await ok<{ member_list: Array<{ id: number }> }>('maker.planner', 'GET', `/conversation?id=${group.id}`);
    expect(members.member_list.map((m) => m.id).sort((a, b) => a - b)).toEqual([live.users.brand.id, live.users['brand.buyer'].id, live.users.maker.id, live.users['maker.planner'].id].sort((a, b) => a - b));

    await ok('maker.planner', 'POST', '/group-leave', { id: group.id });
    expect((await call('maker.planner', 'GET', `/messages?id=${group.id}`)).status).toBe(404);
    // A direct conversation cannot be left or added to.
    const direct = await ok<Conv>('maker', 'POST', '/open', { user_id: live.users['maker.planner'].id });
    expect((await call('maker', 'POST', '/group-leave', { id: direct.id })).status).toBe(409);
  });
});
