import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { resourceClient, type Reply } from '../support/resource-client';

/**
 * Dynamic-form records approved through a flow (issue 35) on the demo brand: a form names one of the
 * company's process definitions; a filled record is submitted through the process bus like any
 * document (pid-from-ui says which process applies, cpm-view offers the submission), is locked while
 * its flow runs (save and remove refused), shows its approval state and approver in its list and
 * view, is rejected, submitted again and approved by the finance position, loses its approval when a
 * person changes it, and keeps the flow's steps in its history. A form without a process, a disabled
 * process, another form's record and another company are refused. The scenario call answers the
 * form's process too.
 */
let t: TestApp;
const tok: Record<string, string> = {};
const uid: Record<string, number> = {};
let processId = 0;

const headers = (who: string, lang = 'zh-CN') => ({ authorization: `Bearer ${tok[who]}`, 'x-lang': lang });
const BUS = '/api/crossapi/ccommonapi/cpm-bus';
const get = async <T>(who: string, url: string, query: Record<string, unknown> = {}) => {
  const r = await t.app.inject({ method: 'GET', url, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers: headers(who) });
  return { status: r.statusCode, body: r.json() as Reply<T> };
};
const push = async (who: string, payload: Record<string, unknown>) => {
  const r = await t.app.inject({ method: 'POST', url: `${BUS}/push`, payload, headers: headers(who) });
  return { status: r.statusCode, body: r.json() as Reply<Record<string, unknown>> };
};
const forms = (who: string) => resourceClient(t.app, tok[who], 'crossapi', 'dynform');
const defs = (who: string) => resourceClient(t.app, tok[who], 'crossapi', 'processdef');
const records = (who: string, code: string) => resourceClient(t.app, tok[who], 'crossapi/dynformdata', code);

type Process = { pid: number | null; status: string | null; process_code: string; process_name: string | null; enabled: boolean; required: boolean; node_seq: number | null };
type View = { pid: number | null; status: string | null; task_id: number | null; approval_status: string | null; doc_no: string | null; actions: Array<{ action: string }> };

const DEFINITION = {
  sections: [
    {
      key: 'base',
      title: '检验',
      fields: [
        { key: 'title', label: '标题', type: 'text', required: true },
        { key: 'qty', label: '数量', type: 'integer' },
      ],
    },
  ],
};

async function fill(code: string, body: Record<string, unknown>): Promise<{ id: number; version: number }> {
  const r = await records('brand.buyer', code).save(body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { id: Number(r.body.data.id), version: Number(r.body.data.version) };
}

const row = async (code: string, id: number) => (await records('brand.buyer', code).view(id)).body.data;
const viewOf = async (who: string, code: string, id: number) => (await get<View>(who, `${BUS}/cpm-view`, { entity: code, id })).body.data;

async function decide(who: string, code: string, id: number, action: string, comment = '') {
  const v = await viewOf(who, code, id);
  expect(v.task_id, `${who} has no open task`).not.toBeNull();
  const r = await push(who, { task_id: v.task_id, action, comment });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['brand', 'brand.buyer', 'brand.finance', 'maker']) tok[u] = await signIn(t.app, u);
  const users = await sql<{ id: number; username: string }>`select id, username from users where username in ('brand', 'brand.buyer', 'brand.finance')`.execute(t.app.db);
  for (const u of users.rows) uid[u.username] = Number(u.id);
  // The brand's administrator defines the inspection approval: one node, the finance position decides.
  const d = await defs('brand').save({
    code: 'QC_APPROVAL', name: '来料检验审批', entity_name: 'dynform', required: false, enabled: true,
    nodes: [{ seq: 1, name: '财务审核', status_code: 'FIN', is_end: true, access_type: 'fixed_positions', position_codes: 'POS-FIN', sign_type: 'or', allow_edit: false }],
    steps: [{ step_code: 'S10', name: '财务通过', from_seq: 1, to_seq: null }],
  });
  expect(d.status, JSON.stringify(d.body)).toBe(200);
  processId = Number(d.body.data.id);
  for (const [code, name, process] of [['QC_FLOW', '检验审批单', processId], ['QC_PLAIN', '检验记录', null]] as const) {
    const f = await forms('brand').save({ code, name, definition: DEFINITION, process_id: process });
    expect(f.status, JSON.stringify(f.body)).toBe(200);
  }
});
afterAll(async () => t?.close());

describe('a dynamic form names its approval process', () => {
  it('the form keeps the process it names, its design says so, and the scenario call too', async () => {
    const f = (await forms('brand').page({ 'f.code.eq': 'QC_FLOW' })).body.data.rows[0];
    expect(f).toMatchObject({ process_id: processId, process_id__label: '来料检验审批' });
    expect((await get<{ process: string | null }>('brand.buyer', '/api/crossapi/dynform/design', { code: 'QC_FLOW' })).body.data.process).toBe('QC_APPROVAL');
    expect((await get<{ process: string | null }>('brand.buyer', '/api/crossapi/dynform/design', { code: 'QC_PLAIN' })).body.data.process).toBeNull();
    const sc = await resourceClient(t.app, tok.brand, 'crossapi', 'formscenario').save({ code: 'QC_FLOW_SC', name: '检验审批场景', form_id: Number(f.id) });
    expect(sc.status, JSON.stringify(sc.body)).toBe(200);
    const answer = await get<{ scenario: { code: string }; form: { code: string; process: string | null } }>('brand.buyer', '/api/crossapi/ccommonapi/cpm-ot/scenario', { code: 'QC_FLOW_SC' });
    expect(answer.body.data).toMatchObject({ scenario: { code: 'QC_FLOW_SC' }, form: { code: 'QC_FLOW', process: 'QC_APPROVAL' } });
    expect((await get('brand.buyer', '/api/crossapi/ccommonapi/cpm-ot/scenario', { code: 'NO_SUCH' })).status).toBe(404);
  });

  it('a field cannot take the key of a record\'s approval column', async () => {
    const def = { sections: [{ key: 'base', title: 'x', fields: [{ key: 'approval_status', label: '审批', type: 'text' }] }] };
    const r = await forms('brand').save({ code: 'QC_BAD', name: 'x', definition: def });
    expect(r.status).toBe(400);
    expect((r.body.data as unknown as { errors: Record<string, string> }).errors['definition.sections[0].fields[0].key']).toBe('字段编码“approval_status”是系统保留字段，请换一个');
  });
});

describe('a record through the form\'s flow', () => {
  it('is submitted, locked, rejected, submitted again, approved, and voided by a change; every step in its history', async () => {
    const rec = await fill('QC_FLOW', { title: '面料到货检验', qty: 120 });
    // Which process applies before anything is submitted (pid-from-ui), and the submission offered.
    const before = await get<Process>('brand.buyer', `${BUS}/pid-from-ui`, { entity: 'QC_FLOW', id: rec.id });
    expect(before.body.data).toEqual({ pid: null, status: null, process_code: 'QC_APPROVAL', process_name: '来料检验审批', enabled: true, required: false, node_seq: null });
    expect((await viewOf('brand.buyer', 'QC_FLOW', rec.id)).actions.map((a) => a.action)).toEqual(['submit']);

    expect((await push('brand.buyer', { entity: 'QC_FLOW', id: rec.id, action: 'submit', comment: '请审核' })).status).toBe(200);
    let r = await row('QC_FLOW', rec.id);
    expect(r).toMatchObject({ title: '面料到货检验', approval_status: 'running', approval_editable: false, approval_approver: '张会计' });
    const running = await get<Process>('brand.buyer', `${BUS}/pid-from-ui`, { entity: 'QC_FLOW', id: rec.id });
    expect(running.body.data).toMatchObject({ status: 'running', node_seq: 1, process_name: '来料检验审批' });
    expect(running.body.data.pid).toBeGreaterThan(0);
    // The list filters and shows the state; a second submission is refused.
    const listed = (await records('brand.buyer', 'QC_FLOW').page({ 'f.approval_status.eq': 'running' })).body.data.rows.map((x) => Number(x.id));
    expect(listed).toContain(rec.id);
    expect((await push('brand.buyer', { entity: 'QC_FLOW', id: rec.id, action: 'submit' })).body.message).toBe('单据已在审批中');

    // Locked while in the flow: neither saved nor removed.
    const locked = await records('brand.buyer', 'QC_FLOW').save({ id: rec.id, version: Number(r.version), title: '改标题' });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe('单据审批中，当前节点不允许修改');
    const gone = await records('brand.buyer', 'QC_FLOW').remove([rec.id], [Number(r.version)]);
    expect(gone.status).toBe(409);
    expect((await row('QC_FLOW', rec.id)).title).toBe('面料到货检验');

    // The approver's to-do names the record by its form; the notice opens the form's list on it.
    type Summary = { fields: Array<{ key: string; label: string; text: string }>; lines: null };
    const mine = await get<{ rows: Array<{ entity: string; entity_label: string; doc_no: string; record_id: number; summary: Summary }> }>('brand.finance', `${BUS}/my-tasks`, { status: 10 });
    const task = mine.body.data.rows.find((x) => x.record_id === rec.id);
    expect(task).toMatchObject({ entity: 'QC_FLOW', entity_label: '检验审批单', doc_no: `QC_FLOW-${rec.id}` });
    // What the approver reads of the record: its fields as filled, by their labels.
    expect(task?.summary).toEqual({ fields: [{ key: 'title', label: '标题', value: '面料到货检验', text: '面料到货检验' }, { key: 'qty', label: '数量', value: 120, text: '120' }], lines: null });
    const notice = await sql<{ link: string }>`select link from notify_notice where user_id = ${uid['brand.finance']} and doc_no = ${`QC_FLOW-${rec.id}`}`.execute(t.app.db);
    expect(notice.rows[0]?.link).toBe('/approvals/todo');

    // Rejected: editable again, still rejected until submitted again; the initiator's notice opens the record.
    await decide('brand.finance', 'QC_FLOW', rec.id, 'reject', '数量不对');
    r = await row('QC_FLOW', rec.id);
    expect(r).toMatchObject({ approval_status: 'rejected', approval_approver: null });
    const told = await sql<{ link: string }>`select link from notify_notice where user_id = ${uid['brand.buyer']} and doc_no = ${`QC_FLOW-${rec.id}`} order by id desc limit 1`.execute(t.app.db);
    expect(told.rows[0]?.link).toBe(`/approvals/forms/QC_FLOW?open=${rec.id}`);
    const fixed = await records('brand.buyer', 'QC_FLOW').save({ id: rec.id, version: Number(r.version), title: '面料到货检验', qty: 100 });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body.data).toMatchObject({ qty: 100, approval_status: 'rejected' });

    expect((await push('brand.buyer', { entity: 'QC_FLOW', id: rec.id, action: 'submit', comment: '已改' })).status).toBe(200);
    await decide('brand.finance', 'QC_FLOW', rec.id, 'approve');
    r = await row('QC_FLOW', rec.id);
    expect(r).toMatchObject({ approval_status: 'approved', approval_approver: null });
    expect((await get<Process>('brand.buyer', `${BUS}/pid-from-ui`, { entity: 'QC_FLOW', id: rec.id })).body.data.status).toBe('approved');
    expect((await viewOf('brand.buyer', 'QC_FLOW', rec.id)).actions).toEqual([]);

    // Saved unchanged it stays approved; changed by a person it is approved no longer.
    const same = await records('brand.buyer', 'QC_FLOW').save({ id: rec.id, version: Number(r.version), title: '面料到货检验', qty: 100 });
    expect(same.body.data.approval_status).toBe('approved');
    const changed = await records('brand.buyer', 'QC_FLOW').save({ id: rec.id, version: Number(same.body.data.version), title: '面料到货检验', qty: 90 });
    expect(changed.status).toBe(200);
    expect(changed.body.data.approval_status).toBeNull();

    const history = await records('brand.buyer', 'QC_FLOW').history(rec.id);
    const actions = (history.body.data as unknown as { rows: Array<{ action: string }> }).rows.map((x) => x.action);
    expect(actions.filter((a) => a.startsWith('wf_'))).toEqual(['wf_reset', 'wf_approved', 'wf_submit', 'wf_rejected', 'wf_submit']);
    expect(actions).toContain('create');
  });

  it('refuses a form without a process, a disabled process, another form\'s record and another company', async () => {
    const plain = await fill('QC_PLAIN', { title: '普通记录' });
    const refused = await push('brand.buyer', { entity: 'QC_PLAIN', id: plain.id, action: 'submit' });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('该单据类型没有审批流程');
    expect((await get('brand.buyer', `${BUS}/pid-from-ui`, { entity: 'QC_PLAIN', id: plain.id })).status).toBe(404);
    // QC_FLOW's code with a record of QC_PLAIN: not one of its records.
    expect((await push('brand.buyer', { entity: 'QC_FLOW', id: plain.id, action: 'submit' })).status).toBe(404);
    expect((await get('brand.buyer', `${BUS}/pid-from-ui`, { entity: 'QC_FLOW', id: plain.id })).status).toBe(404);
    // Another company knows no such form, and reads nothing of the brand's records.
    const rec = await fill('QC_FLOW', { title: '另一条' });
    expect((await push('maker', { entity: 'QC_FLOW', id: rec.id, action: 'submit' })).status).toBe(404);
    expect((await get('maker', `${BUS}/cpm-view`, { entity: 'QC_FLOW', id: rec.id })).status).toBe(404);

    // The company disables the process: pid-from-ui says so, and a submission is refused with its message.
    const d = (await defs('brand').view(processId)).body.data as { version: number };
    expect((await defs('brand').save({ id: processId, version: d.version, enabled: false })).status).toBe(200);
    const off = await get<Process>('brand.buyer', `${BUS}/pid-from-ui`, { entity: 'QC_FLOW', id: rec.id });
    expect(off.body.data).toMatchObject({ pid: null, process_code: 'QC_APPROVAL', enabled: false, process_name: null });
    // No submission is offered while there is nothing to submit into.
    expect((await viewOf('brand.buyer', 'QC_FLOW', rec.id)).actions).toEqual([]);
    const noProcess = await push('brand.buyer', { entity: 'QC_FLOW', id: rec.id, action: 'submit' });
    expect(noProcess.body.message).toBe('未找到启用的流程定义 QC_APPROVAL，请先在“流程定义”中创建');
    expect((await row('QC_FLOW', rec.id)).approval_status).toBeNull();
    const back = (await defs('brand').view(processId)).body.data as { version: number };
    expect((await defs('brand').save({ id: processId, version: back.version, enabled: true })).status).toBe(200);
  });
});
