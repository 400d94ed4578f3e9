import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Minimum and reorder levels per material and location (issue 35), on PGlite and PostgreSQL: the demo
 * levels and the report of materials below reorder level; levels edited as the location drawer's grid
 * (minimum above reorder and a material twice refused, nothing written); a stock move that takes the
 * on-hand quantity below the reorder level alerts the company's purchasers (bell and task) once per
 * crossing, below the minimum again, and again after the stock came back and fell; who is a purchaser
 * (not finance); each company reads only its own locations' levels.
 */
let t: TestApp;
let brand: string;
let maker: string;
let ids: { brand: number; maker: number };
type Row = Record<string, unknown>;
const q = async (text: ReturnType<typeof sql>) => (await (text as ReturnType<typeof sql<Row>>).execute(t.app.db)).rows;
const api = (token: string, entity: string, lang: 'zh-CN' | 'en' = 'zh-CN') => resourceClient(t.app, token, 'srmapi', entity, lang);
const report = async (token: string, query = 'group=material,location') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/rptapi/report/stock-below-reorder/run?${query}`, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() as { data: { rows: Row[]; labels: Record<string, Record<string, string>> } } };
};
const idOf = async (table: string, clientId: number, code: string) => Number((await q(sql`select id from ${sql.table(table)} where client_id = ${clientId} and code = ${code}`))[0].id);
const alerts = async (clientId: number, kind: string, location = 'WH-A02') => q(sql`select user_id, title, body from notify_notice where client_id = ${clientId} and kind = ${kind} and title like ${`%${location}%`} order by id`);
const tasksLike = async (clientId: number, text: string) => q(sql`select user_id, subject, priority from notify_task where client_id = ${clientId} and subject like ${`%${text}%`} order by id`);
const userId = async (username: string) => Number((await q(sql`select id from users where lower(username) = ${username}`))[0].id);

beforeAll(async () => {
  t = await createTestApp();
  brand = await signIn(t.app, 'brand');
  maker = await signIn(t.app, 'maker');
  const c = await q(sql`select id, code from clients where code in ('BRAND01', 'MAKER01')`);
  const by = (code: string) => Number(c.find((r) => r.code === code)!.id);
  ids = { brand: by('BRAND01'), maker: by('MAKER01') };
}, 600_000);
afterAll(async () => t?.close());

describe('stock levels', () => {
  it('the demo levels: A01 and B01 are under their reorder level, and the report lists them', async () => {
    const a01 = await idOf('wms_location', ids.maker, 'WH-A01');
    const doc = (await api(maker, 'warehouselocation').view(a01)).body.data;
    expect((doc.levels as Row[]).map((l) => [Number(l.min_qty), Number(l.reorder_qty)])).toEqual([[300, 600], [400, 800]]);
    const r = await report(maker);
    expect(r.status).toBe(200);
    const detail = r.body.data.rows.filter((x) => x._level === 0);
    const seen = detail.map((x) => `${r.body.data.labels.location[String(x.location)]}|${Number(x.on_hand)}|${Number(x.shortfall)}`).sort();
    expect(seen).toEqual(['一厂面料仓 A01|570|30', '二厂面料仓 B01|500|100']);
    // The brand reads only its own locations.
    const b = await report(brand);
    const brandLocations = (await q(sql`select id from wms_location where client_id = ${ids.brand}`)).map((x) => Number(x.id));
    for (const x of b.body.data.rows.filter((y) => y._level === 0)) expect(brandLocations).toContain(Number(x.location));
    for (const x of detail) expect(brandLocations).not.toContain(Number(x.location));
  });

  it('edits levels as the location grid saves them, refusing a minimum above the reorder level and a material twice', async () => {
    const b01 = await idOf('wms_location', ids.maker, 'WH-B01');
    const m1 = await idOf('md_material', ids.maker, 'MD0001');
    const m2 = await idOf('md_material', ids.maker, 'MD0002');
    const doc = (await api(maker, 'warehouselocation').view(b01)).body.data;
    const bad = await api(maker, 'warehouselocation').save({ id: b01, version: doc.version, levels: [{ material_id: m2, min_qty: 700, reorder_qty: 600 }] });
    expect(bad.status).toBe(400);
    const errors = bad.body.data.errors as Record<string, string>;
    expect(Object.entries(errors).find(([k]) => k.endsWith('min_qty'))?.[1]).toBe('最低库存不能高于再订货点');
    const twice = await api(maker, 'warehouselocation', 'en').save({ id: b01, version: doc.version, levels: [{ material_id: m2, reorder_qty: 600 }, { material_id: m2, reorder_qty: 100 }] });
    expect(twice.status).toBe(400);
    expect((twice.body.data.errors as Record<string, string>).levels).toBe('Material MD0002 already has levels at this location: one row per material');
    expect(Number((await q(sql`select count(*)::int as n from wms_stock_level where client_id = ${ids.maker} and location_id = ${b01}`))[0].n)).toBe(1);
    const ok = await api(maker, 'warehouselocation').save({ id: b01, version: doc.version, levels: [...(doc.levels as Row[]).map((l) => ({ id: l.id, material_id: l.material_id, min_qty: l.min_qty, reorder_qty: l.reorder_qty })), { material_id: m1, min_qty: null, reorder_qty: 10 }] });
    expect(ok.status).toBe(200);
    expect(((await api(maker, 'warehouselocation').view(b01)).body.data.levels as Row[]).length).toBe(2);
    // Another company's location is not ours to edit.
    expect((await api(brand, 'warehouselocation').save({ id: b01, version: doc.version, levels: [] })).status).toBe(404);
  });

  it('a movement below the reorder level alerts the purchasers once per crossing; below the minimum again', async () => {
    // The brand's cutting area A02 holds 200 kg of MD0001 (reorder 150, minimum 50).
    const a01 = await idOf('wms_location', ids.brand, 'WH-A01');
    const a02 = await idOf('wms_location', ids.brand, 'WH-A02');
    const m1 = await idOf('md_material', ids.brand, 'MD0001');
    const onHand = async () => Number((await q(sql`select coalesce(sum(qty), 0)::float8 as n from wms_stock where client_id = ${ids.brand} and location_id = ${a02} and material_id = ${m1}`))[0].n);
    expect(await onHand()).toBe(200);
    const move = async (from: number, to: number, qty: number) => {
      const s = await api(brand, 'stockmove').save({ move_type: 'move', material_id: m1, from_location_id: from, to_location_id: to, qty, remark: '水位测试' });
      expect(s.status).toBe(200);
      const p = await api(brand, 'stockmove').action('post', { ids: [s.body.data.id] });
      expect(p.status).toBe(200);
    };
    const purchasers = [await userId('brand'), await userId('brand.buyer')].sort((a, b) => a - b);
    const finance = await userId('brand.finance');

    await move(a02, a01, 40); // 200 -> 160: still above 150
    expect(await alerts(ids.brand, 'purchase.belowReorder')).toEqual([]);
    await move(a02, a01, 20); // 160 -> 140: crosses the reorder level
    const first = await alerts(ids.brand, 'purchase.belowReorder');
    expect(first.map((a) => Number(a.user_id)).sort((a, b) => a - b)).toEqual(purchasers);
    expect(String(first[0].title)).toContain('库存低于再订货点：MD0001');
    expect(String(first[0].body)).toContain('由 160 降至 140（再订货点 150，最低库存 50）');
    const tasks = await tasksLike(ids.brand, '补货：MD0001');
    expect(tasks.map((x) => Number(x.user_id)).sort((a, b) => a - b)).toEqual(purchasers);
    expect(tasks.every((x) => x.priority === 'normal')).toBe(true);
    expect((await q(sql`select 1 from notify_notice where client_id = ${ids.brand} and user_id = ${finance} and kind like 'purchase.below%'`)).length).toBe(0);

    await move(a02, a01, 10); // 140 -> 130: already below, no new alert
    expect((await alerts(ids.brand, 'purchase.belowReorder')).length).toBe(purchasers.length);
    await move(a02, a01, 90); // 130 -> 40: passes the minimum
    const min = await alerts(ids.brand, 'purchase.belowMinimum');
    expect(min.length).toBe(purchasers.length);
    expect((await tasksLike(ids.brand, '低于最低库存')).every((x) => x.priority === 'high')).toBe(true);
    expect((await alerts(ids.brand, 'purchase.belowReorder')).length).toBe(purchasers.length);
    const r = await report(brand, 'group=material,location,below');
    expect(r.body.data.rows.some((x) => x._level === 0 && Number(x.location) === a02 && x.below === 'minimum' && Number(x.on_hand) === 40)).toBe(true);

    // Back above the reorder level, then down again: a new crossing, a new alert.
    await move(a01, a02, 160); // 40 -> 200 (and A01: 730 -> 570, under its own reorder level of 600)
    expect((await alerts(ids.brand, 'purchase.belowReorder', 'WH-A01')).length).toBe(purchasers.length);
    await move(a02, a01, 60); // 200 -> 140
    expect((await alerts(ids.brand, 'purchase.belowReorder')).length).toBe(2 * purchasers.length);
    expect(await onHand()).toBe(140);
    // The maker heard nothing of the brand's stock.
    expect((await q(sql`select 1 from notify_notice where client_id = ${ids.maker} and kind like 'purchase.below%'`)).length).toBe(0);
  });
});
