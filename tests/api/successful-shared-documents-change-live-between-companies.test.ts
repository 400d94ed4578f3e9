import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { resourceClient } from '../support/resource-client';
import { bearer, body } from './access-test-helpers';
import { liveAppForFile, openSocket, until } from './live-app';

/**
 * Issue 29: what one company does to a shared document reaches the other live. The supplier confirms,
 * rejects or dispatches a brand's purchase order: once the action has committed, the brand's sockets
 * hear `orderstate` naming the order, its new and old state and its number (and the supplier's own
 * sockets hear of its copy), and the buyer who sent it gets a notice with a body (who, which company,
 * old -> new state) and a link that opens the order. An approved purchase order reads "approved" in
 * the list (not "draft"), the list names the current approver while the flow runs, and the approver's
 * task carries the order's supplier, amount, delivery date and lines.
 */
const live = liveAppForFile(['brand', 'brand.buyer', 'brand.finance', 'supplier', 'supplier.sales', 'maker']);
type Msg = Record<string, unknown>;
type Notice = { id: number; kind: string; title: string; body: string; link: string | null; doc_no: string | null; read_at: string | null };

/** A signed-in browser's socket that has joined its company's room (spec 7 `connect`), collecting every message. */
const socketOf = async (who: string): Promise<Msg[]> => (await openSocket<Msg>(live, who)).got;

const api = (who: string, entity: string) => resourceClient(live.t.app, live.users[who].access_token, 'srmapi', entity);
const notices = async (who: string): Promise<Notice[]> => {
  const res = await live.t.app.inject({ method: 'GET', url: '/api/notifyapi/notify-msg/index?page=1&size=50', headers: bearer(live.users[who].access_token) });
  expect(res.statusCode).toBe(200);
  return body<{ rows: Notice[] }>(res).data.rows;
};
const bus = async <T>(who: string, method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>): Promise<T> => {
  const res = await live.t.app.inject({ method, url: `/api/crossapi/ccommonapi/cpm-bus/${path}`, headers: bearer(live.users[who].access_token), payload });
  expect(res.statusCode, res.body).toBe(200);
  return body<T>(res).data;
};
const fullname = async (who: string) => (await sql<{ fullname: string }>`select fullname from users where username = ${who}`.execute(live.t.app.db)).rows[0].fullname;
const companyName = async (code: string) => (await sql<{ name: string }>`select name from clients where code = ${code}`.execute(live.t.app.db)).rows[0].name;

/** A raw-material order of the brand's buyer to the fabric supplier (vendor VD001, on the platform as SUPP01). */
async function newOrder(remark: string, qty = 40): Promise<{ id: number; po_no: string }> {
  const vendor = (await resourceClient(live.t.app, live.users['brand.buyer'].access_token, 'mdapi', 'vendor').page({ size: 100 })).body.data.rows.find((v) => v.code === 'VD001');
  const material = (await resourceClient(live.t.app, live.users['brand.buyer'].access_token, 'mdapi', 'material').page({ size: 100 })).body.data.rows.find((m) => m.code === 'MD0001');
  const saved = await api('brand.buyer', 'purorder').save({
    order_kind: 'material', vendor_id: vendor!.id, currency: 'CNY', delivery_date: '2026-12-28', remark,
    lines: [{ material_id: material!.id, unit: 'KG', qty, unit_price: 12.5, seq: 1 }, { material_id: material!.id, unit: 'KG', qty: 10, unit_price: 12.5, seq: 2 }],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { id: Number(saved.body.data.id), po_no: String(saved.body.data.po_no) };
}

const listRow = async (who: string, id: number) => (await api(who, 'purorder').page({ size: 100, 'f.id.eq': id })).body.data.rows.find((r) => Number(r.id) === id);

describe('a supplier answering a brand purchase order reaches the brand live', () => {
  it('confirm: the brand\'s sockets hear of it after the commit, the buyer gets a notice with body and link, the supplier hears of its copy', async () => {
    const buyerSocket = await socketOf('brand.buyer');
    const brandSocket = await socketOf('brand');
    const supplierSocket = await socketOf('supplier.sales');
    const makerSocket = await socketOf('maker');
    const order = await newOrder('实时确认');
    expect((await api('brand.buyer', 'purorder').action('send', { id: order.id })).status).toBe(200);
    const sent = await until(() => buyerSocket.find((m) => m.type === 'orderstate' && m.entity === 'purorder' && m.id === order.id && m.status === 'sent'));
    expect(sent).toMatchObject({ from: 'draft', no: order.po_no });
    const pending = await until(() => supplierSocket.find((m) => m.type === 'orderstate' && m.entity === 'supplierorder' && m.status === 'pending'));
    const copyId = Number(pending.id);
    expect((await api('supplier', 'supplierorder').view(copyId)).body.data.source_no).toBe(order.po_no);
    expect((await listRow('brand.buyer', order.id))!.status).toBe('sent');

    // When the message arrives, the change is committed: the brand reads "confirmed" at that moment.
    let readOnArrival: Promise<unknown> | null = null;
    const before = buyerSocket.length;
    const confirmed = until(() => {
      const m = buyerSocket.slice(before).find((x) => x.type === 'orderstate' && x.entity === 'purorder' && x.id === order.id && x.status === 'confirmed');
      if (m && !readOnArrival) readOnArrival = listRow('brand.buyer', order.id).then((r) => r?.status);
      return m;
    });
    const started = Date.now();
    expect((await api('supplier.sales', 'supplierorder').action('confirm', { id: copyId })).status).toBe(200);
    const m = await confirmed;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(m).toMatchObject({ entity: 'purorder', id: order.id, status: 'confirmed', from: 'sent', no: order.po_no });
    expect(await readOnArrival).toBe('confirmed');
    // The whole brand hears of it; the supplier hears of its own copy; an unrelated company hears nothing.
    await until(() => brandSocket.find((x) => x.type === 'orderstate' && x.id === order.id && x.status === 'confirmed'));
    await until(() => supplierSocket.find((x) => x.type === 'orderstate' && x.entity === 'supplierorder' && x.id === copyId && x.status === 'confirmed' && x.from === 'pending'));
    expect(makerSocket.some((x) => x.type === 'orderstate' && (x.entity === 'purorder' || x.entity === 'supplierorder'))).toBe(false);
    expect(supplierSocket.some((x) => x.type === 'orderstate' && x.entity === 'purorder')).toBe(false);

    // The buyer who sent it: a notice naming the order, who and which company, old -> new state, and the link that opens it.
    const push = await until(() => buyerSocket.find((x) => x.type === 'notifyto2' && x.kind === 'purchase.confirmed'));
    expect(push.doc_no).toBe(order.po_no);
    const [n] = (await notices('brand.buyer')).filter((x) => x.kind === 'purchase.confirmed' && x.doc_no === order.po_no);
    const who = await fullname('supplier.sales');
    const supplierCompany = await companyName('SUPP01');
    expect(n.title).toBe(`采购订单 ${order.po_no}：供应商已确认`);
    expect(n.body).toBe(`${who}（${supplierCompany}）将采购订单 ${order.po_no} 由“待供应商确认”改为“供应商已确认”。`);
    expect(n.link).toBe(`/srm/masterdetail/purorder?open=${order.id}`);
    expect(n.read_at).toBeNull();
    // Only the brand's responsible users: the supplier and the brand administrator (neither sent nor created it) get none.
    expect((await notices('brand')).some((x) => x.doc_no === order.po_no)).toBe(false);
    expect((await notices('supplier.sales')).some((x) => x.doc_no === order.po_no)).toBe(false);

    // A refused action announces nothing: confirming again is 409 and no new message arrives.
    const count = buyerSocket.filter((x) => x.type === 'orderstate' && x.id === order.id).length;
    expect((await api('supplier.sales', 'supplierorder').action('confirm', { id: copyId })).status).toBe(409);
    await new Promise((r) => setTimeout(r, 300));
    expect(buyerSocket.filter((x) => x.type === 'orderstate' && x.id === order.id).length).toBe(count);

    // Dispatch: the same way, in the buyer's language (en) and with its own notice.
    await sql`update users set language = 'en' where username = 'brand.buyer'`.execute(live.t.app.db);
    try {
      expect((await api('supplier.sales', 'supplierorder').action('dispatch', { id: copyId })).status).toBe(200);
      await until(() => buyerSocket.find((x) => x.type === 'orderstate' && x.id === order.id && x.status === 'dispatched' && x.from === 'confirmed'));
      const d = (await notices('brand.buyer')).find((x) => x.kind === 'purchase.dispatched' && x.doc_no === order.po_no)!;
      expect(d.title).toBe(`Purchase order ${order.po_no}: Dispatched`);
      expect(d.body).toBe(`${who} (${supplierCompany}) changed Purchase order ${order.po_no} from "Confirmed" to "Dispatched".`);
      expect(d.link).toBe(`/srm/masterdetail/purorder?open=${order.id}`);
    } finally {
      await sql`update users set language = 'zh-CN' where username = 'brand.buyer'`.execute(live.t.app.db);
    }
  });

  it('reject: the reason is in the notice, and the list shows the rejection', async () => {
    const buyerSocket = await socketOf('brand.buyer');
    const order = await newOrder('实时拒绝');
    expect((await api('brand.buyer', 'purorder').action('send', { id: order.id })).status).toBe(200);
    const copy = (await api('supplier', 'supplierorder').page({ 'f.source_no.eq': order.po_no })).body.data.rows[0];
    expect((await api('supplier', 'supplierorder').action('reject', { id: copy.id, reject_reason: '面料停产' })).status).toBe(200);
    await until(() => buyerSocket.find((x) => x.type === 'orderstate' && x.id === order.id && x.status === 'rejected' && x.from === 'sent'));
    expect((await listRow('brand.buyer', order.id))!.status).toBe('rejected');
    const n = (await notices('brand.buyer')).find((x) => x.kind === 'purchase.rejected' && x.doc_no === order.po_no)!;
    expect(n.body).toBe(`${await fullname('supplier')}（${await companyName('SUPP01')}）将采购订单 ${order.po_no} 由“待供应商确认”改为“供应商已拒绝”，原因：面料停产`);
  });
});

describe('a purchase order in approval', () => {
  it('shows its approval state and current approver in the list, the approver\'s task carries its figures and lines, and approval leaves it "approved"', async () => {
    const buyerSocket = await socketOf('brand.buyer');
    const order = await newOrder('审批要点', 80);
    await bus('brand.buyer', 'POST', 'push', { entity: 'purorder', id: order.id, action: 'submit', comment: '请审批' });
    let row = (await listRow('brand.buyer', order.id))!;
    expect([row.status, row.approval_status, row.approval_approver]).toEqual(['draft', 'running', await fullname('brand')]);
    // The manager approves: the flow moves to finance, and the list names the new approver.
    const mgr = (await bus<{ rows: Array<{ task_id: number; doc_no: string }> }>('brand', 'GET', 'my-tasks?status=10')).rows.find((r) => r.doc_no === order.po_no)!;
    await bus('brand', 'POST', 'push', { task_id: mgr.task_id, action: 'approve', comment: '同意' });
    await until(() => buyerSocket.find((x) => x.type === 'orderstate' && x.id === order.id));
    row = (await listRow('brand.buyer', order.id))!;
    expect([row.status, row.approval_status, row.approval_approver]).toEqual(['draft', 'running', await fullname('brand.finance')]);

    // Finance's task: supplier, amount, delivery date and the two lines, readable without opening the order.
    type Summary = { fields: Array<{ key: string; label: string; text: string }>; lines: { columns: Array<{ key: string; label: string }>; rows: Array<Record<string, string>> } };
    const task = (await bus<{ rows: Array<{ task_id: number; doc_no: string; summary: Summary }> }>('brand.finance', 'GET', 'my-tasks?status=10')).rows.find((r) => r.doc_no === order.po_no)!;
    const fig = Object.fromEntries(task.summary.fields.map((f) => [f.key, [f.label, f.text]]));
    const vendorName = (await sql<{ name: string }>`select name from md_vendor where code = 'VD001' and client_id = ${live.users.brand.client_id}`.execute(live.t.app.db)).rows[0].name;
    expect(fig.vendor_id).toEqual(['供应商', vendorName]);
    expect(fig.total_amount[0]).toBe('总金额');
    expect(Number(fig.total_amount[1])).toBe(1125);
    expect(fig.delivery_date).toEqual(['交货日期', '2026-12-28']);
    expect(fig.currency[1]).toBe('人民币');
    expect(task.summary.lines.columns.map((c) => c.label)).toContain('数量');
    expect(task.summary.lines.rows.map((l) => [l.seq, Number(l.qty), Number(l.amount), l.material_id !== ''])).toEqual([['1', 80, 1000, true], ['2', 10, 125, true]]);

    // Finance approves: the order reads "approved" in the buyer's list (not "draft"), nobody is left to decide.
    const seen = buyerSocket.length;
    await bus('brand.finance', 'POST', 'push', { task_id: task.task_id, action: 'approve', comment: '预算内' });
    const m = await until(() => buyerSocket.slice(seen).find((x) => x.type === 'orderstate' && x.id === order.id && x.status === 'approved'));
    expect(m).toMatchObject({ entity: 'purorder', from: 'draft', no: order.po_no });
    row = (await listRow('brand.buyer', order.id))!;
    expect([row.status, row.approval_status, row.approval_approver]).toEqual(['approved', 'approved', null]);
    const tabs = (await api('brand.buyer', 'purorder').page({ tabs: 1, size: 1 })).body.data.tabs!;
    expect(tabs.approved).toBeGreaterThanOrEqual(1);
    const history = (await api('brand.buyer', 'purorder').history(order.id)).body.data.rows.find((h) => h.action === 'wf_approved')!;
    expect(history.changes.map((c) => [c.field, c.old, c.new])).toEqual(expect.arrayContaining([['status', 'draft', 'approved'], ['approval_status', 'running', 'approved']]));
    // The initiator's notice says who approved and opens the order.
    const n = (await notices('brand.buyer')).find((x) => x.kind === 'approval' && x.doc_no === order.po_no && x.title.startsWith('审批通过'))!;
    expect(n.body).toBe(`${await fullname('brand.finance')} 审批通过了 ${order.po_no}（采购订单审批），流程已结束。`);
    expect(n.link).toBe(`/srm/masterdetail/purorder?open=${order.id}`);

    // An approved order is sent as before.
    expect((await api('brand.buyer', 'purorder').action('send', { id: order.id })).status).toBe(200);
    expect((await listRow('brand.buyer', order.id))!.status).toBe('sent');
  });

  it('a change to an approved order voids the approval and takes it back to draft; the demo\'s approved order reads approved', async () => {
    const demo = (await api('brand.buyer', 'purorder').page({ size: 100, 'f.remark.eq': '审批演示 4' })).body.data.rows[0];
    expect([demo.status, demo.approval_status]).toEqual(['approved', 'approved']);
    const order = await newOrder('审批后修改');
    await bus('brand.buyer', 'POST', 'push', { entity: 'purorder', id: order.id, action: 'submit', comment: '' });
    for (const who of ['brand', 'brand.finance']) {
      const task = (await bus<{ rows: Array<{ task_id: number; doc_no: string }> }>(who, 'GET', 'my-tasks?status=10')).rows.find((r) => r.doc_no === order.po_no)!;
      await bus(who, 'POST', 'push', { task_id: task.task_id, action: 'approve', comment: 'ok' });
    }
    const view = (await api('brand.buyer', 'purorder').view(order.id)).body.data;
    expect(view.status).toBe('approved');
    const saved = await api('brand.buyer', 'purorder').save({ ...view, remark: '改了备注' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const row = (await listRow('brand.buyer', order.id))!;
    expect([row.status, row.approval_status]).toEqual(['draft', null]);
  });
});
