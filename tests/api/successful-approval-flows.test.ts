import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { resourceClient, type Reply } from '../support/resource-client';

/**
 * Approval flows (issue 14) on the demo brand: process definitions and their rules (spec 5), the
 * purchase order submitted into PO_APPROVAL (node 1 the buyer's reporting manager `brand`, node 2
 * the finance position `brand.finance`), every decision of the bus (approve, reject, the three
 * returns, insert a user), the writer refusing edits and the gated send while in a flow, each node
 * access type of spec 6, and-sign versus or-sign, concurrent decisions (exactly one counts), and
 * another company seeing and deciding nothing.
 */
let t: TestApp;
const tok: Record<string, string> = {};
const uid: Record<string, number> = {};
let vendor = 0;
let material = 0;

type View = {
  pid: number | null; doc_no: string | null; status: string | null; node_seq: number | null; approval_status: string | null; task_id: number | null;
  actions: Array<{ action: string; text?: string | null }>;
  tasks: Array<{ id: number; node_seq: number; round: number; user_id: number; status: number; decision: string | null }>;
  history: Array<{ action: string; user_name: string; comment: string | null; node_seq: number | null; created_at: string }>;
  definition: { nodes: Array<{ seq: number; name: string }> };
};

const headers = (who: string, lang = 'zh-CN') => ({ authorization: `Bearer ${tok[who]}`, 'x-lang': lang });
const BUS = '/api/crossapi/ccommonapi/cpm-bus';
const get = async <T>(who: string, path: string, query: Record<string, unknown> = {}) => {
  const r = await t.app.inject({ method: 'GET', url: `${BUS}/${path}`, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers: headers(who) });
  return { status: r.statusCode, body: r.json() as Reply<T> };
};
const post = async <T = Record<string, unknown>>(who: string, url: string, payload: Record<string, unknown>, lang = 'zh-CN') => {
  const r = await t.app.inject({ method: 'POST', url, payload, headers: headers(who, lang) });
  return { status: r.statusCode, body: r.json() as Reply<T> };
};
const push = (who: string, payload: Record<string, unknown>, lang?: string) => post(who, `${BUS}/push`, payload, lang);
const view = async (who: string, id: number) => {
  const r = await get<View>(who, 'cpm-view', { entity: 'purorder', id });
  expect(r.status).toBe(200);
  return r.body.data;
};
const po = (who: string) => resourceClient(t.app, tok[who], 'srmapi', 'purorder');
const defs = (who: string, lang: 'zh-CN' | 'en' = 'zh-CN') => resourceClient(t.app, tok[who], 'crossapi', 'processdef', lang);

async function newOrder(): Promise<number> {
  const r = await po('brand.buyer').save({ order_kind: 'material', vendor_id: vendor, currency: 'CNY', lines: [{ material_id: material, unit: 'KG', qty: 10, unit_price: 5, seq: 1 }] });
  expect(r.status).toBe(200);
  return Number(r.body.data.id);
}

async function submit(id: number) {
  const r = await push('brand.buyer', { entity: 'purorder', id, action: 'submit', comment: '请审批' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return view('brand.buyer', id);
}

/** The open task of a user on a record's flow. */
async function taskOf(who: string, id: number): Promise<number> {
  const v = await view(who, id);
  expect(v.task_id, `${who} has no open task`).not.toBeNull();
  return v.task_id!;
}

const openApprovers = (v: View) => v.tasks.filter((x) => x.status === 10).map((x) => x.user_id).sort((a, b) => a - b);
const sorted = (...names: string[]) => names.map((n) => uid[n]).sort((a, b) => a - b);

/** Changes node 1 of the brand's PO_APPROVAL (an administrator's save of the definition). */
async function setFirstNode(patch: Record<string, unknown>): Promise<void> {
  const d = defs('brand');
  const id = Number((await d.page({ 'f.code.eq': 'PO_APPROVAL' })).body.data.rows[0].id);
  const doc = (await d.view(id)).body.data as { version: number; nodes: Array<Record<string, unknown>>; steps: unknown[] };
  const nodes = doc.nodes.map((n) => (Number(n.seq) === 1 ? { ...n, position_codes: null, role_codes: null, ...patch } : n));
  const r = await d.save({ id, version: doc.version, nodes });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['brand', 'brand.buyer', 'brand.finance', 'maker']) tok[u] = await signIn(t.app, u);
  const users = await sql<{ id: number; username: string }>`select id, username from users where username in ('brand', 'brand.buyer', 'brand.finance', 'maker')`.execute(t.app.db);
  for (const u of users.rows) uid[u.username] = Number(u.id);
  vendor = Number((await resourceClient(t.app, tok.brand, 'mdapi', 'vendor').page({ 'f.code.eq': 'VD001' })).body.data.rows[0].id);
  material = Number((await resourceClient(t.app, tok.brand, 'mdapi', 'material').page({ 'f.code.eq': 'MD0001' })).body.data.rows[0].id);
});
afterAll(async () => t?.close());

describe('process definitions (spec 5 rules)', () => {
  it('the demo brand has PO_APPROVAL with its two nodes and orders waiting, approved and rejected', async () => {
    const row = (await defs('brand').page({ 'f.code.eq': 'PO_APPROVAL' })).body.data.rows[0];
    const doc = (await defs('brand').view(row.id)).body.data as { nodes: Array<{ name: string; access_type: string }> };
    expect(doc.nodes.map((n) => [n.name, n.access_type])).toEqual([['采购主管审批', 'reporting_manager'], ['财务审核', 'fixed_positions']]);
    const mine = await get<{ rows: Array<{ doc_no: string; node_name: string; entity_label: string }>; total: number }>('brand', 'my-tasks', { status: 10 });
    expect(mine.body.data.total).toBeGreaterThanOrEqual(2);
    expect(mine.body.data.rows[0]).toMatchObject({ node_name: '采购主管审批', entity_label: '采购订单' });
    expect((await get<{ total: number }>('brand.finance', 'my-tasks', { status: 10 })).body.data.total).toBeGreaterThanOrEqual(1);
    for (const s of ['running', 'approved', 'rejected']) expect((await po('brand').page({ 'f.approval_status.eq': s })).body.data.total, s).toBeGreaterThan(0);
  });

  it('refuses nodes missing, a last node without an end, launch actions without text, repeats and steps to missing nodes, with their messages', async () => {
    const d = defs('brand');
    const none = await d.save({ code: 'T_NONE', name: '无节点', nodes: [], steps: [{ step_code: 'A', from_seq: 1 }] });
    expect(none.status).toBe(400);
    expect((none.body.data as { errors: Record<string, string> }).errors.nodes).toBe('请先创建节点');
    const node = (seq: number, extra: Record<string, unknown> = {}) => ({ seq, name: `节点${seq}`, status_code: `S${seq}`, launch_action: `GO${seq}`, launch_text: `提交${seq}`, access_type: 'initiator', sign_type: 'or', ...extra });
    const bad = await d.save({
      code: 'T_BAD', name: '错误流程',
      nodes: [node(1, { launch_text: '' }), node(1, { status_code: 'S1', launch_action: 'GO1' }), node(2, { launch_action: 'GO1' }), node(3, { is_end: false, access_type: 'fixed_positions', position_codes: 'NO-SUCH' })],
      steps: [{ step_code: 'A', from_seq: 1, to_seq: 2 }, { step_code: 'A', from_seq: 2, to_seq: 9 }],
    });
    expect(bad.status).toBe(400);
    expect((bad.body.data as { errors: Record<string, string> }).errors).toEqual({
      'nodes[0].launch_text': '非最后节点必须填写发起动作文本',
      'nodes[1].seq': '节点序号不能重复',
      'nodes[1].status_code': '状态码不能重复',
      'nodes[1].launch_action': '发起动作不能重复',
      'nodes[2].launch_action': '发起动作不能重复',
      'nodes[3].is_end': '最后一个节点必须定义结束',
      'nodes[3].position_codes': '岗位编码 NO-SUCH 不存在',
      'steps[1].step_code': '步骤编码不能重复',
      'steps[1].to_seq': '步骤引用的节点不存在，请先创建节点',
    });
    const en = await defs('brand', 'en').save({ code: 'T_EN', name: 'x', nodes: [node(1), node(2, { access_type: 'roles' })] });
    expect((en.body.data as { errors: Record<string, string> }).errors).toEqual({ 'nodes[1].is_end': 'The last node must define an end', 'nodes[1].role_codes': 'This access type needs role codes' });
    expect((await sql<{ n: number }>`select count(*)::int as n from wf_process_def where code like 'T\\_%'`.execute(t.app.db)).rows[0].n).toBe(0);
  });

  it('copies a process only under a new, unique, non-empty code', async () => {
    const d = defs('brand');
    const id = Number((await d.page({ 'f.code.eq': 'PO_APPROVAL' })).body.data.rows[0].id);
    const empty = await d.action('copy', { id, code: '  ' });
    expect(empty.status).toBe(400);
    expect((empty.body.data as unknown as { errors: Record<string, string> }).errors.code).toBe('复制流程需要填写新的流程编码');
    const taken = await d.action('copy', { id, code: 'po_approval' });
    expect((taken.body.data as unknown as { errors: Record<string, string> }).errors.code).toBe('流程编码已存在，请填写新的编码');
    const ok = await d.action('copy', { id, code: 'PO_APPROVAL_B' });
    expect(ok.status).toBe(200);
    const copy = (await d.page({ 'f.code.eq': 'PO_APPROVAL_B' })).body.data.rows[0];
    const doc = (await d.view(copy.id)).body.data as { nodes: unknown[]; steps: unknown[]; name: string };
    expect([doc.nodes.length, doc.steps.length, doc.name]).toEqual([2, 2, '采购订单审批']);
    // A common user cannot design processes.
    expect((await defs('brand.buyer').save({ code: 'X1', name: 'x', nodes: [] })).status).toBe(403);
  });
});

describe('a purchase order through PO_APPROVAL', () => {
  it('submits; the record is read-only and its sending waits; the manager then finance decide, with every return path; then it is sent', async () => {
    const id = await newOrder();
    // Before a submission the only action offered is submitting.
    expect((await get<{ actions: Array<{ action: string }> }>('brand.buyer', 'cpm-node-actions', { entity: 'purorder', id })).body.data.actions.map((a) => a.action)).toEqual(['submit']);
    let v = await submit(id);
    expect([v.status, v.node_seq, v.approval_status]).toEqual(['running', 1, 'running']);
    expect(openApprovers(v)).toEqual([uid.brand]);
    expect((await push('brand.buyer', { entity: 'purorder', id, action: 'submit' })).body.message).toBe('单据已在审批中');

    // The writer refuses edits, removal and the gated send while the flow holds the order.
    const rec = (await po('brand.buyer').view(id)).body.data;
    const edit = await po('brand.buyer').save({ id, version: rec.version, remark: '改一下' });
    expect([edit.status, edit.body.message]).toEqual([409, '单据审批中，当前节点不允许修改']);
    expect((await po('brand.buyer').remove([id])).status).toBe(409);
    const early = await po('brand.buyer').action('send', { id });
    expect([early.status, early.body.message]).toEqual([409, '单据审批中，审批通过后才能执行此操作']);

    // Only the task's holder decides; the buyer has no task and the finance user none yet.
    const mgrTask = await taskOf('brand', id);
    expect((await push('brand.finance', { task_id: mgrTask, action: 'approve' })).status).toBe(403);
    const first = await view('brand', id);
    expect(first.actions.map((a) => a.action)).toEqual(['approve', 'reject', 'insert_user']);
    expect(first.actions[0].text).toBe('提交财务审核');
    // cpm-node-actions answers what the drawer's buttons need, the same actions as cpm-view's.
    const nodeActions = (await get<{ entity: string; record_id: number; doc_no: string | null; task_id: number | null; actions: unknown[] }>('brand', 'cpm-node-actions', { entity: 'purorder', id })).body.data;
    expect(nodeActions).toMatchObject({ entity: 'purorder', record_id: id, doc_no: first.doc_no, task_id: mgrTask, actions: first.actions });
    expect((await push('brand', { task_id: mgrTask, action: 'return_node', comment: '退回' })).body.message).toBe('当前已是第一个节点，无法退回上一节点');
    expect((await push('brand', { task_id: mgrTask, action: 'return_approver', comment: '退回' })).body.message).toBe('没有上一审批人可退回');
    // At the first node nothing is offered to return to, and the bus refuses the return to the first node too
    // (the push and rollback-node alike), with the approval flow's own code, in both languages.
    expect((await get<{ rows: unknown[] }>('brand', 'cpm-allowed-rollback-nodes', { entity: 'purorder', id })).body.data.rows).toEqual([]);
    const firstAgain = await push('brand', { task_id: mgrTask, action: 'return_first', comment: '退回' });
    expect([firstAgain.status, firstAgain.body.code, firstAgain.body.message]).toEqual([409, 11004, '当前已是第一个节点，无法退回第一节点']);
    const rolled = await post('brand', `${BUS}/rollback-node`, { task_id: mgrTask, target: 'return_first', comment: 'back' }, 'en');
    expect([rolled.status, rolled.body.code, rolled.body.message]).toEqual([409, 11004, 'This is already the first node; there is no first node to return to']);
    expect((await view('brand', id)).tasks.filter((x) => x.status === 10).map((x) => x.user_id)).toEqual([uid.brand]);
    expect((await push('brand', { task_id: mgrTask, action: 'reject' })).body.data).toMatchObject({ errors: { comment: '驳回或退回需要填写意见' } });
    expect((await push('brand', { task_id: mgrTask, action: 'approve', comment: '同意' })).status).toBe(200);
    expect((await push('brand', { task_id: mgrTask, action: 'approve' })).body.message).toBe('该审批任务已被处理，请刷新后重试');
    v = await view('brand.finance', id);
    expect([v.node_seq, openApprovers(v)]).toEqual([2, [uid['brand.finance']]]);
    const rollback = await get<{ rows: Array<{ target: string; seq: number; user_name?: string }> }>('brand.finance', 'cpm-allowed-rollback-nodes', { entity: 'purorder', id });
    expect(rollback.body.data.rows.map((r) => [r.target, r.seq])).toEqual([['return_approver', 1], ['return_node', 1], ['return_first', 1]]);
    expect(rollback.body.data.rows[0].user_name).toBe('品牌管理员');

    // Finance returns to the previous approver: only the manager gets the order back.
    expect((await post('brand.finance', `${BUS}/rollback-node`, { task_id: v.task_id, target: 'return_approver', comment: '请主管再确认' })).status).toBe(200);
    v = await view('brand', id);
    expect([v.node_seq, openApprovers(v)]).toEqual([1, [uid.brand]]);
    await push('brand', { task_id: v.task_id, action: 'approve', comment: '已确认' });
    // Returns to the previous node and to the first node.
    await push('brand.finance', { task_id: await taskOf('brand.finance', id), action: 'return_node', comment: '退回上一节点' });
    expect((await view('brand', id)).node_seq).toBe(1);
    await push('brand', { task_id: await taskOf('brand', id), action: 'approve', comment: '同意' });
    await push('brand.finance', { task_id: await taskOf('brand.finance', id), action: 'return_first', comment: '从头再审' });
    expect((await view('brand', id)).node_seq).toBe(1);
    await push('brand', { task_id: await taskOf('brand', id), action: 'approve', comment: '同意' });
    expect((await push('brand.finance', { task_id: await taskOf('brand.finance', id), action: 'approve', comment: '财务通过' })).status).toBe(200);

    v = await view('brand.buyer', id);
    expect([v.status, v.approval_status, v.node_seq, v.task_id]).toEqual(['approved', 'approved', null, null]);
    expect(v.history.map((h) => [h.action, h.user_name, h.comment])).toEqual([
      ['submit', '李采购', '请审批'],
      ['approve', '品牌管理员', '同意'],
      ['return_approver', '张会计', '请主管再确认'],
      ['approve', '品牌管理员', '已确认'],
      ['return_node', '张会计', '退回上一节点'],
      ['approve', '品牌管理员', '同意'],
      ['return_first', '张会计', '从头再审'],
      ['approve', '品牌管理员', '同意'],
      ['approve', '张会计', '财务通过'],
      ['end', '张会计', null],
    ]);
    expect(v.history.every((h) => /^\d{4}-\d{2}-\d{2}/.test(h.created_at))).toBe(true);
    // The record's own history shows the submission and the approval.
    const audit = (await po('brand.buyer').history(id)).body.data.rows.map((r) => r.action);
    expect(audit).toEqual(expect.arrayContaining(['wf_submit', 'wf_approved']));
    // The buyer is told; the approvers were told when the order waited for them.
    const notices = await sql<{ title: string }>`select title from notify_notice where user_id = ${uid['brand.buyer']} and title like '审批通过%'`.execute(t.app.db);
    expect(notices.rows.length).toBeGreaterThan(0);
    // Approved: sending passes the flow's guard and goes to the supplier.
    const sent = await po('brand.buyer').action('send', { id });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.rows[0].status).toBe('sent');
  });

  it('a rejection ends the flow, the buyer edits and submits again; the gated send says why', async () => {
    const id = await newOrder();
    await submit(id);
    expect((await push('brand', { task_id: await taskOf('brand', id), action: 'reject', comment: '数量不对' })).status).toBe(200);
    const v = await view('brand.buyer', id);
    expect([v.status, v.approval_status]).toEqual(['rejected', 'rejected']);
    const send = await po('brand.buyer').action('send', { id }, );
    expect(send.body.message).toBe('单据审批被驳回，请修改后重新提交审批');
    const rec = (await po('brand.buyer').view(id)).body.data;
    expect((await po('brand.buyer').save({ id, version: rec.version, remark: '已核减数量' })).status).toBe(200);
    const again = await submit(id);
    expect([again.status, again.node_seq]).toEqual(['running', 1]);
    expect(again.pid).not.toBe(v.pid);
  });

  it('a node that allows edits lets the document be saved while it waits there', async () => {
    await setFirstNode({ access_type: 'reporting_manager', allow_edit: true });
    const id = await newOrder();
    await submit(id);
    const rec = (await po('brand.buyer').view(id)).body.data;
    expect((await po('brand.buyer').save({ id, version: rec.version, remark: '主管节点可改' })).status).toBe(200);
    await setFirstNode({ access_type: 'reporting_manager', allow_edit: false });
  });

  it('a current approver inserts a user into the node', async () => {
    const id = await newOrder();
    await submit(id);
    const mgrTask = await taskOf('brand', id);
    const r = await post('brand', '/api/crossapi/superdesignapi/cpm-process/insert-user-into-node', { task_id: mgrTask, user_id: uid['brand.finance'], comment: '请财务一起看' });
    expect(r.status).toBe(200);
    expect((await post('brand', '/api/crossapi/superdesignapi/cpm-process/insert-user-into-node', { task_id: mgrTask, user_id: uid['brand.finance'] })).body.message).toBe('该用户已是本节点的审批人');
    expect((await post('brand', '/api/crossapi/superdesignapi/cpm-process/insert-user-into-node', { task_id: mgrTask, user_id: uid.maker })).status).toBe(400);
    let v = await view('brand', id);
    expect(openApprovers(v)).toEqual(sorted('brand', 'brand.finance'));
    // Or-sign: the inserted user's approval moves the node on; the manager's task closes.
    await push('brand.finance', { task_id: await taskOf('brand.finance', id), action: 'approve', comment: '同意' });
    v = await view('brand', id);
    expect(v.node_seq).toBe(2);
    expect((await push('brand', { task_id: mgrTask, action: 'approve' })).status).toBe(409);
  });
});

describe('node access types (spec 6), and-sign and or-sign', () => {
  afterAll(async () => setFirstNode({ access_type: 'reporting_manager', sign_type: 'or' }));

  const cases: Array<[string, Record<string, unknown>, string[]]> = [
    ['initiator', {}, ['brand.buyer']],
    ['positions', { position_codes: 'POS-BUYER, POS-FIN' }, ['brand.finance']],
    ['initiator_positions', { position_codes: 'POS-FIN' }, ['brand.buyer', 'brand.finance']],
    ['roles', { role_codes: 'clientadmin' }, ['brand']],
    ['initiator_roles', { role_codes: 'clientadmin' }, ['brand', 'brand.buyer']],
    ['fixed_positions', { position_codes: 'POS-BUYER,POS-FIN' }, ['brand.buyer', 'brand.finance']],
    ['reporting_manager', {}, ['brand']],
  ];
  for (const [type, extra, who] of cases) {
    it(`${type}: ${who.join(', ')}`, async () => {
      await setFirstNode({ access_type: type, sign_type: 'or', ...extra });
      const v = await submit(await newOrder());
      expect(openApprovers(v)).toEqual(sorted(...who));
    });
  }

  it('a node without anyone to approve refuses the submission and changes nothing', async () => {
    await setFirstNode({ access_type: 'roles', role_codes: 'linemanager' });
    const id = await newOrder();
    const r = await push('brand.buyer', { entity: 'purorder', id, action: 'submit' });
    expect([r.status, r.body.message]).toEqual([409, '节点“采购主管审批”找不到审批人，请检查岗位、角色或组织的主管设置']);
    expect((await po('brand.buyer').view(id)).body.data.approval_status).toBeNull();
    expect((await sql`select 1 from wf_instance where entity = 'purorder' and record_id = ${id}`.execute(t.app.db)).rows.length).toBe(0);
  });

  it('and-sign waits for every approver; or-sign takes the first and closes the others', async () => {
    await setFirstNode({ access_type: 'fixed_positions', position_codes: 'POS-PUR-MGR,POS-FIN', sign_type: 'and' });
    const andId = await newOrder();
    await submit(andId);
    await push('brand', { task_id: await taskOf('brand', andId), action: 'approve', comment: '同意' });
    expect((await view('brand', andId)).node_seq).toBe(1);
    await push('brand.finance', { task_id: await taskOf('brand.finance', andId), action: 'approve', comment: '同意' });
    expect((await view('brand', andId)).node_seq).toBe(2);

    await setFirstNode({ access_type: 'fixed_positions', position_codes: 'POS-PUR-MGR,POS-FIN', sign_type: 'or' });
    const orId = await newOrder();
    await submit(orId);
    const other = await taskOf('brand.finance', orId);
    await push('brand', { task_id: await taskOf('brand', orId), action: 'approve', comment: '同意' });
    const v = await view('brand', orId);
    expect(v.node_seq).toBe(2);
    expect(v.tasks.find((x) => x.id === other)?.status).toBe(40);
    expect((await push('brand.finance', { task_id: other, action: 'approve' })).body.message).toBe('该审批任务已被处理，请刷新后重试');
  });
});

describe('concurrent decisions and submissions', () => {
  afterAll(async () => setFirstNode({ access_type: 'reporting_manager', sign_type: 'or' }));

  it('of many approvals racing on one or-sign step exactly one counts', async () => {
    await setFirstNode({ access_type: 'fixed_positions', position_codes: 'POS-PUR-MGR,POS-FIN', sign_type: 'or' });
    const id = await newOrder();
    await submit(id);
    const [a, b] = [await taskOf('brand', id), await taskOf('brand.finance', id)];
    const calls = [...Array(4)].flatMap(() => [push('brand', { task_id: a, action: 'approve', comment: 'A' }), push('brand.finance', { task_id: b, action: 'approve', comment: 'B' })]);
    const replies = await Promise.all(calls);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(7);
    const v = await view('brand', id);
    expect(v.history.filter((h) => h.action === 'approve')).toHaveLength(1);
    expect(v.node_seq).toBe(2);
    expect(v.tasks.filter((x) => x.node_seq === 2)).toHaveLength(1);
  });

  it('and-sign approvers racing move the node on exactly once', async () => {
    await setFirstNode({ access_type: 'fixed_positions', position_codes: 'POS-PUR-MGR,POS-FIN', sign_type: 'and' });
    const id = await newOrder();
    await submit(id);
    const [a, b] = [await taskOf('brand', id), await taskOf('brand.finance', id)];
    const replies = await Promise.all([push('brand', { task_id: a, action: 'approve' }), push('brand.finance', { task_id: b, action: 'approve' }), push('brand', { task_id: a, action: 'approve' })]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 409]);
    const v = await view('brand', id);
    expect(v.node_seq).toBe(2);
    expect(v.tasks.filter((x) => x.node_seq === 2)).toHaveLength(1);
  });

  it('five submissions of one order at once start one flow', async () => {
    await setFirstNode({ access_type: 'reporting_manager', sign_type: 'or' });
    const id = await newOrder();
    const replies = await Promise.all([...Array(5)].map(() => push('brand.buyer', { entity: 'purorder', id, action: 'submit' })));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect((await sql`select 1 from wf_instance where entity = 'purorder' and record_id = ${id}`.execute(t.app.db)).rows.length).toBe(1);
  });
});

describe('an allocation version published only once approved', () => {
  it('a company that requires ALLOC_PUBLISH refuses the publish until its flow approves the version', async () => {
    const saved = await defs('brand').save({
      code: 'ALLOC_PUBLISH', name: '分配版本发布审批', entity_name: 'allocationversion', required: true, enabled: true,
      nodes: [{ seq: 1, name: '财务确认', status_code: 'FIN', is_end: true, access_type: 'fixed_positions', position_codes: 'POS-FIN', sign_type: 'or' }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const versions = resourceClient(t.app, tok.brand, 'scmapi', 'allocationversion');
    const draft = (await versions.page({ tab: 'draft' })).body.data.rows[0];
    const id = Number(draft.id);
    const early = await versions.action('publish', { id });
    expect([early.status, early.body.message]).toEqual([409, '单据须先提交审批并通过后才能执行此操作']);
    expect((await push('brand', { entity: 'allocationversion', id, action: 'submit', comment: '请确认' })).status).toBe(200);
    expect((await versions.action('publish', { id })).body.message).toBe('单据审批中，审批通过后才能执行此操作');
    const v = (await get<View>('brand.finance', 'cpm-view', { entity: 'allocationversion', id })).body.data;
    expect((await push('brand.finance', { task_id: v.task_id, action: 'approve', comment: '可以发布' })).status).toBe(200);
    const pub = await versions.action('publish', { id });
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    expect(pub.body.data.rows[0]).toMatchObject({ status: 'published', approval_status: 'approved' });
  });
});

describe('tenant isolation', () => {
  it('another company neither sees nor decides the brand\'s flows and definitions', async () => {
    const id = await newOrder();
    const v = await submit(id);
    const task = v.tasks[0].id;
    expect((await get('maker', 'cpm-view', { entity: 'purorder', id })).status).toBe(404);
    expect((await get('maker', 'cpm-view', { pid: v.pid! })).status).toBe(404);
    expect((await push('maker', { task_id: task, action: 'approve' })).status).toBe(404);
    expect((await push('maker', { entity: 'purorder', id, action: 'submit' })).status).toBe(404);
    expect((await post('maker', '/api/crossapi/superdesignapi/cpm-process/insert-user-into-node', { task_id: task, user_id: uid.maker })).status).toBe(404);
    const mine = await get<{ rows: Array<{ pid: number }> }>('maker', 'my-tasks', { status: 10 });
    expect(mine.body.data.rows.some((r) => r.pid === v.pid)).toBe(false);
    const brandDef = Number((await defs('brand').page({ 'f.code.eq': 'PO_APPROVAL' })).body.data.rows[0].id);
    expect((await resourceClient(t.app, tok.maker, 'crossapi', 'processdef').view(brandDef)).status).toBe(404);
    // The maker has no PO_APPROVAL of its own: its orders cannot be submitted, and its sending is not gated.
    const makerPo = (await resourceClient(t.app, tok.maker, 'srmapi', 'purorder').page({ tab: 'draft' })).body.data.rows[0];
    if (makerPo) expect((await push('maker', { entity: 'purorder', id: makerPo.id, action: 'submit' })).body.message).toBe('未找到启用的流程定义 PO_APPROVAL，请先在“流程定义”中创建');
  });
});
