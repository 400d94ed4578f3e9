import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiseNotice } from '../../src/server/services/notify';
import { createTestApp, type TestApp } from '../support/test-app';
import { resourceClient, tokenFor } from '../support/resource-client';

/**
 * Issue 30: the centre's notices tab is the engine's list of the editable view `notice`. A person
 * lists, opens and marks read (the declared transition `read`, through the view writer: a version, an
 * audit row) only the notices of their own company addressed to their own user: a colleague and
 * another company's user can neither read nor mark one, whatever id they send. The spec's notify-msg
 * calls read the same rows. And a ticket's comments are its people's: a user of the raising company
 * who is not on the ticket, and a third company, cannot comment.
 */
let t: TestApp;
const tok: Record<string, string> = {};
const who: Record<string, { id: number; client_id: number }> = {};
const notices = (u: string) => resourceClient(t.app, tok[u], 'notifyapi', 'notice');
const inject = async (u: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => {
  const res = await t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tok[u]}` } });
  return { status: res.statusCode, body: res.json() as { code: number; data: Record<string, unknown> } };
};
const stored = async (id: number) =>
  (await sql<{ version: number; read_at: Date | null }>`select version, read_at from notify_notice where id = ${id}`.execute(t.app.db)).rows[0];

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['brand', 'brand.buyer', 'brand.finance', 'maker', 'maker.planner', 'supplier.sales']) {
    tok[u] = await tokenFor(t.database.db, t.config, u);
    who[u] = (await sql<{ id: number; client_id: number }>`select id::int as id, client_id::int as client_id from users where username = ${u}`.execute(t.app.db)).rows[0];
  }
});
afterAll(async () => t?.close());

describe("the centre's notices on the engine", () => {
  let id: number;
  let mate: number;

  beforeAll(async () => {
    const raise = async (u: string, title: string) => {
      await raiseNotice(t.app.db, { clientId: who[u].client_id, userIds: [who[u].id], kind: 'order.received', title, body: '请查看订单', doc_no: 'CO-NOTICE-1', link: '/page/document/customerorder?id=1' });
      return (await sql<{ id: number }>`select id::int as id from notify_notice where user_id = ${who[u].id} and title = ${title}`.execute(t.app.db)).rows[0].id;
    };
    id = await raise('brand.buyer', '收到新订单 CO-NOTICE-1');
    mate = await raise('brand', '给同事的通知');
  });

  it("lists only the caller's own notices, unread first among the tabs, with their words", async () => {
    const mine = await notices('brand.buyer').page({ tab: 'unread', size: 500 });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const row = mine.body.data.rows.find((r) => Number(r.id) === id);
    expect(row).toMatchObject({ title: '收到新订单 CO-NOTICE-1', body: '请查看订单', doc_no: 'CO-NOTICE-1', status: 'unread', version: 1, read_at: null });
    expect(mine.body.data.rows.map((r) => Number(r.id))).not.toContain(mate);
    expect(mine.body.data.rows.every((r) => r.status === 'unread')).toBe(true);
    const tabs = (await notices('brand.buyer').page({ tabs: 1, size: 1 })).body.data.tabs!;
    const unread = (await inject('brand.buyer', 'GET', '/api/notifyapi/notify-msg/unread-index')).body.data.unread;
    expect(tabs.unread).toBe(unread);
  });

  it('a colleague and another company can neither read nor mark it, and nothing changes', async () => {
    for (const other of ['brand', 'maker', 'maker.planner']) {
      expect((await notices(other).page({ size: 500 })).body.data.rows.map((r) => Number(r.id)), other).not.toContain(id);
      expect((await notices(other).view(id)).status, other).toBe(404);
      expect((await notices(other).action('read', { ids: [id], version: 1 })).status, other).toBe(404);
      // Nor through the spec's call: another's id is a no-op there.
      expect((await inject(other, 'POST', '/api/notifyapi/notify-msg/read', { ids: [id] })).body.data).toEqual({ changed: 0 });
    }
    // A list naming the caller's own notice beside another's is refused whole.
    expect((await notices('brand.buyer').action('read', { ids: [id, mate] })).status).toBe(404);
    expect(await stored(id)).toEqual({ version: 1, read_at: null });
    // The recipient marks it read at the version read.
    const read = await notices('brand.buyer').action('read', { ids: [id], version: 1 });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
  });

  it('marking read is the declared transition through the view writer: versioned, audited, once', async () => {
    const again = await notices('brand.buyer').action('read', { ids: [id], version: 2 });
    expect(again.status).toBe(409);
    const after = (await notices('brand.buyer').view(id)).body.data;
    expect(after).toMatchObject({ status: 'read', version: 2 });
    expect(after.read_at).toBeTruthy();
    const audit = (await sql<{ action: string; user_id: number }>`select action, user_id::int as user_id from audit_log where entity = 'notice' and record_id = ${id} order by id`.execute(t.app.db)).rows;
    expect(audit).toEqual([{ action: 'read', user_id: who['brand.buyer'].id }]);
    // A stale copy is refused before the state is looked at; the colleague's notice is still unread.
    expect((await notices('brand.buyer').action('read', { ids: [id], version: 1 })).status).toBe(409);
    expect((await stored(mate)).read_at).toBeNull();
    // The spec's list reads the same row as read; the read tab holds it, the unread tab no more.
    const listed = (await inject('brand.buyer', 'GET', '/api/notifyapi/notify-msg/index?size=100')).body.data.rows as Array<{ id: number; read_at: string | null }>;
    expect(listed.find((n) => n.id === id)?.read_at).toBeTruthy();
    expect((await notices('brand.buyer').page({ tab: 'read', size: 500 })).body.data.rows.map((r) => Number(r.id))).toContain(id);
    expect((await notices('brand.buyer').page({ tab: 'unread', size: 500 })).body.data.rows.map((r) => Number(r.id))).not.toContain(id);
    // Nothing else of a notice is written through the generic save.
    const saved = await notices('brand.buyer').save({ id, version: 2, title: 'changed' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ title: '收到新订单 CO-NOTICE-1', version: 2 });
  });

  it('no token: 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifyapi/notice/page' });
    expect(res.statusCode).toBe(401);
  });
});

describe("a ticket's comments are its people's", () => {
  it('a user of the raising company who is not on the ticket, and a third company, cannot comment; nothing is written', async () => {
    const base = '/api/crossapi/ticketapi/ticket';
    const share = (await sql<{ pr_id: number }>`select s.source_id::int as pr_id from scm_order_share s
      where s.state = 'active' and s.source_entity = 'prorder' and s.from_client = ${who.brand.client_id} and s.to_client = ${who.maker.client_id} order by s.id limit 1`.execute(t.app.db)).rows[0];
    const raised = await inject('brand', 'POST', `${base}/save`, {
      doc_type: 'prorder', doc_id: share.pr_id, category: 'quality', title: '辅料缺失', description: '第二批纽扣少 200 粒', level: 'low',
      owner_ids: [who.maker.id], participant_ids: [who['brand.buyer'].id],
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    const tk = Number(raised.body.data.id);
    const comments = async () => (await sql<{ n: number }>`select count(*)::int as n from collab_ticket_comment where ticket_id = ${tk}`.execute(t.app.db)).rows[0].n;
    expect((await inject('brand.finance', 'POST', `${base}/comment`, { id: tk, content: '我不在这张单上' })).status).toBe(403);
    expect((await inject('supplier.sales', 'POST', `${base}/comment`, { id: tk, content: '第三方' })).status).toBe(404);
    expect(await comments()).toBe(0);
    // Its people do.
    expect((await inject('brand.buyer', 'POST', `${base}/comment`, { id: tk, content: '已补寄' })).status).toBe(200);
    expect(await comments()).toBe(1);
  });

  it("the ticket calls' declared input shapes refuse a bad input with 400 naming the field, before any ticket is looked up", async () => {
    const base = '/api/crossapi/ticketapi/ticket';
    const refused = async (method: 'GET' | 'POST', url: string, payload: Record<string, unknown> | undefined, field: string) => {
      const r = await inject('brand.buyer', method, url, payload);
      expect(r.status, url).toBe(400);
      expect(JSON.stringify(r.body), url).toContain(field);
    };
    await refused('POST', `${base}/comment`, { id: 'abc', content: 'x' }, 'id');
    await refused('POST', `${base}/comment`, { id: 1, content: 'x'.repeat(4001) }, 'content');
    await refused('POST', `${base}/comment`, { id: 1, content: 'x', files: ['a'] }, 'files');
    await refused('POST', `${base}/add-member`, { id: 1, user_id: 2, role: 'boss' }, 'role');
    await refused('GET', `${base}/people?doc_type=prorder`, undefined, 'doc_id');
    await refused('GET', `${base}/by-doc?doc_type=prorder&doc_id=-3`, undefined, 'doc_id');
    await refused('POST', `${base}/quit`, { id: -3 }, 'id');
    await refused('POST', `${base}/finish`, { id: 1, version: 'x' }, 'version');
    await refused('POST', `${base}/finish`, { id: 1, solution: 'x'.repeat(4001) }, 'solution');
    await refused('POST', `${base}/save`, { id: 'abc', title: 'x' }, 'id');
    await refused('POST', `${base}/save`, { doc_type: 'prorder', doc_id: 1, owner_ids: ['someone'] }, 'owner_ids');
    await refused('POST', `${base}/save`, { doc_type: 'prorder', doc_id: 1, title: { text: 'x' } }, 'title');
    expect((await inject('brand.buyer', 'POST', `${base}/archive`, { id: 1 })).status).toBe(404);
    const removal = await t.app.inject({ method: 'DELETE', url: `${base}/comment-remove?id=x`, headers: { authorization: `Bearer ${tok['brand.buyer']}` } });
    expect(removal.statusCode).toBe(400);
    expect(removal.body).toContain('id');
  });
});
