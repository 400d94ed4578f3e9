import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../grids';
import { allPages, getEntity, getPage } from '../../src/model';
import type { PageAccess } from '../../src/model/calls/pages';
import { isSuperMenu } from '../../src/server/access/permission-model';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, body, loginOk, type LoginData } from './access-test-helpers';

/**
 * Issue 35, the generic page routes (`/{cata}/ecindex/{opt}`, `/zp/{cata}/index|page|document/{opt}`)
 * resolve a page by its key through `GET /api/model/pages/:opt/access`: an unknown key is 404 in the
 * caller's language, a page the caller may not view is 403 exactly where the page's own data calls
 * are 403, and the verbs answered are those the list's calls allow. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
describe('generic page routes: a page key resolved with the caller\'s permissions', () => {
  let t: TestApp;
  let admin: LoginData;
  let planner: LoginData;
  let reader: LoginData;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginOk(t.app, 'maker');
    planner = await loginOk(t.app, 'maker.planner');
    // A colleague who may only read (the invited role: view and export).
    const db = t.database.db;
    const u = await sql<{ id: number }>`insert into users (client_id, username, fullname, email, mobile, password_hash, status)
      select client_id, 'maker.reader', '钱只读', 'maker.reader@demo.local', '13700000019', password_hash, 'active' from users where username = 'maker.planner' returning id`.execute(db);
    await sql`insert into user_roles (user_id, role_id) select ${u.rows[0].id}, id from roles where client_id is null and code = 'invited'`.execute(db);
    reader = await loginOk(t.app, 'maker.reader');
  });
  afterAll(async () => t.close());

  const access = (who: LoginData | null, opt: string, lang = 'zh-CN') =>
    t.app.inject({ method: 'GET', url: `/api/model/pages/${encodeURIComponent(opt)}/access`, headers: { ...(who ? bearer(who.access_token) : {}), 'x-lang': lang } });
  const dataOf = (who: LoginData, opt: string) => {
    const entity = getEntity(getPage(opt)!.entity)!;
    return t.app.inject({ method: 'GET', url: `/api/${entity.prefix}/${entity.name}/page?page=1&size=5`, headers: bearer(who.access_token) });
  };

  it('answers a declared page with its route and the verbs of the caller', async () => {
    const res = await access(admin, 'material');
    expect(res.statusCode, res.body).toBe(200);
    const a = body<PageAccess>(res).data;
    expect(a).toMatchObject({ opt: 'material', cata: 'md', kind: 'masterdetail', entity: 'material', menuCode: 'md.material', route: '/md/masterdetail/material' });
    expect(a.verbs).toEqual({ view: true, create: true, edit: true, delete: true, import: true, export: true });
    // A reader sees the same page and may only view and export it.
    const r = await access(reader, 'material');
    expect(r.statusCode, r.body).toBe(200);
    expect(body<PageAccess>(r).data.verbs).toEqual({ view: true, create: false, edit: false, delete: false, import: false, export: true });
  });

  it('refuses a page the caller may not view, as the page\'s own data call does', async () => {
    // The company's numbering rules are an administration page: planners do not see it.
    const refused = await access(planner, 'snrule');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(body(refused).message).toBe('没有权限执行该操作');
    expect((await dataOf(planner, 'snrule')).statusCode).toBe(403);
    const en = await access(planner, 'snrule', 'en');
    expect(body(en).message).toBe('You do not have permission for this action');
    // The administrator of the same company sees it, and its data.
    expect((await access(admin, 'snrule')).statusCode).toBe(200);
    expect((await dataOf(admin, 'snrule')).statusCode).toBe(200);
    // The platform's client list is the super administrator's alone.
    expect((await access(admin, 'clients')).statusCode).toBe(403);
  });

  it('answers 404 in the caller\'s language for a key no page declares, and 401 without a session', async () => {
    const zh = await access(planner, 'no-such-page');
    expect(zh.statusCode).toBe(404);
    expect(body(zh).message).toBe('页面不存在');
    const en = await access(planner, 'no-such-page', 'en');
    expect(body(en).message).toBe('Page does not exist');
    expect((await access(null, 'material')).statusCode).toBe(401);
  });

  it('resolves every declared page for a company administrator, except the platform\'s own', async () => {
    const wrong: string[] = [];
    for (const page of allPages()) {
      const superOnly = isSuperMenu(page.menuCode) || isSuperMenu(getEntity(page.entity)!.menuCode);
      const res = await access(admin, page.opt);
      if (res.statusCode !== (superOnly ? 403 : 200)) wrong.push(`${page.opt}: ${res.statusCode}`);
      else if (!superOnly) expect(body<PageAccess>(res).data.opt).toBe(page.opt);
    }
    expect(wrong).toEqual([]);
  });
});
