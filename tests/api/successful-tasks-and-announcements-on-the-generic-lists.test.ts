import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { resourceClient, tokenFor } from '../support/resource-client';

/**
 * Issue 30: the centre's tasks are the engine's list of the personal entity `task`: each user lists,
 * saves, completes, reopens and removes only their own (a colleague's task is not found, another
 * company's never seen), the owner is the creator, completing stamps the time and reopening clears
 * it, each through the writer (a version, an audit row under the action's name).
 */
let t: TestApp;
const tok: Record<string, string> = {};
const tasks = (who: string) => resourceClient(t.app, tok[who], 'notifyapi', 'task');

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['brand', 'brand.buyer', 'maker.planner']) tok[u] = await tokenFor(t.database.db, t.config, u);
});
afterAll(async () => t?.close());

describe("the centre's tasks on the engine", () => {
  it('are each user\'s own, completed and reopened through the writer', async () => {
    const made = await tasks('brand.buyer').save({ subject: '核对十二月面料到货', due_date: '2026-12-20', priority: 'high' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = Number(made.body.data.id);
    const row = (await sql<{ user_id: number; created_by: number; status: string }>`select user_id::int as user_id, created_by::int as created_by, status from notify_task where id = ${id}`.execute(t.app.db)).rows[0];
    expect(row.user_id).toBe(row.created_by);
    expect(row.status).toBe('10');

    // Only the owner sees it: a colleague of the same company and another company do not.
    const mine = await tasks('brand.buyer').page({ size: 500 });
    expect(mine.body.data.rows.map((r) => Number(r.id))).toContain(id);
    expect(mine.body.data.rows.every((r) => r.status === '10' || r.status === '30')).toBe(true);
    for (const other of ['brand', 'maker.planner']) {
      expect((await tasks(other).page({ size: 500 })).body.data.rows.map((r) => Number(r.id))).not.toContain(id);
      expect((await tasks(other).save({ id, version: 1, subject: 'taken' })).status).toBe(404);
      expect((await tasks(other).action('complete', { ids: [id], version: 1 })).status).toBe(404);
    }

    const done = await tasks('brand.buyer').action('complete', { ids: [id], version: 1 });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const after = (await tasks('brand.buyer').view(id)).body.data;
    expect(after).toMatchObject({ status: '30', version: 2 });
    expect(after.completed_at).toBeTruthy();
    // A stale copy is refused; reopening clears the completion time.
    expect((await tasks('brand.buyer').action('reopen', { ids: [id], version: 1 })).status).toBe(409);
    expect((await tasks('brand.buyer').action('reopen', { ids: [id], version: 2 })).status).toBe(200);
    expect((await tasks('brand.buyer').view(id)).body.data).toMatchObject({ status: '10', completed_at: null, version: 3 });
    const audit = (await sql<{ action: string }>`select action from audit_log where entity = 'task' and record_id = ${id} order by id`.execute(t.app.db)).rows.map((r) => r.action);
    expect(audit).toEqual(['create', 'complete', 'reopen']);

    // The spec's notify-msg calls read the same rows.
    const listed = await t.app.inject({ method: 'GET', url: '/api/notifyapi/notify-msg/my-task-list?status=10', headers: { authorization: `Bearer ${tok['brand.buyer']}` } });
    expect((listed.json() as { data: { rows: { id: number }[] } }).data.rows.map((r) => r.id)).toContain(id);

    expect((await tasks('brand').remove([id], [3])).status).not.toBe(200);
    expect((await tasks('brand.buyer').remove([id], [3])).status).toBe(200);
    expect((await sql`select 1 from notify_task where id = ${id}`.execute(t.app.db)).rows).toHaveLength(0);
  });
});
