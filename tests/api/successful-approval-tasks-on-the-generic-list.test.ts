import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import type { Reply } from '../support/resource-client';

/**
 * 我的审批 on the engine (issue 30): the caller's approval tasks are the view entity `wftask`, read
 * through the generic list and view (`/api/crossapi/wftask/page|view`) over the demo brand's
 * PO_APPROVAL flows (two orders waiting at the purchasing manager, one at finance, one approved, one
 * rejected). The rows are the same tasks the process bus's my-tasks gives, with the document, kind,
 * process, node and initiator; a decision moves a task from the waiting tab to the decided one; a
 * task is its approver's alone (another user's or another company's is a 404); the flow a task's
 * drawer reads (cpm-view) carries the document's key figures and lines.
 */
let t: TestApp;
const tok: Record<string, string> = {};

type Task = { id: number; doc_no: string; kind: string; process_name: string; node_name: string; initiator_name: string; status: string; decision: string | null; decided_at: string | null; record_entity: string; record_id: number };
type Page = { rows: Task[]; total?: number; tabs?: Record<string, number> };

const BUS = '/api/crossapi/ccommonapi/cpm-bus';
const get = async <T>(who: string, url: string, query: Record<string, string | number> = {}) => {
  const r = await t.app.inject({ method: 'GET', url, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers: { authorization: `Bearer ${tok[who]}`, 'x-lang': 'zh-CN' } });
  return { status: r.statusCode, body: r.json() as Reply<T> };
};
const tasks = async (who: string, tab: '10' | '30') => (await get<Page>(who, '/api/crossapi/wftask/page', { tab, tabs: 1, size: 100 })).body.data;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['brand', 'brand.buyer', 'brand.finance', 'maker']) tok[u] = await signIn(t.app, u);
});
afterAll(async () => t?.close());

describe('my approval tasks through the generic list and view', () => {
  it('lists the caller own tasks as my-tasks does, with document, kind, process, node and initiator, and tab counts', async () => {
    const waiting = await tasks('brand', '10');
    const bus = (await get<{ rows: Array<{ task_id: number; doc_no: string }> }>('brand', `${BUS}/my-tasks`, { status: 10, page: 1, size: 100 })).body.data.rows;
    expect(waiting.rows.map((r) => r.id).sort()).toEqual(bus.map((r) => r.task_id).sort());
    expect(waiting.rows.length).toBeGreaterThanOrEqual(2);
    for (const r of waiting.rows) {
      expect(r).toMatchObject({ kind: 'purorder', record_entity: 'purorder', process_name: '采购订单审批', node_name: '采购主管审批', initiator_name: '李采购', status: '10', decision: null });
      expect(r.doc_no).toBe(bus.find((b) => b.task_id === r.id)!.doc_no);
    }
    expect(waiting.tabs?.['10']).toBe(waiting.rows.length);
    // Finance waits on its own task at the second node; the initiator decides nothing.
    const finance = await tasks('brand.finance', '10');
    expect(finance.rows.map((r) => r.node_name)).toContain('财务审核');
    expect((await tasks('brand.buyer', '10')).rows).toEqual([]);
  });

  it('a decision moves the task to the decided tab, with its decision and time', async () => {
    const before = await tasks('brand', '10');
    const task = before.rows[0];
    const pushed = await t.app.inject({ method: 'POST', url: `${BUS}/push`, payload: { task_id: task.id, action: 'approve', comment: '同意' }, headers: { authorization: `Bearer ${tok.brand}` } });
    expect(pushed.statusCode, pushed.body).toBe(200);
    expect((await tasks('brand', '10')).rows.map((r) => r.id)).not.toContain(task.id);
    const decided = (await tasks('brand', '30')).rows.find((r) => r.id === task.id);
    expect(decided).toMatchObject({ doc_no: task.doc_no, status: '30', decision: 'approve' });
    expect(decided!.decided_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const one = await get<Task>('brand', '/api/crossapi/wftask/view', { id: task.id });
    expect(one.body.data).toMatchObject({ id: task.id, status: '30', comment: '同意' });
  });

  it('a task is its approver alone: another user or company reads a 404, and the drawer flow carries the document summary', async () => {
    const task = (await tasks('brand', '10')).rows[0];
    for (const who of ['brand.buyer', 'brand.finance', 'maker']) expect((await get(who, '/api/crossapi/wftask/view', { id: task.id })).status, who).toBe(404);
    expect((await tasks('maker', '10')).rows).toEqual([]);
    const flow = (await get<{ summary: { fields: Array<{ key: string; text: string }>; lines: { rows: unknown[] } | null } }>('brand', `${BUS}/cpm-view`, { entity: task.record_entity, id: task.record_id })).body.data;
    expect(flow.summary.fields.map((f) => f.key)).toEqual(['vendor_id', 'total_amount', 'currency', 'delivery_date', 'total_qty']);
    expect(flow.summary.lines?.rows.length).toBeGreaterThan(0);
  });
});
