import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrate } from '../../src/server/db/migrate';
import { demoSeedFingerprint, seedDemo } from '../../src/server/db/seed';
import { withSystemScope } from '../../src/server/kernel/rls';
import { seedMenus } from '../../src/server/services/admin';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

describe('start-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers health in the envelope once migrated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, message: 'OK', data: { status: 'ready' } });
  });

  it('migrations and demo seed are idempotent', async () => {
    const before = (await sql<{ n: number }>`select count(*)::int n from users`.execute(t.database.db)).rows[0].n;
    expect(await migrate(t.database.db)).toEqual([]);
    await sql`delete from demo_seed`.execute(t.database.db);
    await seedDemo(t.database.db, t.config);
    const after = (await sql<{ n: number }>`select count(*)::int n from users`.execute(t.database.db)).rows[0].n;
    expect(after).toBe(before);
    // The demo users: admin, brand, brand.buyer, brand.finance, maker, maker.planner, supplier, supplier.sales (README).
    expect(before).toBe(8);
  });

  it('a start on a database the same seed filled runs no seeder; a changed seed runs them all again, adding nothing twice', async () => {
    const db = t.database.db;
    const fingerprint = async () => (await sql<{ fingerprint: string }>`select fingerprint from demo_seed`.execute(db)).rows[0]?.fingerprint;
    const links = async () => (await sql<{ n: number }>`select count(*)::int n from user_roles`.execute(db)).rows[0].n;
    expect(await fingerprint()).toBe(demoSeedFingerprint());
    const before = await links();
    // A demo user's role taken away: the same seed at the next start does not look, so it stays away.
    await sql`delete from user_roles where user_id = (select id from users where username = 'brand.buyer')`.execute(db);
    const taken = before - (await links());
    expect(taken).toBeGreaterThan(0);
    await seedDemo(db, t.config);
    expect(await links()).toBe(before - taken);
    // Another seed (its fingerprint differs): every seeder runs, puts the role back and adds nothing else.
    await sql`update demo_seed set fingerprint = 'an earlier seed'`.execute(db);
    const users = (await sql<{ n: number }>`select count(*)::int n from users`.execute(db)).rows[0].n;
    await seedDemo(db, t.config);
    expect(await links()).toBe(before);
    expect((await sql<{ n: number }>`select count(*)::int n from users`.execute(db)).rows[0].n).toBe(users);
    expect(await fingerprint()).toBe(demoSeedFingerprint());
  });

  it('a start puts back a declared column and index the database lost, and refuses a changed column type', async () => {
    const db = t.database.db;
    await sql`alter table collab_announcement drop column phone`.execute(db);
    await sql`drop index collab_announcement_state_idx`.execute(db);
    await migrate(db);
    const column = await sql<{ data_type: string }>`
      select data_type from information_schema.columns
      where table_schema = current_schema() and table_name = 'collab_announcement' and column_name = 'phone'`.execute(db);
    expect(column.rows).toEqual([{ data_type: 'text' }]);
    const index = await sql`select 1 from pg_indexes where schemaname = current_schema() and indexname = 'collab_announcement_state_idx'`.execute(db);
    expect(index.rows).toHaveLength(1);
    await sql`alter table collab_announcement alter column contact type varchar(60)`.execute(db);
    await expect(migrate(db)).rejects.toThrow(/collab_announcement\.contact is character varying in the database but text/);
    await sql`alter table collab_announcement alter column contact type text`.execute(db);
  });

  it('a start runs a migration recorded as not applied, and only that one', async () => {
    const db = t.database.db;
    const ran: string[] = [];
    const extra = [
      { id: '20000101_0000_already', up: async () => void ran.push('already') },
      { id: '20000101_0001_new', up: async () => void ran.push('new') },
    ];
    await sql`insert into _migrations (id) values ('20000101_0000_already')`.execute(db);
    expect(await migrate(db, extra)).toEqual(['20000101_0001_new']);
    expect(ran).toEqual(['new']);
    expect(await migrate(db, extra)).toEqual([]);
    expect(ran).toEqual(['new']);
    await sql`delete from _migrations where id like '20000101_%'`.execute(db);
  });

  it("the platform's menu rows follow the declarations at a start: a changed row back, an unknown one gone, the same ones untouched, a company's own kept", async () => {
    const db = t.database.db;
    type MenuState = { code: string; title_zh: string; sort: number; roles: unknown; version: number };
    const platformRows = () => withSystemScope(db, async (tx) => (await sql<MenuState>`select code, title_zh, sort, roles, version from menus where client_id is null order by code`.execute(tx)).rows);
    // First as this process declares them (a test file's own menu group may be registered in it).
    await seedMenus(db);
    const before = await platformRows();
    expect(before.length).toBeGreaterThan(50);
    const [changed, untouched] = [before[0], before[1]];
    const company = (await sql<{ id: number }>`select id from clients where code = 'MAKER01'`.execute(db)).rows[0].id;
    const removeOwn = () => withSystemScope(db, async (tx) => void (await sql`delete from menus where code in ('OWN_ENTRY', 'GONE_ENTRY')`.execute(tx)));
    await removeOwn();
    try {
      await withSystemScope(db, async (tx) => {
        await sql`update menus set title_zh = 'edited', sort = -1, roles = '["nobody"]'::jsonb where client_id is null and code = ${changed.code}`.execute(tx);
        await sql`insert into menus (client_id, code, platform, title_zh, title_en, sort, visible, super_only) values (null, 'GONE_ENTRY', '*', '旧', 'Old', 1, true, false)`.execute(tx);
        await sql`insert into menus (client_id, code, platform, title_zh, title_en, sort, visible, super_only) values (${company}, 'OWN_ENTRY', '*', '自己的', 'Own', 1, true, false)`.execute(tx);
      });
      // Every declared row is written: those of this process, which may hold a test file's own menu group beside the product's.
      const declared = await seedMenus(db);
      const after = await platformRows();
      expect(after).toHaveLength(declared);
      expect(after.map((r) => r.code)).toEqual(expect.arrayContaining(before.map((r) => r.code)));
      expect(after.map((r) => r.code)).not.toContain('GONE_ENTRY');
      const again = after.find((r) => r.code === changed.code)!;
      expect({ title_zh: again.title_zh, sort: again.sort, roles: again.roles }).toEqual({ title_zh: changed.title_zh, sort: changed.sort, roles: changed.roles });
      expect(again.version).toBe(changed.version + 1);
      expect(after.find((r) => r.code === untouched.code)).toEqual(untouched);
      const own = await withSystemScope(db, async (tx) => (await sql<{ n: number }>`select count(*)::int n from menus where client_id = ${company} and code = 'OWN_ENTRY'`.execute(tx)).rows[0].n);
      expect(own).toBe(1);
    } finally {
      await removeOwn();
    }
  });

  it('unknown API paths answer 404 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
    // The generic calls answer the entities that have them, signed in or not, and nothing else: no such
    // entity, a prefix not its own, a child-only table, the history of a view, a write to a read-only view.
    const headers = { authorization: `Bearer ${await signIn(t.app, 'admin')}` };
    const missing = [
      ['GET', '/api/scmapi/no_such_entity/page'],
      ['GET', '/api/srmapi/workorder/page'],
      ['GET', '/api/scmapi/prorder_entry/page'],
      ['GET', '/api/adminapi/audit/history'],
      ['POST', '/api/adminapi/audit/save'],
      ['POST', '/api/adminapi/audit/action/anything'],
    ] as const;
    for (const [method, url] of missing) {
      for (const h of [{}, headers]) {
        const r = await t.app.inject({ method, url, headers: h, payload: method === 'POST' ? {} : undefined });
        expect(r.statusCode, `${method} ${url}`).toBe(404);
        expect(r.json(), url).toMatchObject({ code: 404, data: null });
      }
    }
    const maker = { authorization: `Bearer ${await signIn(t.app, 'maker')}` };
    for (const [url, h] of [['/api/scmapi/workorder/page', maker], ['/api/adminapi/audit/page', headers], ['/api/adminapi/audit/count', headers]] as const) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: h })).statusCode, url).toBe(200);
    }
  });
});
