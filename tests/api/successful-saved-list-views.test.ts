import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListViewsOfPage } from '../../src/model/calls/list-views';
import type { ListView, ListViewPayload } from '../../src/model/list-views';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, body, loginOk, type LoginData } from './access-test-helpers';

/**
 * Issue 32, saved views of the lists: a view keeps columns, sort, filters and the state tab of one
 * page; it is private to its owner or shared with roles of his company by an administrator, who also
 * sets a role's default view; the list opens on the user's own default, else his last view, else his
 * role's default. Nothing crosses companies, and a payload naming what the page does not have is
 * refused field by field. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
type Errors = { errors: Record<string, string> };
const BASE = '/api/clientinfoapi/list-views';
const PAGE = 'customerorder';

const payload = (over: Partial<ListViewPayload> = {}): ListViewPayload => ({
  columns: [{ field: 'order_no', width: 180, pinned: 'left' }, { field: 'status' }, { field: 'delivery_date', width: 130 }, { field: 'reject_reason', hidden: true }],
  sort: [{ field: 'delivery_date', dir: 'asc' }],
  filters: { brand_name: { filterType: 'text', type: 'contains', filter: '悦衣' }, status: { filterType: 'set', values: ['in_progress'] } },
  tab: 'in_progress',
  ...over,
});

describe('saved list views', () => {
  let t: TestApp;
  let admin: LoginData;
  let planner: LoginData;
  let clerk: LoginData;
  let brand: LoginData;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginOk(t.app, 'maker');
    planner = await loginOk(t.app, 'maker.planner');
    brand = await loginOk(t.app, 'brand');
    // A colleague of the planner in the same company who is not a planner (common role only).
    const db = t.database.db;
    const u = await sql<{ id: number }>`insert into users (client_id, username, fullname, email, mobile, password_hash, status)
      select client_id, 'maker.clerk', '赵跟单', 'maker.clerk@demo.local', '13700000009', password_hash, 'active' from users where username = 'maker.planner' returning id`.execute(db);
    await sql`insert into user_roles (user_id, role_id) select ${u.rows[0].id}, id from roles where client_id is null and code = 'common'`.execute(db);
    clerk = await loginOk(t.app, 'maker.clerk');
  });
  afterAll(async () => t.close());

  const post = (who: LoginData, call: string, data: Record<string, unknown>, lang = 'zh-CN') =>
    t.app.inject({ method: 'POST', url: `${BASE}/${call}`, headers: { ...bearer(who.access_token), 'x-lang': lang }, payload: data });
  const views = async (who: LoginData, page = PAGE) => {
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/page?page=${page}`, headers: bearer(who.access_token) });
    expect(res.statusCode, res.body).toBe(200);
    return body<ListViewsOfPage>(res).data;
  };
  const save = async (who: LoginData, data: Record<string, unknown>) => {
    const res = await post(who, 'save', { page: PAGE, ...data });
    expect(res.statusCode, res.body).toBe(200);
    return body<ListView>(res).data;
  };
  const names = async (who: LoginData) => (await views(who)).views.map((v) => v.name);

  it('shows the demo company\'s shared views to its planners, and nothing to another company', async () => {
    expect(await names(planner)).toEqual(expect.arrayContaining(['生产中 · 按交期', '待接单 · 按接单日期']));
    expect(await names(clerk)).toEqual(['生产中 · 按交期']);
    expect(await names(brand)).toEqual([]);
    const seeded = (await views(planner)).views.find((v) => v.name === '生产中 · 按交期')!;
    expect(seeded.editable).toBe(false);
    expect(seeded.payload.tab).toBe('in_progress');
    expect(seeded.payload.sort).toEqual([{ field: 'delivery_date', dir: 'asc' }]);
  });

  it('keeps a private view to its owner: no colleague, administrator or other company reads or changes it', async () => {
    const mine = await save(planner, { name: '我的跟单', payload: payload() });
    expect(mine).toMatchObject({ name: '我的跟单', shared_roles: [], editable: true, version: 1 });
    expect(mine.payload).toEqual({ ...payload(), group: null });
    // A view keeps the list's grouping too (by delivery week here).
    const weekly = await save(planner, { name: '按交货周', payload: payload({ group: { field: 'delivery_date', bucket: 'week' } }) });
    expect(weekly.payload.group).toEqual({ field: 'delivery_date', bucket: 'week' });
    expect(await names(planner)).toContain('我的跟单');
    for (const other of [admin, clerk, brand]) expect(await names(other)).not.toContain('我的跟单');
    // Changing or removing it by id: not found for anyone else, the administrator included.
    for (const other of [admin, clerk, brand]) {
      const res = await post(other, 'save', { page: PAGE, id: mine.id, version: 1, name: 'x', payload: payload() });
      expect(res.statusCode).toBe(404);
      expect((await post(other, 'remove', { id: mine.id, version: 1 })).statusCode).toBe(404);
      expect((await post(other, 'use', { page: PAGE, view_id: mine.id })).statusCode).toBe(404);
    }
    // The owner renames it; a stale version loses.
    const renamed = await save(planner, { id: mine.id, version: 1, name: '我的跟单（交期）', payload: payload({ tab: null }) });
    expect(renamed).toMatchObject({ version: 2, name: '我的跟单（交期）' });
    expect(renamed.payload.tab).toBeNull();
    const stale = await post(planner, 'save', { page: PAGE, id: mine.id, version: 1, name: '旧', payload: payload() });
    expect(stale.statusCode).toBe(409);
    // A user shares nothing: only an administrator does.
    const share = await post(planner, 'save', { page: PAGE, id: mine.id, version: 2, name: '我的跟单', payload: payload(), shared_roles: ['planner'] });
    expect(share.statusCode).toBe(403);
    expect(body(share).message).toBe('只有企业管理员可以共享视图或设置角色的默认视图');
    // The same name twice among the owner's views of the page is refused.
    const twice = await post(planner, 'save', { page: PAGE, name: '我的跟单（交期）', payload: payload() });
    expect(body<Errors>(twice).data.errors).toEqual({ name: '已有同名的视图' });
  });

  it('shares a view with a role: that role sees it, other roles do not, and only administrators change it', async () => {
    const shared = await save(admin, { name: '计划员看板', payload: payload(), shared_roles: ['planner'] });
    expect(shared).toMatchObject({ shared_roles: ['planner'], editable: true });
    expect(await names(planner)).toContain('计划员看板');
    expect(await names(clerk)).not.toContain('计划员看板');
    expect(await names(brand)).not.toContain('计划员看板');
    const seen = (await views(planner)).views.find((v) => v.id === shared.id)!;
    expect(seen.editable).toBe(false);
    const change = await post(planner, 'save', { page: PAGE, id: shared.id, version: 1, name: '改名', payload: payload() });
    expect(change.statusCode).toBe(403);
    expect((await post(planner, 'remove', { id: shared.id, version: 1 })).statusCode).toBe(403);
    // Another company's administrator cannot reach it by id either.
    expect((await post(brand, 'save', { page: PAGE, id: shared.id, version: 1, name: 'x', payload: payload(), shared_roles: ['common'] })).statusCode).toBe(404);
    expect((await post(brand, 'role-default', { page: PAGE, role: 'planner', view_id: shared.id })).statusCode).toBe(404);
    expect((await post(brand, 'remove', { id: shared.id, version: 1 })).statusCode).toBe(404);
    // The administrator shares it with the common role too: now the clerk sees it.
    const wider = await save(admin, { id: shared.id, version: 1, name: '计划员看板', payload: payload(), shared_roles: ['planner', 'common'] });
    expect(wider.version).toBe(2);
    expect(await names(clerk)).toContain('计划员看板');
    const unknownRole = await post(admin, 'save', { page: PAGE, id: shared.id, version: 2, name: '计划员看板', payload: payload(), shared_roles: ['nosuchrole'] });
    expect(body<Errors>(unknownRole).data.errors).toEqual({ shared_roles: '角色“nosuchrole”不存在' });
  });

  it('opens on the role\'s default set by an administrator, the user\'s last view, or the user\'s own default', async () => {
    const shared = (await views(admin)).views.find((v) => v.name === '计划员看板')!;
    expect((await views(planner)).opening).toBeNull();
    // Only an administrator sets a role's default, and only to a view shared with that role.
    const byPlanner = await post(planner, 'role-default', { page: PAGE, role: 'planner', view_id: shared.id });
    expect(byPlanner.statusCode).toBe(403);
    const notShared = await post(admin, 'role-default', { page: PAGE, role: 'linemanager', view_id: shared.id });
    expect(body<Errors>(notShared).data.errors).toEqual({ role: '默认视图必须先共享给该角色' });
    const set = await post(admin, 'role-default', { page: PAGE, role: 'planner', view_id: shared.id });
    expect(set.statusCode, set.body).toBe(200);
    expect(body<ListView>(set).data.default_roles).toEqual(['planner']);
    expect((await views(planner)).opening).toBe(shared.id);
    // The clerk (common role) sees the view but it is not his role's default.
    expect((await views(clerk)).opening).toBeNull();

    // The view last used wins over the role's default; going back to the page's layout is a choice too.
    const mine = (await views(planner)).views.find((v) => v.name === '我的跟单（交期）')!;
    await post(planner, 'use', { page: PAGE, view_id: mine.id });
    expect((await views(planner)).opening).toBe(mine.id);
    await post(planner, 'use', { page: PAGE, view_id: null });
    expect((await views(planner)).opening).toBeNull();
    // The user's own default wins over both.
    await post(planner, 'my-default', { page: PAGE, view_id: shared.id });
    await post(planner, 'use', { page: PAGE, view_id: mine.id });
    const now = await views(planner);
    expect([now.opening, now.my_default, now.last_used]).toEqual([shared.id, shared.id, mine.id]);
    await post(planner, 'my-default', { page: PAGE, view_id: null });
    expect((await views(planner)).opening).toBe(mine.id);

    // Removing the shared view takes the role's default and the choices with it.
    const latest = (await views(admin)).views.find((v) => v.id === shared.id)!;
    expect((await post(admin, 'remove', { id: shared.id, version: latest.version })).statusCode).toBe(200);
    await post(planner, 'use', { page: PAGE, view_id: null });
    expect((await views(planner)).opening).toBeNull();
    expect((await sql<{ n: number }>`select count(*)::int as n from list_view_role_default where view_id = ${shared.id}`.execute(t.database.db)).rows[0].n).toBe(0);
  });

  it('refuses a payload naming what the page does not have, with field errors in both languages', async () => {
    const bad = await post(planner, 'save', {
      page: PAGE,
      name: '',
      payload: {
        columns: [{ field: 'order_no', width: 'wide' }, { field: 'no_such_column' }],
        sort: [{ field: 'status', dir: 'sideways' }],
        filters: { total_qty: { filterType: 'text', type: 'contains', filter: '1' }, delivery_date: { filterType: 'date', type: 'equals', dateFrom: 'tomorrow' } },
        tab: 'archived',
        group: { field: 'total_qty' },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).code).toBe(11000);
    expect(body<Errors>(bad).data.errors).toEqual({
      name: '必填项',
      'columns.order_no': '列宽必须是 40 到 2000 之间的数字',
      columns: '“no_such_column”不是本列表的列',
      sort: '“status”不是本列表的列',
      'filters.total_qty': '筛选条件无法识别',
      'filters.delivery_date': '筛选条件无法识别',
      tab: '状态页签“archived”不在本列表中',
      group: '不能按此字段分组',
    });
    const en = await post(planner, 'save', { page: PAGE, name: 'x', payload: { columns: [{ field: 'order_no', width: 5 }], filters: { status: { filterType: 'set', values: 'in_progress' } } } }, 'en');
    expect(body<Errors>(en).data.errors).toEqual({ 'columns.order_no': 'A column width must be a number from 40 to 2000', 'filters.status': 'The filter is not one the list offers' });
    const noPayload = await post(planner, 'save', { page: PAGE, name: 'x', payload: 'not json {' });
    expect(body<Errors>(noPayload).data.errors).toEqual({ payload: '视图内容格式不正确' });
    // A page that does not exist, and no token.
    expect((await post(planner, 'save', { page: 'nosuchpage', name: 'x', payload: payload() })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/page?page=${PAGE}` })).statusCode).toBe(401);
    expect(await names(planner)).not.toContain('x');
  });
});
