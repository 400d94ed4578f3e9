import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { resourceClient, type Reply } from '../support/resource-client';

/**
 * Approval flows (issue 14), the parts beyond the purchase order: a requirement order's send gated by
 * the company's PRO_SEND flow, approvers' tasks in the notify-msg to-do list (spec 7 my-task-list,
 * states 10 and 30) completed by the decision or by a decision that leaves the node, the record
 * saying whether its current node allows edits (what the drawer shows read-only), and an inserted
 * approver's task.
 */
let t: TestApp;
const tok: Record<string, string> = {};
const uid: Record<string, number> = {};

type Todo = { id: number; subject: string; status: string; remark: string | null };
type View = { pid: number | null; task_id: number | null; tasks: Array<{ id: number; user_id: number; status: number }> };

const headers = (who: string) => ({ authorization: `Bearer ${tok[who]}`, 'x-lang': 'zh-CN' });
const BUS = '/api/crossapi/ccommonapi/cpm-bus';
const get = async <T>(who: string, url: string, query: Record<string, unknown> = {}) => {
  const r = await t.app.inject({ method: 'GET', url, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers: headers(who) });
  return { status: r.statusCode, body: r.json() as Reply<T> };
};
const post = async <T = Record<string, unknown>>(who: string, url: string, payload: Record<string, unknown>) => {
  const r = await t.app.inject({ method: 'POST', url, payload, headers: headers(who) });
  return { status: r.statusCode, body: r.json() as Reply<T> };
};
const view = async (who: string, entity: string, id: number) => (await get<View>(who, `${BUS}/cpm-view`, { entity, id })).body.data;
const todos = async (who: string, status: '10' | '30') => (await get<{ rows: Todo[] }>(who, '/api/notifyapi/notify-msg/my-task-list', { status })).body.data.rows;
const defs = () => resourceClient(t.app, tok.brand, 'crossapi', 'processdef');
const orders = (who = 'brand') => resourceClient(t.app, tok[who], 'scmapi', 'prorder');

async function newRequirementOrder(): Promise<{ id: number; no: string }> {
  const vendor = (await resourceClient(t.app, tok.brand, 'mdapi', 'vendor').page({ 'f.code.eq': 'VD001' })).body.data.rows[0];
  const saved = await orders().save({ pr_type: 'bulk', category: 'knit-top', currency: 'CNY', maker_vendor_id: vendor.id, entries: [{ style_no: 'ST-WF', style_name: '审批款', colour: '黑色', size: 'M', qty: 30, unit_price: 10, seq: 1 }] });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { id: Number(saved.body.data.id), no: String(saved.body.data.pr_no) };
}

const node = (seq: number, extra: Record<string, unknown>) => ({ seq, name: `节点${seq}`, status_code: `S${seq}`, sign_type: 'or', ...extra });

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['brand', 'brand.buyer', 'brand.finance']) tok[u] = await signIn(t.app, u);
  const users = await sql<{ id: number; username: string }>`select id, username from users where username in ('brand', 'brand.buyer', 'brand.finance')`.execute(t.app.db);
  for (const u of users.rows) uid[u.username] = Number(u.id);
  // PRO_SEND: the purchasing manager (brand) may edit the order at node 1; finance (or-sign with
  // the manager) approves at node 2.
  const saved = await defs().save({
    code: 'PRO_SEND', name: '需求订单发送审批', entity_name: 'prorder', required: true, enabled: true,
    nodes: [
      node(1, { name: '主管确认', launch_action: 'TO_FIN', launch_text: '提交财务', access_type: 'reporting_manager', allow_edit: true }),
      node(2, { name: '财务审批', is_end: true, access_type: 'fixed_positions', position_codes: 'POS-FIN,POS-PUR-MGR' }),
    ],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});
afterAll(async () => t?.close());

describe('a requirement order sent only once its PRO_SEND flow approves it', () => {
  it('refuses the send until approved; approvers get to-do tasks that the decisions complete; the record says where it may be edited', async () => {
    const { id, no } = await newRequirementOrder();
    const early = await orders().action('send', { id });
    expect([early.status, early.body.message]).toEqual([409, '单据须先提交审批并通过后才能执行此操作']);

    const submitted = await post('brand.buyer', `${BUS}/push`, { entity: 'prorder', id, action: 'submit', comment: '请审批发送' });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    // Node 1 allows edits: the record says so (the drawer stays editable) and a save passes.
    let rec = (await orders('brand.buyer').view(id)).body.data;
    expect(rec).toMatchObject({ approval_status: 'running', approval_editable: true });
    const edited = await orders('brand.buyer').save({ id, version: rec.version, remark: '主管节点可改' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await orders().action('send', { id })).body.message).toBe('单据审批中，审批通过后才能执行此操作');

    // The manager's to-do list holds the approval, linked to "my approvals".
    const managerTodo = (await todos('brand', '10')).find((x) => x.subject.includes(no));
    expect(managerTodo, 'the manager has a to-do task for the order').toBeDefined();
    expect(managerTodo!.subject).toBe(`审批：${no}（需求订单发送审批 · 主管确认）`);
    expect(managerTodo!.remark).toContain('我的审批');
    const mv = await view('brand', 'prorder', id);
    expect((await post('brand', `${BUS}/push`, { task_id: mv.task_id, action: 'approve', comment: '同意' })).status).toBe(200);
    expect((await todos('brand', '30')).some((x) => x.id === managerTodo!.id)).toBe(true);
    expect((await todos('brand', '10')).some((x) => x.subject.includes(no) && x.subject.includes('主管确认'))).toBe(false);

    // Node 2 does not allow edits: the record says so, and the writer refuses the save.
    rec = (await orders('brand.buyer').view(id)).body.data;
    expect(rec).toMatchObject({ approval_status: 'running', approval_editable: false });
    const refused = await orders('brand.buyer').save({ id, version: rec.version, remark: '财务节点不可改' });
    expect([refused.status, refused.body.message]).toEqual([409, '单据审批中，当前节点不允许修改']);

    // Or-sign at node 2 (finance and the manager): finance approves, the manager's task is cancelled and its to-do completed too.
    const open2 = (await todos('brand', '10')).find((x) => x.subject.includes(no));
    expect(open2?.subject).toContain('财务审批');
    expect((await todos('brand.finance', '10')).some((x) => x.subject.includes(no))).toBe(true);
    const fv = await view('brand.finance', 'prorder', id);
    expect((await post('brand.finance', `${BUS}/push`, { task_id: fv.task_id, action: 'approve', comment: '可以发送' })).status).toBe(200);
    expect((await todos('brand.finance', '10')).some((x) => x.subject.includes(no))).toBe(false);
    expect((await todos('brand', '10')).some((x) => x.subject.includes(no))).toBe(false);
    expect((await todos('brand', '30')).some((x) => x.id === open2!.id)).toBe(true);

    const sent = await orders().action('send', { id });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(['sent', 'manual']).toContain(sent.body.data.rows[0].status);
    expect(sent.body.data.rows[0].approval_status).toBe('approved');
  });

  it('a change to an approved order voids its approval (its send waits for a new one); a save that changes nothing keeps it', async () => {
    const { id } = await newRequirementOrder();
    expect((await post('brand.buyer', `${BUS}/push`, { entity: 'prorder', id, action: 'submit', comment: '请审批' })).status).toBe(200);
    expect((await post('brand', `${BUS}/push`, { task_id: (await view('brand', 'prorder', id)).task_id, action: 'approve', comment: '同意' })).status).toBe(200);
    expect((await post('brand.finance', `${BUS}/push`, { task_id: (await view('brand.finance', 'prorder', id)).task_id, action: 'approve', comment: '同意' })).status).toBe(200);
    let rec = (await orders('brand.buyer').view(id)).body.data as Record<string, unknown> & { version: number; entries: Array<Record<string, unknown>> };
    expect(rec.approval_status).toBe('approved');
    // The same document saved again, lines included: still approved.
    const same = await orders('brand.buyer').save({ id, version: rec.version, remark: rec.remark ?? null, entries: rec.entries });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.data.approval_status).toBe('approved');
    // A changed quantity on a line: the approval is void, the send refused until approved again.
    rec = same.body.data as typeof rec;
    const changed = await orders('brand.buyer').save({ id, version: rec.version, entries: rec.entries.map((e) => ({ ...e, qty: 45 })) });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.approval_status).toBeNull();
    const refused = await orders().action('send', { id });
    expect([refused.status, refused.body.message]).toEqual([409, '单据须先提交审批并通过后才能执行此操作']);
    const history = (await orders('brand').history(id)).body.data as unknown as { rows: Array<{ action: string }> };
    expect(history.rows.map((r) => r.action)).toContain('wf_reset');
    expect((await post('brand.buyer', `${BUS}/push`, { entity: 'prorder', id, action: 'submit', comment: '数量已改，请重新审批' })).status).toBe(200);
  });

  it('an inserted approver gets a to-do task too, and a rejection completes every open one', async () => {
    const { id, no } = await newRequirementOrder();
    expect((await post('brand.buyer', `${BUS}/push`, { entity: 'prorder', id, action: 'submit', comment: '请审批' })).status).toBe(200);
    const mv = await view('brand', 'prorder', id);
    // The to-do task is written in the approver's own language.
    await sql`update users set language = 'en' where id = ${uid['brand.finance']}`.execute(t.app.db);
    const inserted = await post('brand', '/api/crossapi/superdesignapi/cpm-process/insert-user-into-node', { task_id: mv.task_id, user_id: uid['brand.finance'], comment: '请财务一起看' });
    await sql`update users set language = 'zh-CN' where id = ${uid['brand.finance']}`.execute(t.app.db);
    expect(inserted.status, JSON.stringify(inserted.body)).toBe(200);
    const financeTodo = (await todos('brand.finance', '10')).find((x) => x.subject.includes(no));
    expect(financeTodo?.subject).toBe(`Approve: ${no} (需求订单发送审批 · 主管确认)`);
    expect((await post('brand', `${BUS}/push`, { task_id: mv.task_id, action: 'reject', comment: '数量不对' })).status).toBe(200);
    expect((await todos('brand.finance', '10')).some((x) => x.subject.includes(no))).toBe(false);
    expect((await todos('brand.finance', '30')).some((x) => x.id === financeTodo!.id)).toBe(true);
    expect((await orders().view(id)).body.data.approval_status).toBe('rejected');
  });
});
