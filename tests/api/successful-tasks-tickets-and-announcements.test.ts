import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, body, loginOk, type LoginData } from './access-test-helpers';
import { multipart } from './import-support';

type Task = { id: number; version: number; subject: string; status: string; due_date: string | null; priority: string; remark: string | null; completed_at: string | null };
type Page<T> = { rows: T[]; total: number; page: number; size: number };

let t: TestApp;
const users: Record<string, LoginData> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['brand', 'brand.buyer', 'maker', 'maker.planner', 'supplier', 'supplier.sales']) users[u] = await loginOk(t.app, u);
});
afterAll(async () => t.close());

const call = async <T>(who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) => {
  const res = await t.app.inject({ method, url, headers: bearer(users[who].access_token), payload });
  return { status: res.statusCode, body: body<T>(res) };
};
const ok = async <T>(who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>): Promise<T> => {
  const r = await call<T>(who, method, url, payload);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};

describe('tasks: the notify-msg task calls over each user\'s own persisted tasks', () => {
  const base = '/api/notifyapi/notify-msg';
  it('saves, lists, pages, completes, reopens and removes the caller\'s own tasks', async () => {
    const before = (await ok<Page<Task>>('brand.buyer', 'GET', `${base}/page-task-list?size=100`)).total;
    const a = await ok<Task>('brand.buyer', 'POST', `${base}/task-save`, { subject: '确认春季面料色卡', due_date: '2026-12-01', priority: 'high' });
    expect(a).toMatchObject({ subject: '确认春季面料色卡', status: '10', due_date: '2026-12-01', priority: 'high', version: 1 });
    // Form-encoded spec style: `data` as JSON text.
    const b = await ok<Task>('brand.buyer', 'POST', `${base}/task-save`, { data: JSON.stringify({ subject: 'Book the fit session', priority: 'low' }) });
    expect(b).toMatchObject({ subject: 'Book the fit session', status: '10', priority: 'low', due_date: null });
    const row = (await sql<{ client_id: number; user_id: number; status: string }>`select client_id::int as client_id, user_id::int as user_id, status from notify_task where id = ${a.id}`.execute(t.app.db)).rows[0];
    expect(row).toEqual({ client_id: users['brand.buyer'].client_id, user_id: users['brand.buyer'].id, status: '10' });

    const page = await ok<Page<Task>>('brand.buyer', 'GET', `${base}/page-task-list?size=100`);
    expect(page.total).toBe(before + 2);
    const mine = await ok<{ rows: Task[] }>('brand.buyer', 'GET', `${base}/my-task-list`);
    expect(mine.rows.map((r) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await ok<Page<Task>>('brand.buyer', 'GET', `${base}/page-task-list?keyword=${encodeURIComponent('色卡')}`)).rows.map((r) => r.id)).toContain(a.id);
    expect((await ok<Page<Task>>('brand.buyer', 'GET', `${base}/page-task-list?keyword=${encodeURIComponent('色卡')}`)).rows.map((r) => r.id)).not.toContain(b.id);

    const edited = await ok<Task>('brand.buyer', 'POST', `${base}/task-save`, { id: a.id, version: 1, subject: '确认春季面料色卡（第二版）' });
    expect(edited).toMatchObject({ version: 2, subject: '确认春季面料色卡（第二版）', priority: 'high' });
    const stale = await call('brand.buyer', 'POST', `${base}/task-save`, { id: a.id, version: 1, subject: 'x' });
    expect(stale.status).toBe(409);

    const done = await ok<Task>('brand.buyer', 'POST', `${base}/task-change-status`, { id: a.id, status: '30' });
    expect(done.status).toBe('30');
    expect(done.completed_at).not.toBeNull();
    expect((await ok<{ rows: Task[] }>('brand.buyer', 'GET', `${base}/my-task-list`)).rows.map((r) => r.id)).not.toContain(a.id);
    expect((await ok<{ rows: Task[] }>('brand.buyer', 'GET', `${base}/my-task-list?status=30`)).rows.map((r) => r.id)).toContain(a.id);
    const reopened = await ok<Task>('brand.buyer', 'POST', `${base}/task-change-status`, { id: a.id, status: '10' });
    expect(reopened).toMatchObject({ status: '10', completed_at: null });
    expect((await call('brand.buyer', 'POST', `${base}/task-change-status`, { id: a.id, status: '20' })).status).toBe(400);

    expect(await ok<{ removed: number }>('brand.buyer', 'DELETE', `${base}/task-remove?id=${b.id}`)).toEqual({ removed: 1 });
    expect((await sql<{ n: number }>`select count(*)::int as n from notify_task where id = ${b.id}`.execute(t.app.db)).rows[0].n).toBe(0);
  });

  it('refuses bad input with 11000 and the field', async () => {
    const r = await call<{ errors: Record<string, string> }>('brand.buyer', 'POST', `${base}/task-save`, { subject: '', priority: 'urgentest', due_date: 'tomorrow' });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(11000);
    expect(Object.keys(r.body.data.errors).sort()).toEqual(['due_date', 'priority', 'subject']);
  });

  it('another user, of the same company or another, can neither see, change, complete nor remove a task', async () => {
    const a = await ok<Task>('maker.planner', 'POST', `${base}/task-save`, { subject: '排产前确认辅料到货', priority: 'normal' });
    for (const other of ['maker', 'brand', 'supplier.sales']) {
      expect((await ok<Page<Task>>(other, 'GET', `${base}/page-task-list?size=100`)).rows.map((r) => r.id)).not.toContain(a.id);
      expect((await call(other, 'POST', `${base}/task-save`, { id: a.id, version: 1, subject: 'taken' })).status).toBe(404);
      expect((await call(other, 'POST', `${base}/task-change-status`, { id: a.id, status: '30' })).status).toBe(404);
      expect((await call(other, 'DELETE', `${base}/task-remove?id=${a.id}`)).status).toBe(404);
    }
    // One of several ids not the caller's: nothing is removed.
    const mineToo = await ok<Task>('maker', 'POST', `${base}/task-save`, { subject: 'mine' });
    expect((await call('maker', 'DELETE', `${base}/task-remove?ids=${mineToo.id},${a.id}`)).status).toBe(404);
    expect((await sql<{ n: number }>`select count(*)::int as n from notify_task where id in (${a.id}, ${mineToo.id})`.execute(t.app.db)).rows[0].n).toBe(2);
    const still = (await ok<Page<Task>>('maker.planner', 'GET', `${base}/page-task-list?size=100`)).rows.find((r) => r.id === a.id);
    expect(still).toMatchObject({ subject: '排产前确认辅料到货', status: '10', version: 1 });
    const res = await t.app.inject({ method: 'GET', url: `${base}/my-task-list` });
    expect(res.statusCode).toBe(401);
  });
});

type Ticket = {
  id: number; version: number; ticket_no: string; title: string; status: string; doc_type: string; doc_id: number; doc_no: string | null; link: string | null;
  raised_by_us: boolean; owners: string | null; my_roles: string[]; solution: string | null; level: string;
};
type Member = { user_id: number; role: string; client_id: number };
type Comment = { id: number; user_id: number; content: string | null; attachments: { id: number; name: string }[]; removable: boolean };
/** A ticket's record: the view ticketlist's, with its people and comments as lines and the caller's rights as fields. */
type View = Ticket & { members: Member[]; comments: Comment[]; can_comment: boolean; can_edit: boolean; can_close: boolean };

describe('exception tickets on a shared order, across the two companies and no third', () => {
  const base = '/api/crossapi/ticketapi/ticket';
  let share: { pr_id: number; pr_no: string; co_id: number; co_no: string };
  let tk: Ticket;
  // The lists are the view ticketlist's generic list (issue 30): each tab is its filters, the knowledge base the closed ones searched by words.
  const TABS: Record<string, Record<string, string>> = {
    assigned: { 'f.status.eq': '0', 'f.assigned.eq': 'true' }, closing: { 'f.status.eq': '50', 'f.member.eq': 'true' },
    closed: { 'f.status.eq': '100', 'f.member.eq': 'true' }, raised: { 'f.raised.eq': 'true' },
  };
  const listed = (who: string, query: Record<string, string>) => ok<Page<Ticket>>(who, 'GET', `/api/crossapi/ticketlist/page?${new URLSearchParams({ size: '100', ...query })}`);
  const tabOf = (who: string, tab: string) => listed(who, TABS[tab]);
  // One ticket with its people, comments and the caller's rights: the view's record.
  const viewOf = (id: number) => `/api/crossapi/ticketlist/view?id=${id}`;
  const knowledge = (who: string, words: string) => listed(who, { tab: '100', q: words, opt: 'knowledge' });
  const notices = async (who: string) => (await ok<Page<{ kind: string; title: string; link: string | null; doc_no: string | null }>>(who, 'GET', '/api/notifyapi/notify-msg/index?size=100')).rows;

  beforeAll(async () => {
    share = (await sql<typeof share>`select s.source_id::int as pr_id, p.pr_no, s.target_id::int as co_id, co.order_no as co_no
      from scm_order_share s join scm_pr_order p on p.id = s.source_id join scm_customer_order co on co.id = s.target_id
      where s.state = 'active' and s.source_entity = 'prorder' and s.from_client = ${users.brand.client_id} and s.to_client = ${users.maker.client_id}
      order by s.id limit 1`.execute(t.app.db)).rows[0];
    expect(share).toBeTruthy();
  });

  it('the brand raises a ticket on its requirement order; the maker\'s owner sees it under the maker\'s own order number and is told', async () => {
    const people = await ok<{ rows: { id: number; client_id: number }[] }>('brand', 'GET', `${base}/people?doc_type=prorder&doc_id=${share.pr_id}`);
    expect(new Set(people.rows.map((p) => p.client_id))).toEqual(new Set([users.brand.client_id, users.maker.client_id]));
    expect(people.rows.map((p) => p.id)).not.toContain(users.supplier.id);

    tk = await ok<Ticket>('brand', 'POST', `${base}/save`, {
      doc_type: 'prorder', doc_id: share.pr_id, category: 'quality', title: '面料色差超标', description: '首批面料与确认色卡相比偏黄，色差 3.5 级',
      level: 'high', tags: '色差,面料', duration: 4, deduct_amount: 1200, deduct_type: 'payment',
      owner_ids: [users.maker.id], participant_ids: [users['brand.buyer'].id], guest_ids: [users['maker.planner'].id],
    });
    expect(tk).toMatchObject({ status: '0', doc_type: 'prorder', doc_id: share.pr_id, doc_no: share.pr_no, raised_by_us: true, level: 'high' });
    expect(tk.ticket_no).toMatch(/^TK\d{6}\d{5}$/);
    const row = (await sql<{ client_id: number; partner_client_id: number; partner_doc_no: string }>`select client_id::int as client_id, partner_client_id::int as partner_client_id, partner_doc_no
      from collab_ticket where id = ${tk.id}`.execute(t.app.db)).rows[0];
    expect(row).toEqual({ client_id: users.brand.client_id, partner_client_id: users.maker.client_id, partner_doc_no: share.co_no });

    const assigned = await tabOf('maker', 'assigned');
    expect(assigned.rows.find((r) => r.id === tk.id)).toMatchObject({ doc_no: share.co_no, partner_doc_no: share.pr_no, status: '0' });
    const seen = await ok<View>('maker', 'GET', viewOf(tk.id));
    expect(seen).toMatchObject({ doc_type: 'customerorder', doc_id: share.co_id, doc_no: share.co_no, raised_by_us: false, my_roles: ['owner'] });
    expect(seen.link).toBe(`/page/document/customerorder?id=${share.co_id}`);
    const told = (await notices('maker')).find((n) => n.kind === 'ticket.raised' && n.doc_no === tk.ticket_no)!;
    expect(told.title).toBe(`新异常单 ${tk.ticket_no}：面料色差超标`);
    expect(told.link).toBe(`/page/ticket/view?id=${tk.id}`);
    expect((await notices('brand.buyer')).some((n) => n.doc_no === tk.ticket_no)).toBe(true);
    expect((await notices('brand')).some((n) => n.doc_no === tk.ticket_no)).toBe(false);
    expect((await ok<{ rows: Ticket[] }>('maker', 'GET', `${base}/by-doc?doc_type=customerorder&doc_id=${share.co_id}`)).rows.map((r) => r.id)).toContain(tk.id);
    expect((await ok<{ rows: Ticket[] }>('brand', 'GET', `${base}/by-doc?doc_type=prorder&doc_id=${share.pr_id}`)).rows.map((r) => r.id)).toContain(tk.id);
  });

  it('a third company sees nothing of it through any call', async () => {
    for (const who of ['supplier', 'supplier.sales']) {
      expect((await call(who, 'GET', viewOf(tk.id))).status).toBe(404);
      for (const tab of ['assigned', 'closing', 'closed', 'raised']) expect((await tabOf(who, tab)).rows.map((r) => r.id)).not.toContain(tk.id);
      expect((await listed(who, {})).rows.map((r) => r.id)).not.toContain(tk.id);
      expect((await call(who, 'POST', `${base}/comment`, { id: tk.id, content: 'hello' })).status).toBe(404);
      expect((await call(who, 'POST', `${base}/close`, { id: tk.id })).status).toBe(404);
      expect((await call(who, 'POST', `${base}/save`, { id: tk.id, title: 'x' })).status).toBe(404);
      expect((await call(who, 'GET', `${base}/people?id=${tk.id}`)).status).toBe(404);
      expect((await ok<{ rows: Ticket[] }>(who, 'GET', `${base}/by-doc?doc_type=prorder&doc_id=${share.pr_id}`)).rows).toEqual([]);
    }
    // Nor can a third company raise one on the brand's order, nor name its users on one.
    const foreign = await call<{ errors: Record<string, string> }>('supplier', 'POST', `${base}/save`, { doc_type: 'prorder', doc_id: share.pr_id, category: 'quality', title: 't', description: 'd', level: 'low', owner_ids: [users.supplier.id] });
    expect(foreign.body.code).toBe(11000);
    expect(Object.keys(foreign.body.data.errors)).toEqual(['doc_id']);
    const outsider = await call<{ errors: Record<string, string> }>('brand', 'POST', `${base}/save`, { doc_type: 'prorder', doc_id: share.pr_id, category: 'quality', title: 't', description: 'd', level: 'low', owner_ids: [users['supplier.sales'].id] });
    expect(outsider.body.code).toBe(11000);
    expect(outsider.body.data.errors.owner_ids).toBe('只能选择本单据两方企业的在职用户');
    const noOwner = await call<{ errors: Record<string, string> }>('brand', 'POST', `${base}/save`, { doc_type: 'workorder-x', doc_id: share.pr_id, title: '', description: 'd', level: 'x' });
    expect(Object.keys(noOwner.body.data.errors).sort()).toEqual(['category', 'doc_type', 'level', 'owner_ids', 'title']);
  });

  it('rights of spec 6: the owner edits, adds owners and may quit (not as the last); participants comment; guests only read', async () => {
    // The brand's participant may not edit or close.
    expect((await call('brand.buyer', 'POST', `${base}/save`, { id: tk.id, title: '改标题' })).status).toBe(403);
    expect((await call('brand.buyer', 'POST', `${base}/close`, { id: tk.id })).status).toBe(403);
    const edited = await ok<Ticket>('maker', 'POST', `${base}/save`, { id: tk.id, version: tk.version, level: 'critical' });
    expect(edited).toMatchObject({ level: 'critical', version: tk.version + 1 });
    expect((await call('maker', 'POST', `${base}/save`, { id: tk.id, version: tk.version, level: 'low' })).status).toBe(409);

    const guestView = await ok<View>('maker.planner', 'GET', viewOf(tk.id));
    expect(guestView).toMatchObject({ can_comment: false, can_edit: false, can_close: false });
    expect(guestView.members).toContainEqual(expect.objectContaining({ user_id: users['maker.planner'].id, role: 'guest' }));
    expect((await call('maker.planner', 'POST', `${base}/comment`, { id: tk.id, content: '我也看看' })).status).toBe(403);

    const before = (await notices('maker')).length;
    const c = await ok<{ comments: Comment[] }>('brand.buyer', 'POST', `${base}/comment`, { id: tk.id, content: '已寄回色卡，请核对' });
    expect(c.comments.at(-1)).toMatchObject({ content: '已寄回色卡，请核对', user_id: users['brand.buyer'].id, removable: true });
    expect((await notices('maker')).length).toBe(before + 1);
    expect((await notices('maker'))[0].title).toBe(`异常单 ${tk.ticket_no} 有新评论`);

    // The owner adds the brand's buyer as a second owner (told), then quits; the buyer alone may not quit.
    const added = await ok<{ members: Member[] }>('maker', 'POST', `${base}/add-member`, { id: tk.id, user_id: users['brand.buyer'].id, role: 'owner' });
    expect(added.members.filter((m) => m.role === 'owner').map((m) => m.user_id).sort()).toEqual([users.maker.id, users['brand.buyer'].id].sort());
    expect((await notices('brand.buyer'))[0].title).toBe(`您被加入异常单 ${tk.ticket_no}`);
    expect((await call('maker', 'POST', `${base}/add-member`, { id: tk.id, user_id: users['supplier.sales'].id, role: 'guest' })).status).toBe(400);
    const quit = await ok<{ members: Member[] }>('maker', 'POST', `${base}/quit`, { id: tk.id });
    expect(quit.members.filter((m) => m.role === 'owner').map((m) => m.user_id)).toEqual([users['brand.buyer'].id]);
    const last = await call('brand.buyer', 'POST', `${base}/quit`, { id: tk.id });
    expect(last.status).toBe(409);
    expect(last.body.message).toBe('您是唯一的负责人，请先添加其他负责人再退出');
    expect((await call('maker', 'POST', `${base}/save`, { id: tk.id, title: 'x' })).status).toBe(403);
    // The buyer, now owner, gives ownership back to the maker.
    await ok('brand.buyer', 'POST', `${base}/add-member`, { id: tk.id, user_id: users.maker.id, role: 'owner' });
  });

  it('comments carry images and files that both companies open and a third cannot; removable only by the author within the configured days', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const form = multipart([{ name: 'file', filename: 'swatch.png', content: png, type: 'image/png' }]);
    const up = await t.app.inject({ method: 'POST', url: `${base}/upload`, payload: form.payload, headers: { ...form.headers, ...bearer(users.maker.access_token) } });
    expect(up.statusCode).toBe(200);
    const file = body<{ id: number; name: string; size: number }>(up).data;
    expect(file).toMatchObject({ name: 'swatch.png', size: png.length });
    // Someone else's upload cannot be attached.
    expect((await call('brand.buyer', 'POST', `${base}/comment`, { id: tk.id, content: 'x', files: [file.id] })).status).toBe(400);
    const c = await ok<{ comments: Comment[] }>('maker', 'POST', `${base}/comment`, { id: tk.id, content: '工厂实测照片', files: [file.id] });
    const mine = c.comments.at(-1)!;
    expect(mine.attachments).toEqual([{ id: file.id, key: expect.stringMatching(/^[0-9a-f]{32}$/), name: 'swatch.png', mime: 'image/png', size: png.length }]);
    for (const who of ['brand', 'brand.buyer', 'maker.planner']) {
      const res = await t.app.inject({ method: 'GET', url: `${base}/file/${file.id}`, headers: bearer(users[who].access_token) });
      expect(res.statusCode, who).toBe(200);
      expect(res.rawPayload.equals(png)).toBe(true);
    }
    expect((await t.app.inject({ method: 'GET', url: `${base}/file/${file.id}`, headers: bearer(users.supplier.access_token) })).statusCode).toBe(404);
    // As the page's comment form sends it (its text empty when only files go): files alone make a comment
    // without text; neither text nor files is refused under the text, and someone else's file under the files.
    const photoOnly = (await ok<{ comments: Comment[] }>('maker', 'POST', `${base}/comment`, { id: tk.id, content: '', files: [file.id] })).comments.at(-1)!;
    expect(photoOnly).toMatchObject({ content: null, attachments: [{ id: file.id, name: 'swatch.png' }] });
    const empty = await call<{ errors: Record<string, string> }>('maker', 'POST', `${base}/comment`, { id: tk.id, content: '', files: [] });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.data.errors)).toEqual(['content']);
    expect(Object.keys((await call<{ errors: Record<string, string> }>('brand.buyer', 'POST', `${base}/comment`, { id: tk.id, content: '', files: [file.id] })).body.data.errors)).toEqual(['files']);
    expect((await call('maker', 'DELETE', `${base}/comment-remove?id=${photoOnly.id}`)).status).toBe(200);

    expect((await call('brand.buyer', 'DELETE', `${base}/comment-remove?id=${mine.id}`)).status).toBe(403);
    const old = (await ok<View>('brand.buyer', 'GET', viewOf(tk.id))).comments.find((x) => x.user_id === users['brand.buyer'].id)!;
    await sql`update collab_ticket_comment set created_at = now() - interval '10 days' where id = ${old.id}`.execute(t.app.db);
    const tooOld = await call('brand.buyer', 'DELETE', `${base}/comment-remove?id=${old.id}`);
    expect(tooOld.status).toBe(409);
    expect(tooOld.body.message).toBe('只能删除 3 天内的评论');
    await sql`insert into sys_config (key, value) values ('ticket_comment_delete_days', '30'::jsonb) on conflict (key) do update set value = excluded.value`.execute(t.app.db);
    expect((await call('brand.buyer', 'DELETE', `${base}/comment-remove?id=${old.id}`)).status).toBe(200);
    await sql`delete from sys_config where key = 'ticket_comment_delete_days'`.execute(t.app.db);
    expect((await call('maker', 'DELETE', `${base}/comment-remove?id=${mine.id}`)).status).toBe(200);
    expect((await sql<{ n: number }>`select count(*)::int as n from collab_ticket_comment where id in (${old.id}, ${mine.id})`.execute(t.app.db)).rows[0].n).toBe(0);
  });

  it('closes in two steps (0 -> 50 -> 100) with the solution, tells the people, and the closed ticket is found in both companies\' knowledge base only', async () => {
    const v = await ok<View>('maker', 'GET', viewOf(tk.id));
    expect((await call('maker', 'POST', `${base}/finish`, { id: tk.id })).status).toBe(409);
    const closing = await ok<Ticket>('maker', 'POST', `${base}/close`, { id: tk.id, version: v.version });
    expect(closing.status).toBe('50');
    expect((await tabOf('brand.buyer', 'closing')).rows.map((r) => r.id)).toContain(tk.id);
    expect((await notices('brand.buyer'))[0].title).toBe(`异常单 ${tk.ticket_no} 进入整理`);
    const noSolution = await call<{ errors: Record<string, string> }>('maker', 'POST', `${base}/finish`, { id: tk.id });
    expect(noSolution.body.data.errors.solution).toBe('关闭前请填写处理结论，供知识库使用');
    const closed = await ok<Ticket>('maker', 'POST', `${base}/finish`, { id: tk.id, solution: '更换染缸批次并复测色牢度，后续每批面料先寄色样确认' });
    expect(closed).toMatchObject({ status: '100' });
    expect((await tabOf('brand.buyer', 'closed')).rows.map((r) => r.id)).toContain(tk.id);
    expect((await notices('brand.buyer'))[0].title).toBe(`异常单 ${tk.ticket_no} 已关闭`);
    expect((await call('brand.buyer', 'POST', `${base}/comment`, { id: tk.id, content: 'late' })).status).toBe(409);
    expect((await call('maker', 'POST', `${base}/save`, { id: tk.id, title: 'late' })).status).toBe(409);

    for (const who of ['brand', 'maker', 'maker.planner']) {
      const found = await knowledge(who, '染缸 色样');
      expect(found.rows.map((r) => r.id), who).toContain(tk.id);
    }
    expect((await knowledge('maker', '色差 不存在的词')).rows.map((r) => r.id)).not.toContain(tk.id);
    expect((await knowledge('maker', share.co_no)).rows.map((r) => r.id)).toContain(tk.id);
    expect((await knowledge('supplier', '染缸')).rows.map((r) => r.id)).not.toContain(tk.id);
  });

  it('the maker raises one from its customer order; the brand sees it under its requirement order', async () => {
    const m = await ok<Ticket>('maker.planner', 'POST', `${base}/save`, {
      doc_type: 'customerorder', doc_id: share.co_id, category: 'delivery', title: '辅料延期到货', description: '拉链供应商延期 5 天', level: 'medium', owner_ids: [users['brand.buyer'].id],
    });
    expect(m).toMatchObject({ doc_type: 'customerorder', doc_no: share.co_no });
    expect((await tabOf('brand.buyer', 'assigned')).rows.find((r) => r.id === m.id)).toMatchObject({ doc_no: share.pr_no });
    expect(await ok<View>('brand.buyer', 'GET', viewOf(m.id))).toMatchObject({ doc_type: 'prorder', doc_id: share.pr_id, doc_no: share.pr_no });
    expect((await tabOf('maker.planner', 'raised')).rows.map((r) => r.id)).toContain(m.id);
    expect((await tabOf('maker', 'raised')).rows.map((r) => r.id)).not.toContain(m.id);
    // The initiator (not an owner) comments but may not close.
    expect((await call('maker.planner', 'POST', `${base}/comment`, { id: m.id, content: '已催促供应商' })).status).toBe(200);
    expect((await call('maker.planner', 'POST', `${base}/close`, { id: m.id })).status).toBe(403);
  });
});

type Ann = { id: number; version: number; title: string; status: string; is_public: boolean; read: boolean; own: boolean; company: string };

describe('announcements: written by a company\'s administrators, read per user, public ones by every company', () => {
  const base = '/api/notifyapi/announcement';
  // The administrators write through the entity's generic API (issue 30): save, action/publish|withdraw, remove, page.
  const move = (who: string, action: 'publish' | 'withdraw', a: { id: number; version: number }) => call<{ errors: Record<string, string> }>(who, 'POST', `${base}/action/${action}`, { ids: [a.id], version: a.version });
  const version = async (id: number) => (await ok<{ version: number }>('brand', 'GET', `${base}/view?id=${id}`)).version;
  it('drafts, publishes with the contact rule for public ones, reads per user, withdraws and removes', async () => {
    // Only administrators write.
    expect((await call('brand.buyer', 'POST', `${base}/save`, { title: 'x', detail: 'y' })).status).toBe(403);
    expect((await call('brand.buyer', 'GET', `${base}/page`)).status).toBe(403);
    const bad = await call<{ errors: Record<string, string> }>('brand', 'POST', `${base}/save`, { title: '', detail: '', category: 'nope', phone: 'call me' });
    expect(Object.keys(bad.body.data.errors).sort()).toEqual(['category', 'detail', 'title']);

    const internal = await ok<Ann>('brand', 'POST', `${base}/save`, { title: '十一月盘点安排', category: 'notice', detail: '本月 28 日全员盘点，请各部门提前准备。', department: '行政部' });
    expect(internal).toMatchObject({ status: 'draft', is_public: false });
    expect((await sql<{ client_id: number }>`select client_id::int as client_id from collab_announcement where id = ${internal.id}`.execute(t.app.db)).rows[0].client_id).toBe(users.brand.client_id);
    const pub = await ok<Ann>('brand', 'POST', `${base}/save`, { title: '春季新品供应商招募', category: 'notice', detail: '欢迎面料与成衣供应商报名。', department: '采购部', is_public: true });
    // Spec 5: a public announcement needs contact and phone before publishing.
    const refused = await move('brand', 'publish', pub);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('公开公告发布前须填写联系人和联系电话');
    expect(Object.keys(refused.body.data.errors).sort()).toEqual(['contact', 'phone']);
    expect((await call('brand', 'POST', `${base}/save`, { id: pub.id, version: pub.version, phone: 'abc' })).status).toBe(400);
    await ok('brand', 'POST', `${base}/save`, { id: pub.id, version: pub.version, contact: '李采购', phone: '021-62345678' });

    const buyerUnread = (await ok<{ unread: number }>('brand.buyer', 'GET', `${base}/index`)).unread;
    const noticesBefore = (await ok<Page<unknown>>('brand.buyer', 'GET', '/api/notifyapi/notify-msg/index')).total;
    expect((await move('brand', 'publish', internal)).status).toBe(200);
    expect((await move('brand', 'publish', { id: pub.id, version: await version(pub.id) })).status).toBe(200);
    expect((await ok<Ann>('brand', 'GET', `${base}/view?id=${pub.id}`)).status).toBe('published');
    expect((await ok<Page<unknown>>('brand.buyer', 'GET', '/api/notifyapi/notify-msg/index')).total).toBe(noticesBefore + 2);
    expect((await call('brand', 'POST', `${base}/save`, { id: pub.id, version: await version(pub.id), title: 'changed' })).status).toBe(409);
    expect((await call('brand', 'POST', `${base}/remove`, { ids: [pub.id], versions: [await version(pub.id)] })).status).toBe(409);

    // The brand's users read both; the maker's read only the public one; the read flag is per user.
    const buyerList = await ok<Page<Ann> & { unread: number }>('brand.buyer', 'GET', `${base}/index?size=100`);
    expect(buyerList.unread).toBe(buyerUnread + 2);
    expect(buyerList.rows.filter((r) => [internal.id, pub.id].includes(r.id)).map((r) => r.read)).toEqual([false, false]);
    const makerList = await ok<Page<Ann>>('maker.planner', 'GET', `${base}/index?size=100`);
    expect(makerList.rows.map((r) => r.id)).toContain(pub.id);
    expect(makerList.rows.map((r) => r.id)).not.toContain(internal.id);
    expect(makerList.rows.find((r) => r.id === pub.id)).toMatchObject({ own: false, read: false });

    expect(await ok<{ changed: number }>('brand.buyer', 'POST', `${base}/read`, { ids: [internal.id, pub.id] })).toEqual({ changed: 2 });
    expect(await ok<{ changed: number }>('brand.buyer', 'POST', `${base}/read`, { ids: [internal.id] })).toEqual({ changed: 0 });
    expect((await ok<{ unread: number }>('brand.buyer', 'GET', `${base}/index`)).unread).toBe(buyerUnread);
    expect((await ok<Page<Ann>>('brand', 'GET', `${base}/index?size=100`)).rows.find((r) => r.id === internal.id)!.read).toBe(false);
    // Another company cannot mark the internal one read (it may not read it).
    expect(await ok<{ changed: number }>('maker.planner', 'POST', `${base}/read`, { ids: [internal.id, pub.id] })).toEqual({ changed: 1 });
    // Nor change it.
    expect((await call('maker', 'POST', `${base}/save`, { id: internal.id, version: await version(internal.id), title: 'taken' })).status).toBe(404);
    expect((await move('maker', 'withdraw', { id: pub.id, version: await version(pub.id) })).status).toBe(404);

    expect((await move('brand', 'withdraw', { id: pub.id, version: await version(pub.id) })).status).toBe(200);
    expect((await ok<Ann>('brand', 'GET', `${base}/view?id=${pub.id}`)).status).toBe('withdrawn');
    expect((await ok<Page<Ann>>('maker.planner', 'GET', `${base}/index?size=100`)).rows.map((r) => r.id)).not.toContain(pub.id);
    await ok('brand', 'POST', `${base}/remove`, { ids: [pub.id], versions: [await version(pub.id)] });
    expect((await sql<{ n: number }>`select (select count(*) from collab_announcement where id = ${pub.id})::int + (select count(*) from collab_announcement_read where announcement_id = ${pub.id})::int as n`.execute(t.app.db)).rows[0].n).toBe(0);
    const managed = await ok<Page<Ann>>('brand', 'GET', `${base}/page?size=100`);
    expect(managed.rows.map((r) => r.id)).toContain(internal.id);
    expect(managed.rows.map((r) => r.id)).not.toContain(pub.id);
  });

  it('are read in the centre as the engine\'s list of the view `announcementfeed`, each person marking their own read', async () => {
    const feed = '/api/notifyapi/announcementfeed';
    const internal = await ok<Ann>('brand', 'POST', `${base}/save`, { title: '食堂开放时间调整', category: 'notice', detail: '自下周一起 11:00 开放。' });
    const pub = await ok<Ann>('brand', 'POST', `${base}/save`, { title: '秋冬面料招募', category: 'notice', detail: '欢迎报名。', is_public: true, contact: '李采购', phone: '021-62345678' });
    for (const a of [internal, pub]) expect((await move('brand', 'publish', { id: a.id, version: await version(a.id) })).status).toBe(200);
    type Row = { id: number; version: number; status: string; title: string; company: string; detail: string };
    const rows = async (who: string) => (await ok<Page<Row>>(who, 'GET', `${feed}/page?size=200`)).rows;
    const buyer = await rows('brand.buyer');
    expect(buyer.filter((r) => [internal.id, pub.id].includes(r.id)).map((r) => r.status)).toEqual(['unread', 'unread']);
    const maker = await rows('maker.planner');
    expect(maker.map((r) => r.id)).not.toContain(internal.id);
    const theirs = maker.find((r) => r.id === pub.id)!;
    expect(theirs).toMatchObject({ status: 'unread', title: '秋冬面料招募', detail: '欢迎报名。' });
    expect(theirs.company).toBeTruthy();
    // The maker's planner marks the public one read: their flag only; the internal one is not theirs to read (404).
    expect((await call('maker.planner', 'POST', `${feed}/action/read`, { ids: [pub.id], version: theirs.version })).status).toBe(200);
    expect((await ok<Row>('maker.planner', 'GET', `${feed}/view?id=${pub.id}`)).status).toBe('read');
    // Read already: the transition is not open to it.
    expect((await call('maker.planner', 'POST', `${feed}/action/read`, { ids: [pub.id] })).status).toBe(409);
    expect((await call('maker.planner', 'POST', `${feed}/action/read`, { ids: [internal.id] })).status).toBe(404);
    expect((await call('maker.planner', 'GET', `${feed}/view?id=${internal.id}`)).status).toBe(404);
    expect((await rows('brand.buyer')).find((r) => r.id === pub.id)!.status).toBe('unread');
    expect((await ok<Page<Ann>>('maker.planner', 'GET', `${base}/index?size=100`)).rows.find((r) => r.id === pub.id)!.read).toBe(true);
    // The unread tab of the list is the unread ones.
    const unread = await ok<Page<Row>>('maker.planner', 'GET', `${feed}/page?size=200&f.status.eq=unread`);
    expect(unread.rows.map((r) => r.id)).not.toContain(pub.id);
  });
});
