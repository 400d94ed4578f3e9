import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, signIn, type TestApp } from '../support/test-app';

/**
 * Issue 29 "menus follow the role and the company's business" (the table in
 * docs/architecture-admin.md, "Menus by role"): each demo user's menu groups, the brand's finance
 * without the buyers' and planners' work, a maker without sourcing of its own without the brand side
 * of sourcing until it switches it on, a supplier's reports on its own orders and shipments with the
 * demo's data; the demo's purchase orders carry delivery dates and its bundles their order's colours
 * and sizes; the board and the server's messages name a category by its label, not its code.
 */
let t: TestApp;
type Menu = { CODE: string; children: Array<{ CODE: string }> };
const tokens: Record<string, string> = {};

async function menusOf(username: string, language = 'zh-CN'): Promise<Menu[]> {
  const res = await t.app.inject({ method: 'POST', url: '/api/access/login', payload: { username, password: DEMO_PASSWORD, platform_id: 'SRM', language } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { menus: Menu[] } }).data.menus;
}
const groupsOf = async (username: string) => (await menusOf(username)).map((g) => g.CODE).sort();
const codesOf = async (username: string) => (await menusOf(username)).flatMap((g) => [g.CODE, ...g.children.map((c) => c.CODE)]);

async function call<T>(username: string, method: 'GET' | 'POST', url: string, payload?: unknown, lang = 'zh-CN') {
  tokens[username] ??= await signIn(t.app, username);
  const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[username]}`, 'x-lang': lang }, payload: payload as Record<string, unknown> | undefined });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: T } };
}
const q = async <R>(query: ReturnType<typeof sql<R>>) => (await query.execute(t.app.db)).rows;

/** The decision table of docs/architecture-admin.md ("Menus by role"), as the SRM platform shows it. */
const TABLE: Record<string, string[]> = {
  brand: ['admin', 'approvals', 'collab', 'development', 'finance', 'masterdata', 'orders', 'purchase', 'reports', 'sourcing', 'workspace'],
  'brand.buyer': ['approvals', 'collab', 'development', 'finance', 'masterdata', 'orders', 'purchase', 'reports', 'sourcing', 'workspace'],
  'brand.finance': ['approvals', 'collab', 'finance', 'masterdata', 'orders', 'purchase', 'reports', 'workspace'],
  maker: ['admin', 'approvals', 'collab', 'development', 'finance', 'masterdata', 'orders', 'planning', 'production', 'purchase', 'quality', 'reports', 'sourcingapply', 'tracking', 'workspace'],
  'maker.planner': ['approvals', 'collab', 'development', 'finance', 'masterdata', 'orders', 'planning', 'production', 'purchase', 'quality', 'reports', 'sourcingapply', 'tracking', 'workspace'],
  supplier: ['admin', 'approvals', 'collab', 'finance', 'masterdata', 'outsource', 'purchase', 'reports', 'sourcingapply', 'workspace'],
  'supplier.sales': ['approvals', 'collab', 'finance', 'masterdata', 'outsource', 'purchase', 'reports', 'sourcingapply', 'workspace'],
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('menus follow the role and the company\'s business', () => {
  it('each demo user sees the menu groups of the table', async () => {
    for (const [user, groups] of Object.entries(TABLE)) expect(await groupsOf(user), user).toEqual([...groups].sort());
  });

  it('the brand\'s finance gets statements, spend, the tower and approvals, not the workbench or planning', async () => {
    const finance = await codesOf('brand.finance');
    expect(finance).toEqual(expect.arrayContaining(['fin.statement', 'fin.rate', 'wf.todo', 'rpt.control-tower', 'rpt.purchase-spend', 'rpt.vendor-scorecard', 'pur.order', 'pur.contract', 'wms.stock', 'md.vendor']));
    for (const code of ['scm.allocation.workbench', 'scm.allocation', 'scm.allocation.demand', 'scm.vendorcapacity', 'planning', 'scm.schedule.board', 'sourcing', 'srm.sourcing', 'dev.style', 'wms.move', 'wms.calloff', 'admin.user', 'workspace.uploadimg'])
      expect(finance, code).not.toContain(code);
    // Reads what it reconciles, changes nothing of it: its statements, yes; a purchase order, no.
    const po = (await q(sql<{ id: number }>`select id from pur_order where client_id = (select id from clients where code = 'BRAND01') order by id limit 1`))[0];
    expect((await call('brand.finance', 'GET', `/api/srmapi/purorder/view?id=${po.id}`)).status).toBe(200);
    expect((await call('brand.finance', 'POST', '/api/srmapi/purorder/save', { id: po.id, remark: '财务改单' })).status).toBe(403);
    expect((await call('brand.finance', 'GET', '/api/finapi/finstatement/page')).status).toBe(200);
    // The tower's spend widget answers with the brand's orders.
    const spend = await call<{ rows: Array<Record<string, unknown>> }>('brand.finance', 'GET', '/api/rptapi/report/purchase-spend/run');
    expect(spend.status, JSON.stringify(spend.body).slice(0, 300)).toBe(200);
    expect(spend.body.data.rows.length).toBeGreaterThan(0);
    // The buyer keeps the workbench; finance is not a buyer.
    expect(await codesOf('brand.buyer')).toContain('scm.allocation.workbench');
  });

  it('a maker without sourcing of its own keeps its applications, and gets the brand side once it switches it on', async () => {
    for (const user of ['maker', 'maker.planner']) {
      const codes = await codesOf(user);
      for (const code of ['sourcing', 'srm.sourcing', 'srm.sourcing.my', 'srm.sourcing.compare', 'srm.vendoreval', 'srm.evalconfig', 'rpt.sourcing-in-progress']) expect(codes, `${user} ${code}`).not.toContain(code);
      expect(codes, user).toEqual(expect.arrayContaining(['sourcingapply', 'srm.sourcingapply', 'srm.sourcingapply.quotes', 'srm.sourcingapply.opportunity']));
    }
    expect(await codesOf('brand')).toEqual(expect.arrayContaining(['sourcing', 'srm.sourcing', 'rpt.sourcing-in-progress']));
    // The menu editor shows the group hidden; showing it is running sourcing of its own.
    const tree = await call<{ tree: Array<{ code: string; visible: boolean }> }>('maker', 'GET', '/api/adminapi/menus');
    expect(tree.body.data.tree.find((g) => g.code === 'sourcing')?.visible).toBe(false);
    const on = await call('maker', 'POST', '/api/adminapi/menus/save', { code: 'sourcing', visible: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(await codesOf('maker')).toEqual(expect.arrayContaining(['sourcing', 'srm.sourcing', 'srm.sourcing.compare', 'rpt.sourcing-in-progress', 'sourcingapply']));
    expect(await codesOf('maker.planner')).toContain('srm.sourcing');
    expect((await call('maker', 'POST', '/api/adminapi/menus/reset', { code: 'sourcing' })).status).toBe(200);
    expect(await codesOf('maker')).not.toContain('srm.sourcing');
    // A brand that hides its sourcing group does not run sourcing: its report goes with it.
    expect((await call('brand', 'POST', '/api/adminapi/menus/save', { code: 'sourcing', visible: false })).status).toBe(200);
    expect(await codesOf('brand')).not.toContain('rpt.sourcing-in-progress');
    expect((await call('brand', 'POST', '/api/adminapi/menus/reset', { code: 'sourcing' })).status).toBe(200);
    expect(await codesOf('brand')).toContain('rpt.sourcing-in-progress');
  });

  it('a supplier\'s reports are about the orders it received and its shipments, with the demo\'s data', async () => {
    for (const user of ['supplier', 'supplier.sales']) {
      const reports = (await menusOf(user)).find((g) => g.CODE === 'reports')?.children.map((c) => c.CODE) ?? [];
      expect(reports, user).toEqual(expect.arrayContaining(['rpt.supplier-order-book', 'rpt.supplier-dispatch']));
      for (const code of ['rpt.purchase-spend', 'rpt.control-tower', 'rpt.order-book']) expect(reports, `${user} ${code}`).not.toContain(code);
    }
    type Run = { rows: Array<Record<string, string | number | null> & { _level?: number }> };
    const book = await call<Run>('supplier.sales', 'GET', '/api/rptapi/report/supplier-order-book/run?group=customer');
    expect(book.status, JSON.stringify(book.body).slice(0, 300)).toBe(200);
    const rows = book.body.data.rows.filter((r) => !r._level);
    // Both customers on the platform, the brand and the maker, with their quantities.
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const qty = rows.reduce((s, r) => s + Number(r.qty ?? 0), 0);
    const stored = (await q(sql<{ n: number }>`select coalesce(sum(total_qty), 0)::float8 as n from pur_supplier_order where client_id = (select id from clients where code = 'SUPP01')`))[0];
    expect(qty).toBeGreaterThan(0);
    expect(qty).toBeCloseTo(Number(stored.n), 4);
    const byMonth = await call<Run>('supplier.sales', 'GET', '/api/rptapi/report/supplier-order-book/run?group=month');
    expect(byMonth.body.data.rows.filter((r) => !r._level).every((r) => r.month !== null && r.month !== '')).toBe(true);

    const dispatch = await call<Run>('supplier.sales', 'GET', '/api/rptapi/report/supplier-dispatch/run?group=customer');
    expect(dispatch.status, JSON.stringify(dispatch.body).slice(0, 300)).toBe(200);
    const d = dispatch.body.data.rows.filter((r) => !r._level);
    const shipped = d.reduce((s, r) => s + Number(r.dispatched ?? 0), 0);
    const onTime = d.reduce((s, r) => s + Number(r.on_time ?? 0), 0);
    const expected = (await q(sql<{ shipped: number; on_time: number }>`select count(*)::int as shipped, count(*) filter (where dispatched_at::date <= delivery_date)::int as on_time
      from pur_supplier_order where client_id = (select id from clients where code = 'SUPP01') and status in ('dispatched', 'received')`))[0];
    expect(shipped).toBe(Number(expected.shipped));
    expect(onTime).toBe(Number(expected.on_time));
    // The demo ships early and late, and has a confirmed order already past its date.
    expect(shipped).toBeGreaterThan(onTime);
    expect(onTime).toBeGreaterThan(0);
    expect(d.reduce((s, r) => s + Number(r.late_open ?? 0), 0)).toBeGreaterThan(0);
    // The brand's users do not get the supplier's reports.
    expect(await codesOf('brand')).not.toContain('rpt.supplier-order-book');
  });
});

describe('the demo data is complete', () => {
  it('every purchase order, and every copy a supplier received, has its delivery date', async () => {
    const orders = await q(sql<{ po_no: string; delivery_date: unknown }>`select po_no, delivery_date from pur_order`);
    expect(orders.length).toBeGreaterThan(10);
    expect(orders.filter((o) => !o.delivery_date).map((o) => o.po_no)).toEqual([]);
    const copies = await q(sql<{ so_no: string; delivery_date: unknown }>`select so_no, delivery_date from pur_supplier_order`);
    expect(copies.length).toBeGreaterThan(0);
    expect(copies.filter((o) => !o.delivery_date).map((o) => o.so_no)).toEqual([]);
  });

  it('every bundle carries a colour and a size of its plan\'s cells, of its order\'s colour x size lines when the plan has an order', async () => {
    const bundles = await q(sql<{ bundle_no: string; colour: string | null; size: string | null; in_order: boolean }>`
      select b.bundle_no, b.colour, b.size, exists (select 1 from scm_prodplan p where p.client_id = b.client_id and p.id = b.plan_id
          and exists (select 1 from jsonb_array_elements(p.matrix::jsonb) c where c->>'colour' = b.colour and c->>'size' = b.size)
          and (p.order_id is null or exists (select 1 from scm_customer_order_entry e where e.client_id = p.client_id and e.order_id = p.order_id and e.colour = b.colour and e.size = b.size))) as in_order
      from scm_wo_bundle b`);
    expect(bundles.length).toBeGreaterThan(0);
    expect(bundles.filter((b) => !b.colour || !b.size || b.colour === '-' || b.size === '-').map((b) => b.bundle_no)).toEqual([]);
    expect(bundles.filter((b) => !b.in_order).map((b) => b.bundle_no)).toEqual([]);
    expect(new Set(bundles.map((b) => `${b.colour}/${b.size}`)).size).toBeGreaterThan(1);
  });
});

describe('codes read as labels', () => {
  type Bar = { id: number; version: number; category: string; category_label?: string; line_id: number; start: string; locked: boolean };
  type Board = { bars: Bar[]; lines: Array<{ id: number; code: string; categories: string[] }> };

  it('the scheduling board names each bar\'s category by its label in the reader\'s language', async () => {
    const zh = await call<Board>('maker.planner', 'GET', '/api/scmapi/schedule/board');
    expect(zh.status).toBe(200);
    const knit = zh.body.data.bars.find((b) => b.category === 'knit-top');
    expect(knit, 'a knit-top bar in the demo season').toBeTruthy();
    expect(knit!.category_label).toBe('针织上衣');
    for (const b of zh.body.data.bars) expect(b.category_label, b.category).not.toBe(b.category);
    const en = await call<Board>('maker.planner', 'GET', '/api/scmapi/schedule/board', undefined, 'en');
    expect(en.body.data.bars.find((b) => b.id === knit!.id)!.category_label).toBe('Knit tops');
  });

  it('a refused move names the category by its label, not its code', async () => {
    const data = (await call<Board>('maker.planner', 'GET', '/api/scmapi/schedule/board')).body.data;
    const bar = data.bars.find((b) => !b.locked && b.category === 'knit-top')!;
    const wrong = data.lines.find((l) => l.categories.length > 0 && !l.categories.includes(bar.category))!;
    const r = await call('maker.planner', 'POST', '/api/scmapi/schedule/command', { op: 'move', bar_id: bar.id, version: bar.version, line_id: wrong.id, start: bar.start });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('针织上衣');
    expect(r.body.message).not.toContain('knit-top');
    const en = await call('maker.planner', 'POST', '/api/scmapi/schedule/command', { op: 'move', bar_id: bar.id, version: bar.version, line_id: wrong.id, start: bar.start }, 'en');
    expect(en.body.message).toContain('Knit tops');
  });
});
