import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceClient, tokenFor } from '../support/resource-client';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Personal notes (issue 35, spec 2 "notes"): an entity of the engine whose rows are their writer's
 * own. The generic resource API lists, opens, changes, removes and exports only the caller's notes
 * within the caller's company: a colleague (even the company's administrator) and another company
 * see none of them.
 */
let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['brand', 'brand.buyer', 'maker']) tokens[u] = await tokenFor(t.app.db, t.config, u);
}, 180_000);
afterAll(async () => t?.close());

const notes = (who: string, lang: 'zh-CN' | 'en' = 'zh-CN') => resourceClient(t.app, tokens[who], 'notifyapi', 'note', lang);

describe('notes are their writer\'s own', () => {
  let mine = 0;

  it('the writer saves notes and lists them, newest first, the pinned ones in their own tab', async () => {
    const a = await notes('brand.buyer').save({ title: '  周五前确认面料色卡  ', content: '找华纺要第二版色卡', colour: 'blue', pinned: true });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.data).toMatchObject({ title: '周五前确认面料色卡', colour: 'blue', pinned: true });
    mine = Number(a.body.data.id);
    const b = await notes('brand.buyer').save({ title: '电话要点' });
    expect(b.status).toBe(200);
    expect(b.body.data).toMatchObject({ colour: 'yellow', pinned: false });
    const page = await notes('brand.buyer').page();
    expect(page.status).toBe(200);
    expect(page.body.data.rows.map((r) => r.title)).toEqual(['电话要点', '周五前确认面料色卡']);
    // The pinned tab's filter, and the page's quick search over the text as well as the title.
    const pinned = await notes('brand.buyer').page({ 'f.pinned.eq': 'true' });
    expect(pinned.body.data.rows.map((r) => Number(r.id))).toEqual([mine]);
    const searched = await notes('brand.buyer').page({ q: '第二版', opt: 'note' });
    expect(searched.body.data.rows.map((r) => Number(r.id))).toEqual([mine]);
  });

  it('a colleague, the company\'s administrator and another company see none of them', async () => {
    // The administrator has no note yet: an export finds nothing to export (the buyer's are not theirs).
    const exported = await t.app.inject({ method: 'GET', url: '/api/notifyapi/note/export', headers: { authorization: `Bearer ${tokens.brand}` } });
    expect(exported.statusCode).toBe(400);
    expect(exported.json().message).toBe('没有可导出的数据');
    const own = await notes('brand').save({ title: '管理员自己的便签' });
    expect(own.status).toBe(200);
    const admin = await notes('brand').page();
    expect(admin.body.data.rows.map((r) => r.title)).toEqual(['管理员自己的便签']);
    expect((await notes('brand').view(mine)).status).toBe(404);
    expect((await notes('brand').history(mine)).status).toBe(404);
    const changed = await notes('brand').save({ id: mine, version: 1, title: '改掉' });
    expect(changed.status).toBe(404);
    await notes('brand').remove([mine], [1]);
    expect((await notes('maker').page()).body.data.rows).toEqual([]);
    expect((await notes('maker').view(mine)).status).toBe(404);
    // Still there, unchanged, for its writer.
    const view = await notes('brand.buyer').view(mine);
    expect(view.status).toBe(200);
    expect(view.body.data.title).toBe('周五前确认面料色卡');
  });

  it('the writer edits and removes their note; a title is required', async () => {
    const refused = await notes('brand.buyer').save({ title: '' });
    expect(refused.status).toBe(400);
    expect(Object.keys((refused.body.data as { errors: Record<string, unknown> }).errors)).toContain('title');
    const en = await notes('brand.buyer', 'en').save({ title: 'x'.repeat(101) });
    expect(en.status).toBe(400);
    const view = (await notes('brand.buyer').view(mine)).body.data;
    const saved = await notes('brand.buyer').save({ id: mine, version: view.version, title: '色卡已确认', pinned: false });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ title: '色卡已确认', pinned: false });
    const removed = await notes('brand.buyer').remove([mine]);
    expect(removed.status).toBe(200);
    expect((await notes('brand.buyer').view(mine)).status).toBe(404);
  });
});
