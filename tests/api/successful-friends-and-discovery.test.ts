import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, body, loginOk, type LoginData } from './access-test-helpers';

/**
 * Friends and discovery (issue 15): a user of a company that shares no document with the brand is
 * found only by an exact username, mobile or e-mail, asked, accepts, and only then may be chatted
 * with; requests declined or withdrawn by removal close the chat again. The public discovery calls
 * list active companies and public project opportunities to anyone, and add contacts only for a
 * valid token.
 */
let t: TestApp;
const users: Record<string, LoginData> = {};
beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.db;
  await sql`insert into clients (code, name, full_name, type, status, licence_type, contact_name, business_scope) values ('LONE01', '孤立工厂', '孤立服装有限公司', 'maker', 'active', 'standard', '孤立联系人', '针织 梭织 小单快反') on conflict (code) do nothing`.execute(db);
  const cid = (await sql<{ id: number }>`select id::int as id from clients where code = 'LONE01'`.execute(db)).rows[0].id;
  await sql`insert into users (client_id, username, fullname, email, mobile, password_hash, status)
    select ${cid}, 'lone.user', '孤立用户', 'lone.user@demo.local', '13700000001', password_hash, 'active' from users where username = 'brand'`.execute(db);
  await sql`insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r where u.username = 'lone.user' and r.code = 'clientadmin' and r.client_id is null`.execute(db);
  for (const u of ['brand', 'brand.buyer', 'maker', 'maker.planner', 'supplier', 'lone.user']) users[u] = await loginOk(t.app, u);
});
afterAll(async () => t.close());

const call = async <T>(who: string | null, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, token?: string) => {
  const headers = token ? bearer(token) : who ? bearer(users[who].access_token) : {};
  const res = await t.app.inject({ method, url: `/api${url}`, headers, payload });
  return { status: res.statusCode, body: body<T>(res) as unknown as { code: number; message: string; data: T } };
};
const ok = async <T>(who: string | null, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>): Promise<T> => {
  const r = await call<T>(who, method, url, payload);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};
const F = '/crossapi/chatapi/friend';
const C = '/crossapi/chatapi/chat';

describe('friends', () => {
  it('find by exact name only, ask, accept: then chat is allowed; the asked user is told', async () => {
    expect((await call('brand.buyer', 'POST', `${C}/open`, { user_id: users['lone.user'].id })).status).toBe(403);
    expect((await ok<{ user: unknown }>('brand.buyer', 'POST', `${F}/find`, { keyword: 'lone' })).user).toBeNull();
    const found = await ok<{ user: { id: number; fullname: string; company: string; state: string } }>('brand.buyer', 'POST', `${F}/find`, { keyword: 'LONE.USER' });
    expect(found.user).toEqual({ id: users['lone.user'].id, fullname: '孤立用户', company: '孤立工厂', state: 'none' });
    expect((await ok<{ user: { id: number } }>('brand.buyer', 'POST', `${F}/find`, { keyword: '13700000001' })).user.id).toBe(users['lone.user'].id);
    expect((await call('brand.buyer', 'POST', `${F}/request`, { user_id: users['brand.buyer'].id })).status).toBe(400);

    const asked = await ok<{ id: number; status: string }>('brand.buyer', 'POST', `${F}/request`, { user_id: users['lone.user'].id, message: '我们在找针织工厂' });
    expect(asked.status).toBe('pending');
    const again = await call('brand.buyer', 'POST', `${F}/request`, { user_id: users['lone.user'].id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('好友申请已发送，等待对方处理');
    const notices = await ok<{ rows: Array<{ kind: string; title: string; body: string; link: string }> }>('lone.user', 'GET', '/notifyapi/notify-msg/index');
    expect(notices.rows[0]).toMatchObject({ kind: 'friend.request', title: `${users['brand.buyer'].fullname} 请求添加你为好友`, body: '附言：我们在找针织工厂', link: '/discovery/index?tab=requests' });

    expect((await ok<{ rows: Array<{ id: number; direction: string }> }>('lone.user', 'GET', `${F}/requests`)).rows).toEqual([expect.objectContaining({ id: asked.id, direction: 'in', message: '我们在找针织工厂' })]);
    expect((await ok<{ rows: Array<{ id: number; direction: string }> }>('brand.buyer', 'GET', `${F}/requests`)).rows).toEqual([expect.objectContaining({ id: asked.id, direction: 'out' })]);
    // Only the addressee answers.
    expect((await call('brand.buyer', 'POST', `${F}/accept`, { id: asked.id })).status).toBe(404);
    expect((await call('maker', 'POST', `${F}/accept`, { id: asked.id })).status).toBe(404);
    expect((await ok<{ status: string }>('lone.user', 'POST', `${F}/accept`, { id: asked.id })).status).toBe('accepted');
    expect((await call('lone.user', 'POST', `${F}/decline`, { id: asked.id })).status).toBe(404);

    expect((await ok<{ rows: Array<{ user_id: number }> }>('lone.user', 'GET', `${F}/list`)).rows.map((r) => r.user_id)).toEqual([users['brand.buyer'].id]);
    const contacts = await ok<{ rows: Array<{ id: number; relation: string }> }>('brand.buyer', 'GET', `${C}/contacts`);
    expect(contacts.rows.find((c) => c.id === users['lone.user'].id)?.relation).toBe('friend');
    const conv = await ok<{ id: number }>('brand.buyer', 'POST', `${C}/open`, { user_id: users['lone.user'].id });
    await ok('lone.user', 'POST', `${C}/send`, { id: conv.id, kind: 'text', body: '你好' });
    // A friend of the buyer is not a contact of the buyer's colleagues.
    expect((await call('brand', 'POST', `${C}/open`, { user_id: users['lone.user'].id })).status).toBe(403);

    // Removed: no new conversation (the one held stays readable to its members).
    await ok('lone.user', 'POST', `${F}/remove`, { user_id: users['brand.buyer'].id });
    expect((await call('brand.buyer', 'POST', `${C}/group-save`, { name: 'x', member_ids: [users['lone.user'].id] })).status).toBe(403);
    expect((await ok<{ rows: unknown[] }>('brand.buyer', 'GET', `${C}/messages?id=${conv.id}`)).rows).toHaveLength(1);
  });

  it('declined requests do not open chat; asking back accepts; a company card asks its administrator', async () => {
    const asked = await ok<{ id: number }>('maker.planner', 'POST', `${F}/request`, { user_id: users['lone.user'].id });
    await ok('lone.user', 'POST', `${F}/decline`, { id: asked.id });
    expect((await call('maker.planner', 'POST', `${C}/open`, { user_id: users['lone.user'].id })).status).toBe(403);
    // Declined: may ask again, and this time the other asks back, which accepts.
    await ok('maker.planner', 'POST', `${F}/request`, { user_id: users['lone.user'].id });
    expect((await ok<{ status: string }>('lone.user', 'POST', `${F}/request`, { user_id: users['maker.planner'].id })).status).toBe('accepted');
    await ok('maker.planner', 'POST', `${C}/open`, { user_id: users['lone.user'].id });

    const byCompany = await ok<{ id: number; status: string }>('supplier', 'POST', `${F}/request`, { client_code: 'LONE01' });
    expect(byCompany.status).toBe('pending');
    expect((await ok<{ rows: Array<{ id: number; user_id: number }> }>('lone.user', 'GET', `${F}/requests`)).rows.find((r) => r.id === byCompany.id)?.user_id).toBe(users.supplier.id);
    expect((await call('supplier', 'POST', `${F}/request`, { client_code: 'NOPE99' })).status).toBe(404);
    expect((await call(null, 'GET', `${F}/list`)).status).toBe(401);
  });
});

describe('friends and requests on the generic lists (issue 30)', () => {
  type Row = { id: number; status?: string; fullname: string; company: string; user_id?: number; version: number };
  const G = '/crossapi';
  const page = async (who: string, entity: 'friend' | 'friendrequest') => (await ok<{ rows: Row[] }>(who, 'GET', `${G}/${entity}/page?size=100`)).rows;

  it('each person lists only their own pairs; only the asked person answers, audited; the spec calls agree', async () => {
    const asked = await ok<{ id: number; status: string }>('maker', 'POST', `${F}/request`, { user_id: users['lone.user'].id, message: '想了解针织产能' });
    expect(asked.status).toBe('pending');
    const mine = (await page('lone.user', 'friendrequest')).find((r) => r.id === asked.id);
    const maker = (await sql<{ fullname: string; company: string }>`select coalesce(u.fullname, u.username) as fullname, c.name as company from users u join clients c on c.id = u.client_id where u.id = ${users.maker.id}`.execute(t.app.db)).rows[0];
    expect(mine).toMatchObject({ status: 'in', ...maker });
    expect((await page('maker', 'friendrequest')).find((r) => r.id === asked.id)?.status).toBe('out');
    // Nobody else reads or answers it; the asker cannot answer their own request.
    expect((await page('brand', 'friendrequest')).some((r) => r.id === asked.id)).toBe(false);
    expect((await call('brand', 'GET', `${G}/friendrequest/view?id=${asked.id}`)).status).toBe(404);
    expect((await call('brand', 'POST', `${G}/friendrequest/action/accept`, { ids: [asked.id] })).status).toBe(404);
    expect((await call('maker', 'POST', `${G}/friendrequest/action/accept`, { ids: [asked.id] })).status).toBe(409);

    const done = await ok<{ rows: Row[] }>('lone.user', 'POST', `${G}/friendrequest/action/accept`, { ids: [asked.id], version: mine!.version });
    // The asked person keeps it under 已同意; for the asker it is no longer waiting (they are friends now).
    expect(done.rows[0].status).toBe('accepted');
    expect((await page('lone.user', 'friendrequest')).find((r) => r.id === asked.id)?.status).toBe('accepted');
    expect((await page('maker', 'friendrequest')).some((r) => r.id === asked.id)).toBe(false);
    expect((await call('lone.user', 'POST', `${G}/friendrequest/action/decline`, { ids: [asked.id] })).status).toBe(409);
    expect((await page('lone.user', 'friend')).map((r) => r.user_id)).toContain(users.maker.id);
    expect((await page('maker', 'friend')).map((r) => r.user_id)).toContain(users['lone.user'].id);
    expect((await page('brand', 'friend')).some((r) => r.user_id === users['lone.user'].id)).toBe(false);
    expect((await ok<{ rows: Array<{ user_id: number }> }>('lone.user', 'GET', `${F}/list`)).rows.map((r) => r.user_id)).toContain(users.maker.id);
    const audit = (await sql<{ action: string; user_id: number }>`select action, user_id::int as user_id from audit_log where entity = 'friendrequest' and record_id = ${asked.id}`.execute(t.app.db)).rows;
    expect(audit).toEqual([{ action: 'accept', user_id: users['lone.user'].id }]);

    // Declined through the list: the pair may ask again, as through the spec's call.
    const again = await ok<{ id: number }>('brand', 'POST', `${F}/request`, { user_id: users['lone.user'].id });
    await ok('lone.user', 'POST', `${G}/friendrequest/action/decline`, { ids: [again.id] });
    // The asker is not told of a refusal: the request just stops waiting.
    expect((await page('brand', 'friendrequest')).some((r) => r.id === again.id)).toBe(false);
    expect((await page('lone.user', 'friendrequest')).find((r) => r.id === again.id)?.status).toBe('declined');
    expect((await ok<{ status: string }>('brand', 'POST', `${F}/request`, { user_id: users['lone.user'].id })).status).toBe('pending');
    expect((await call(null, 'GET', `${G}/friend/page`)).status).toBe(401);
  });
});

describe('public discovery', () => {
  type Company = { code: string; name: string; type: string; contact_name?: string | null; own?: boolean };
  type Project = { code: string; name: string; buyer_name: string; contact_person?: string | null; contact_phone?: string | null; own?: boolean };

  it('lists active companies to anyone; a valid token adds the contact and marks the own company', async () => {
    const anon = await ok<{ rows: Company[]; total: number; signed_in: boolean }>(null, 'GET', '/discovery/companies?size=100');
    expect(anon.signed_in).toBe(false);
    const codes = anon.rows.map((r) => r.code);
    expect(codes).toEqual(expect.arrayContaining(['LONE01']));
    expect(codes).not.toContain('PLATFORM');
    for (const r of anon.rows) expect(Object.keys(r)).not.toContain('contact_name');
    expect((await ok<{ rows: Company[] }>(null, 'GET', `/discovery/companies?keyword=${encodeURIComponent('小单快反')}`)).rows.map((r) => r.code)).toEqual(['LONE01']);
    const makers = await ok<{ rows: Company[] }>(null, 'GET', '/discovery/companies?type=maker&size=100');
    expect(makers.rows.every((r) => r.type === 'maker')).toBe(true);
    // An invalid token is no viewer: still the public list.
    const garbage = await call<{ rows: Company[]; signed_in: boolean }>(null, 'GET', '/discovery/companies?size=100', undefined, 'garbage');
    expect(garbage.status).toBe(200);
    expect(garbage.body.data.signed_in).toBe(false);

    const signed = await ok<{ rows: Company[]; signed_in: boolean }>('brand.buyer', 'GET', '/discovery/companies?size=100');
    expect(signed.signed_in).toBe(true);
    expect(signed.rows.find((r) => r.code === 'LONE01')).toMatchObject({ contact_name: '孤立联系人', own: false });
    expect(signed.rows.filter((r) => r.own)).toHaveLength(1);
  });

  it('lists public projects whose information is delivered, never private ones; contacts only with a token', async () => {
    const db = t.app.db;
    const brand = users.brand.client_id!;
    const pick = (await sql<{ id: number }>`select id::int as id from srm_src_project where client_id = ${brand} order by id limit 2`.execute(db)).rows;
    expect(pick.length).toBe(2);
    await sql`update srm_src_project set is_public = true, status = 'info_delivered', delivered_at = now(), name = '公开项目 针织开衫', contact_person = '李采购', contact_phone = '021-62345678' where id = ${pick[0].id}`.execute(db);
    await sql`update srm_src_project set is_public = false, status = 'info_delivered', delivered_at = now(), name = '邀请项目 不公开' where id = ${pick[1].id}`.execute(db);

    const anon = await ok<{ rows: Project[] }>(null, 'GET', '/discovery/projects?size=100');
    const names = anon.rows.map((r) => r.name);
    expect(names).toContain('公开项目 针织开衫');
    expect(names).not.toContain('邀请项目 不公开');
    const mine = anon.rows.find((r) => r.name === '公开项目 针织开衫')!;
    expect(mine.contact_phone).toBeUndefined();
    expect(mine.contact_person).toBeUndefined();
    const signed = await ok<{ rows: Project[] }>('maker', 'GET', `/discovery/projects?keyword=${encodeURIComponent('针织开衫')}`);
    expect(signed.rows).toEqual([expect.objectContaining({ name: '公开项目 针织开衫', contact_person: '李采购', contact_phone: '021-62345678', own: false })]);
    expect((await ok<{ rows: Project[] }>('brand', 'GET', `/discovery/projects?keyword=${encodeURIComponent('针织开衫')}`)).rows[0].own).toBe(true);
  });
});
