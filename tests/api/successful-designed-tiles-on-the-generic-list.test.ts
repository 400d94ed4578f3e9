import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../reports';
import type { TileListReply } from '../../src/model/calls/tiles';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * The tile designer's records on the generic resource API (`/api/rptapi/rpttile/...`, issue 30), on
 * PGlite and PostgreSQL. `rpttile` declares `personal: { sharedWhen: { field: 'scope', values:
 * ['company'] } }`: a company tile is read and written by every designer of its company, a personal
 * tile by its creator alone, another company sees neither; the rule is the server's, in SQL, on every
 * read (list, tabs' counts, view, export) and write (save, remove). A second designer of the maker is
 * the planner given the company administrator's role here.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const tiles = (user: string) => resourceClient(t.app, tokens[user], 'rptapi', 'rpttile');
const tile = (name: string, scope: 'company' | 'personal') => ({
  name, scope, report: 'order-book', measure: 'qty', aggregation: 'sum', group_by: ['category'], filters: {}, period: 'all', chart: 'bar', thresholds: [], span: 1, sort_no: 0,
});
const namesOf = async (user: string, query: Record<string, string | number> = {}) => {
  const r = await tiles(user).page({ page: 1, size: 500, ...query });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.rows.map((x) => String(x.name));
};

const ids: { personal: number; company: number } = { personal: 0, company: 0 };

beforeAll(async () => {
  t = await createTestApp();
  // The planner becomes a second designer of the maker (the designer's menu is the company administrators').
  await sql`insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r
    where u.username = 'maker.planner' and r.code = 'clientadmin' and r.client_id is null on conflict do nothing`.execute(t.app.db);
  for (const u of ['maker', 'maker.planner', 'brand']) tokens[u] = await signIn(t.app, u);
  const personal = await tiles('maker').save(tile('经理自己的指标卡', 'personal'));
  expect(personal.status, JSON.stringify(personal.body)).toBe(200);
  ids.personal = Number(personal.body.data.id);
  const company = await tiles('maker').save(tile('全公司的指标卡', 'company'));
  expect(company.status, JSON.stringify(company.body)).toBe(200);
  ids.company = Number(company.body.data.id);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('designed tiles on the generic list', { timeout: 120_000 }, () => {
  it('the creator lists both tiles; another designer of the company the shared one only; another company neither', async () => {
    expect(await namesOf('maker')).toEqual(expect.arrayContaining(['经理自己的指标卡', '全公司的指标卡']));
    const colleague = await namesOf('maker.planner');
    expect(colleague).toContain('全公司的指标卡');
    expect(colleague).not.toContain('经理自己的指标卡');
    // A search for it by name finds nothing either: the rule is on the query, not on a page of rows.
    expect(await namesOf('maker.planner', { 'f.name.like': '经理自己' })).toEqual([]);
    const brand = await namesOf('brand');
    expect(brand).not.toContain('经理自己的指标卡');
    expect(brand).not.toContain('全公司的指标卡');
    // The designer's own call reads the same rule.
    const list = await t.app.inject({ method: 'GET', url: '/api/rptapi/tiles', headers: { authorization: `Bearer ${tokens['maker.planner']}` } });
    const rows = (list.json() as { data: TileListReply }).data.rows.map((x) => x.name);
    expect(rows).toContain('全公司的指标卡');
    expect(rows).not.toContain('经理自己的指标卡');
  });

  it('a personal tile cannot be opened, changed or removed by another user of the company or another company', async () => {
    for (const user of ['maker.planner', 'brand']) {
      expect((await tiles(user).view(ids.personal)).status, user).toBe(404);
      const change = await tiles(user).save({ ...tile('改名', 'company'), id: ids.personal, version: 1 });
      expect(change.status, `${user} ${JSON.stringify(change.body)}`).toBe(404);
      expect((await tiles(user).remove([ids.personal], [1])).status, user).toBe(404);
    }
    const kept = await tiles('maker').view(ids.personal);
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ name: '经理自己的指标卡', scope: 'personal', version: 1 });
    // Another company cannot read the shared tile either.
    expect((await tiles('brand').view(ids.company)).status).toBe(404);
  });

  it('a shared tile is opened and changed by another designer of the company, through the save hook', async () => {
    const read = await tiles('maker.planner').view(ids.company);
    expect(read.status).toBe(200);
    const bad = await tiles('maker.planner').save({ ...tile('全公司的指标卡', 'company'), measure: 'profit', id: ids.company, version: read.body.data.version });
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body.data as unknown as { errors: Record<string, unknown> }).errors)).toContain('measure');
    const ok = await tiles('maker.planner').save({ ...tile('全公司的指标卡（改）', 'company'), chart: 'pie', group_by: ['status'], id: ids.company, version: read.body.data.version });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ name: '全公司的指标卡（改）', chart: 'pie' });
    expect(await namesOf('maker')).toContain('全公司的指标卡（改）');
  });

  it('a personal tile made the company\'s is seen by the company; made personal again, by its creator alone', async () => {
    const read = await tiles('maker').view(ids.personal);
    const shared = await tiles('maker').save({ ...tile('经理自己的指标卡', 'company'), id: ids.personal, version: read.body.data.version });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    expect(await namesOf('maker.planner')).toContain('经理自己的指标卡');
    const back = await tiles('maker').save({ ...tile('经理自己的指标卡', 'personal'), id: ids.personal, version: shared.body.data.version });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(await namesOf('maker.planner')).not.toContain('经理自己的指标卡');
    // The planner's own personal tile is theirs alone: the manager does not see it.
    const own = await tiles('maker.planner').save(tile('计划员的指标卡', 'personal'));
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(await namesOf('maker')).not.toContain('计划员的指标卡');
    expect((await tiles('maker').remove([own.body.data.id], [1])).status).toBe(404);
    expect((await tiles('maker.planner').remove([own.body.data.id], [Number(own.body.data.version)])).body.data.removed).toBe(1);
  });

  it('a colleague without the designer\'s menu entry reads the shared tiles (the menu code\'s grant) but changes none', async () => {
    await sql`delete from user_roles where user_id = (select id from users where username = 'maker.planner')
      and role_id in (select id from roles where code = 'clientadmin' and client_id is null)`.execute(t.app.db);
    tokens['maker.planner'] = await signIn(t.app, 'maker.planner');
    const names = await namesOf('maker.planner');
    expect(names).toContain('全公司的指标卡（改）');
    expect(names).not.toContain('经理自己的指标卡');
    const read = await tiles('maker.planner').view(ids.company);
    expect((await tiles('maker.planner').save({ ...tile('改不了', 'company'), id: ids.company, version: read.body.data.version })).status).toBe(403);
    expect((await tiles('maker.planner').save(tile('新建不了', 'personal'))).status).toBe(403);
    expect((await tiles('maker.planner').remove([ids.company], [Number(read.body.data.version)])).status).toBe(403);
    expect((await tiles('maker').view(ids.company)).body.data).toMatchObject({ name: '全公司的指标卡（改）' });
  });
});
