import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Vendors proposed for an outsourced order by capacity and KPI (issue 35), on PGlite and PostgreSQL:
 * the candidates (the maker's processing vendors and those that took the process before), each vendor's
 * capacity in the order's window counted from its monthly declarations by the days that fall in the
 * window, the pieces its other open orders book there, the free capacity and whether the order fits;
 * the ranking (fits first, then score, then free capacity) and the reasons; choosing one goes through
 * the ordinary save; another company's order is a 404.
 */
let t: TestApp;
let maker: string;
let brand: string;
let supplier: string;
let makerId: number;
type Row = Record<string, unknown>;
const q = async (text: ReturnType<typeof sql>) => (await (text as ReturnType<typeof sql<Row>>).execute(t.app.db)).rows;
const proposals = async (token: string, id: number) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/scmapi/outsourceorder/vendor-proposals', query: { id: String(id) }, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() as { data: { order: Row; rows: Row[] } } };
};
const DAY = 86_400_000;
const dayNo = (d: string) => Math.floor(Date.parse(`${d}T00:00:00Z`) / DAY);
/** The share of each month of the window: days in the window / days of the month. */
function monthShares(from: string, to: string): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  const [a, b] = [dayNo(from), dayNo(to)];
  for (let d = new Date(`${from.slice(0, 7)}-01T00:00:00Z`); dayNo(d.toISOString().slice(0, 10)) <= b; d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))) {
    const first = dayNo(d.toISOString().slice(0, 10));
    const last = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0) / DAY;
    out.push([d.toISOString().slice(0, 7), (Math.min(b, last) - Math.max(a, first) + 1) / (last - first + 1)]);
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  maker = await signIn(t.app, 'maker');
  brand = await signIn(t.app, 'brand');
  supplier = await signIn(t.app, 'supplier');
  makerId = Number((await q(sql`select id from clients where code = 'MAKER01'`))[0].id);
}, 600_000);
afterAll(async () => t?.close());

describe('vendor proposals of an outsourced order', () => {
  it('ranks the processing vendors by whether their free capacity in the window fits, then KPI, with reasons', async () => {
    const [order] = await q(sql`select id, version, os_no, total_qty, order_date, delivery_date, vendor_id, process_id from scm_outsource_order
      where client_id = ${makerId} and status = 'draft' and delivery_date is not null order by id limit 1`);
    expect(order).toBeTruthy();
    const id = Number(order.id);
    const first = await proposals(maker, id);
    expect(first.status).toBe(200);
    const from = String(first.body.data.order.from);
    const to = String(first.body.data.order.to);
    expect(to).toBe(String(order.delivery_date).slice(0, 10));
    expect(Number(first.body.data.order.qty)).toBe(Number(order.total_qty));
    const current = first.body.data.rows.find((r) => r.current)!;
    expect(Number(current.vendor_id)).toBe(Number(order.vendor_id));

    // A second processing vendor with room to spare, and a small declared capacity for the current one.
    const vendor = await resourceClient(t.app, maker, 'mdapi', 'vendor').save({ code: 'VD-OS09', name: '嘉兴恒美水洗厂', vendor_type: 'process', currency: 'CNY' });
    expect(vendor.status).toBe(200);
    const groups = resourceClient(t.app, maker, 'scmapi', 'capacitygroup');
    let [group] = (await groups.page({ size: 1 })).body.data.rows;
    if (!group) group = (await groups.save({ code: 'CG-OS', name: '外发加工', categories: JSON.stringify(['knit-top']) })).body.data;
    const caps = resourceClient(t.app, maker, 'scmapi', 'vendorcapacity');
    const shares = monthShares(from, to);
    for (const [month] of shares) {
      expect((await caps.save({ vendor_id: vendor.body.data.id, group_id: group.id, cycle_type: 'month', cycle: month, capacity: 90000 })).status).toBe(200);
      expect((await caps.save({ vendor_id: order.vendor_id, group_id: group.id, cycle_type: 'month', cycle: month, capacity: 1 })).status).toBe(200);
    }
    const r = await proposals(maker, id);
    const rows = r.body.data.rows;
    const nine = rows.find((x) => x.code === 'VD-OS09')!;
    const expected = Math.round(shares.reduce((s, [, share]) => s + 90000 * share, 0));
    expect(Number(nine.capacity)).toBe(expected);
    expect(Number(nine.free)).toBe(expected - Number(nine.load));
    expect(nine).toMatchObject({ fits: true, score: null, on_platform: false, current: false });
    expect((nine.reasons as Row[]).map((x) => x.key)).toEqual(['os.proposal.fits', 'os.proposal.noHistory', 'os.proposal.manual']);
    const cur = rows.find((x) => x.current)!;
    expect(Number(cur.capacity)).toBe(Math.round(shares.reduce((s, [, share]) => s + share, 0)));
    expect(cur.fits).toBe(false);
    expect((cur.reasons as Row[])[0]).toMatchObject({ key: 'os.proposal.short', params: { qty: Number(order.total_qty) } });
    // Ranking: everything that fits before what has no declared capacity, before what is short; ranks 1..n.
    const klass = (x: Row) => (x.fits === true ? 0 : x.fits === null ? 1 : 2);
    for (let i = 1; i < rows.length; i++) expect(klass(rows[i - 1])).toBeLessThanOrEqual(klass(rows[i]));
    expect(rows.map((x) => x.rank)).toEqual(rows.map((_, i) => i + 1));
    expect(rows.indexOf(nine)).toBeLessThan(rows.indexOf(cur));
    // Every candidate is an active vendor of the maker of the processing type, or took the process before, or is the current one.
    for (const x of rows) {
      const [v] = await q(sql`select vendor_type, client_id from md_vendor where id = ${Number(x.vendor_id)}`);
      expect(Number(v.client_id)).toBe(makerId);
      expect(v.vendor_type === 'process' || Number(x.same_process) > 0 || x.current).toBe(true);
    }

    // Choosing a proposal is the ordinary save of the order's vendor.
    const saved = await resourceClient(t.app, maker, 'scmapi', 'outsourceorder').save({ id, version: order.version, vendor_id: nine.vendor_id });
    expect(saved.status).toBe(200);
    const after = await proposals(maker, id);
    expect(after.body.data.rows.find((x) => x.current)!.code).toBe('VD-OS09');
  });

  it('the KPI score is the mean of the on-time and pass rates that exist', async () => {
    const [order] = await q(sql`select id from scm_outsource_order where client_id = ${makerId} order by id limit 1`);
    for (const x of (await proposals(maker, Number(order.id))).body.data.rows) {
      const parts = [x.on_time_rate, x.pass_rate].filter((v) => v !== null).map(Number);
      if (!parts.length) expect(x.score).toBeNull();
      else expect(Number(x.score)).toBe(Math.round((parts.reduce((a, b) => a + b, 0) / parts.length) * 100));
    }
  });

  it("another company's order is not found; an unknown id neither", async () => {
    const [order] = await q(sql`select id from scm_outsource_order where client_id = ${makerId} order by id limit 1`);
    expect((await proposals(brand, Number(order.id))).status).toBe(404);
    expect((await proposals(supplier, Number(order.id))).status).toBe(404);
    expect((await proposals(maker, 999999999)).status).toBe(404);
  });
});
