import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeEntityFile, type RowMaker } from '../../fixtures/xlsx/large';
import { ERRORS } from '../../src/model/errors';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { api, importActorOf, importFile, UPLOAD_BASE } from './import-support';
import { sql } from 'kysely';
import { requireEntity } from '../../src/model';
import { withTenant } from '../../src/server/kernel/rls';
import { ImportSqlWriter } from '../../src/server/services/import/import-sql';

/**
 * Issue 33: purchase orders and requirement orders are updated by import, keyed by their number,
 * not only created: the file's columns merge over the stored order and its lines are replaced, through
 * the writer's stages and hooks (totals derived as a save derives them). What a save refuses (an order
 * sent, so in a locked state) the import refuses on the row with the save's own message, changing
 * nothing; another company's order of the same number is never matched.
 */
let t: TestApp;
let brand: string;
let maker: string;
const tmp = resolve('.tmp/update-orders-by-import');

type ErrorRow = { row: number; column: string; message: string };
type Doc = Record<string, unknown> & { id: number; version: number };

async function fileOf(name: string, entity: string, rows: Array<Record<string, unknown>>) {
  const path = join(tmp, name);
  const make: RowMaker = (i) => rows[i] as Record<string, string | number | null>;
  await writeEntityFile(path, entity, rows.length, make);
  return { name, content: readFileSync(path) };
}

async function errorsOf(token: string, jobId: number): Promise<ErrorRow[]> {
  const res = await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/jobs/${jobId}/errors?page=1&size=100`, headers: api(token) });
  return (res.json() as { data: { rows: ErrorRow[] } }).data.rows;
}

const firstCode = async (token: string, entity: string) => String((await resourceClient(t.app, token, 'mdapi', entity).page({ size: 1 })).body.data.rows[0].code);

beforeAll(async () => {
  mkdirSync(tmp, { recursive: true });
  t = await createTestApp();
  [brand, maker] = await Promise.all([signIn(t.app, 'brand'), signIn(t.app, 'maker')]);
});
afterAll(async () => t?.close());

describe('purchase orders updated by import, by PO number', () => {
  const po = () => resourceClient(t.app, brand, 'srmapi', 'purorder');

  async function savedOrder(qty: number): Promise<Doc> {
    const vendors = await resourceClient(t.app, brand, 'mdapi', 'vendor').page({ 'f.code.eq': 'VD001' });
    const materials = await resourceClient(t.app, brand, 'mdapi', 'material').page({ 'f.code.eq': 'MD0001' });
    const saved = await po().save({ order_kind: 'material', vendor_id: vendors.body.data.rows[0].id, order_date: '2026-06-01', currency: 'CNY', lines: [{ material_id: materials.body.data.rows[0].id, qty, unit_price: 10 }] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return (await po().view(saved.body.data.id)).body.data as Doc;
  }

  it('updates the order of that number: header columns merged over it, lines replaced, totals derived as a save derives them', async () => {
    const order = await savedOrder(50);
    const file = await fileOf('po-update.xlsx', 'purorder', [{ po_no: order.po_no, order_kind: 'material', vendor_id: 'VD001', delivery_date: '2026-09-30', currency: 'CNY', 'lines.material_id': 'MD0001', 'lines.qty': 80, 'lines.unit_price': 10 }]);
    const job = await importFile(t.app, brand, file, { entity: 'purorder', mode: 'upsert', commit: 'all' });
    expect(job.status, JSON.stringify(job)).toBe('done');
    expect(job.result).toMatchObject({ inserted: 0, updated: 1, invalid: 0, committed: true });
    const after = (await po().view(order.id)).body.data as Doc;
    expect(after).toMatchObject({ po_no: order.po_no, delivery_date: '2026-09-30', order_date: order.order_date, total_qty: 80, total_amount: 800, version: order.version + 1 });
    expect((after.lines as Doc[]).map((l) => Number(l.qty))).toEqual([80]);
  });

  it("refuses an order the save refuses (sent to the supplier) with the save's message, and changes nothing", async () => {
    const order = await savedOrder(20);
    const sent = await po().action('send', { id: order.id });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const stored = (await po().view(order.id)).body.data as Doc;
    const formSave = await po().save({ ...stored, delivery_date: '2026-12-31' });
    expect(formSave.status).toBe(409);

    const file = await fileOf('po-sent.xlsx', 'purorder', [{ po_no: order.po_no, order_kind: 'material', vendor_id: 'VD001', delivery_date: '2026-12-31', currency: 'CNY', 'lines.material_id': 'MD0001', 'lines.qty': 99 }]);
    const job = await importFile(t.app, brand, file, { entity: 'purorder', mode: 'upsert', commit: 'all' });
    expect(job.result).toMatchObject({ invalid: 1, updated: 0, committed: false });
    expect(await errorsOf(brand, job.id)).toEqual([expect.objectContaining({ row: 2, message: formSave.body.message })]);
    const after = (await po().view(order.id)).body.data as Doc;
    expect(after).toMatchObject({ status: stored.status, delivery_date: stored.delivery_date, total_qty: stored.total_qty, version: stored.version });
  });

  it('creates an order when the number the sheet names is none of the company\'s, and counts it as created, the updated one as updated', async () => {
    const order = await savedOrder(12);
    const row = (no: unknown, qty: number) => ({ po_no: no, order_kind: 'material', vendor_id: 'VD001', currency: 'CNY', 'lines.material_id': 'MD0001', 'lines.qty': qty, 'lines.unit_price': 2 });
    const file = await fileOf('po-create-and-update.xlsx', 'purorder', [row(order.po_no, 13), row('PO33NEWNUMBER1', 9)]);
    // The check tells what a commit would do: one order created, one updated; nothing is written yet.
    const checked = await importFile(t.app, brand, file, { entity: 'purorder', mode: 'upsert', commit: 'check' });
    expect(checked.result).toMatchObject({ toInsert: 1, toUpdate: 1, inserted: 0, updated: 0, committed: false });
    expect((await po().page({ 'f.po_no.eq': 'PO33NEWNUMBER1' })).body.data.total).toBe(0);
    const job = await importFile(t.app, brand, file, { entity: 'purorder', mode: 'upsert', commit: 'all' });
    expect(job.status, JSON.stringify(job)).toBe('done');
    expect(job.result).toMatchObject({ inserted: 1, updated: 1, invalid: 0, committed: true, insertedTotal: 1, updatedTotal: 1 });
    const created = (await po().page({ 'f.po_no.eq': 'PO33NEWNUMBER1' })).body.data.rows as Doc[];
    expect(created.map((r) => [Number(r.total_qty), Number(r.total_amount), r.version])).toEqual([[9, 18, 1]]);
    expect((await po().view(order.id)).body.data).toMatchObject({ total_qty: 13, version: order.version + 1 });
  });

  it("never overwrites an order saved by someone else since the import read it: the form's optimistic version check, the same message as a stale save", async () => {
    const order = await savedOrder(21);
    const entity = requireEntity('purorder');
    const children = (entity.children ?? []).map((c) => ({ key: c.key, entity: requireEntity(c.entity), foreignKey: c.foreignKey }));
    const who = await importActorOf(t.app, 'brand');
    const read = (await sql<Record<string, unknown>>`select * from pur_order where id = ${order.id}`.execute(t.app.db)).rows[0];
    // Someone saves the order in the form after the import read it.
    const saved = await po().save({ ...order, delivery_date: '2026-11-11' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const writer = new ImportSqlWriter(entity, children, who.actor, undefined);
    const doc = { key: String(order.po_no), row: 2, cells: [], values: { ...read, delivery_date: '2026-12-12' }, existing: read, lines: [] };
    const stale = await withTenant(t.app.db, who.clientId, (tx) => writer.updateDocs(tx, [doc]));
    expect(stale).toEqual([doc]);
    expect((await po().view(order.id)).body.data).toMatchObject({ delivery_date: '2026-11-11', version: order.version + 1 });
    // What the import's row then says is what the form says to a stale save.
    const formStale = await po().save({ ...order, delivery_date: '2026-10-10' });
    expect(formStale.status).toBe(409);
    expect(formStale.body.message).toBe(ERRORS['err.staleVersion'].zh);
  });

  it('"update existing only" updates the orders it finds and creates none: an unknown or blank number is the row\'s error', async () => {
    const order = await savedOrder(40);
    const row = (no: unknown, qty: number) => ({ po_no: no, order_kind: 'material', vendor_id: 'VD001', currency: 'CNY', 'lines.material_id': 'MD0001', 'lines.qty': qty });
    const before = (await po().page({ size: 1 })).body.data.total;
    const checked = await importFile(t.app, brand, await fileOf('po-update-only.xlsx', 'purorder', [row(order.po_no, 60), row('PONOSUCH0001', 5), row(null, 6)]), { entity: 'purorder', mode: 'update', commit: 'valid' });
    expect(checked.status, JSON.stringify(checked)).toBe('done');
    expect(checked.result).toMatchObject({ inserted: 0, updated: 1, invalid: 2 });
    const message = ERRORS['excel.updateNotFound'].zh;
    expect(await errorsOf(brand, checked.id)).toEqual([expect.objectContaining({ row: 3, message }), expect.objectContaining({ row: 4, message })]);
    expect((await po().view(order.id)).body.data).toMatchObject({ total_qty: 60, version: order.version + 1 });
    expect((await po().page({ size: 1 })).body.data.total).toBe(before);
  });

  it("never matches another company's order of the same number: the import creates its own", async () => {
    const order = await savedOrder(30);
    const vendor = await firstCode(maker, 'vendor');
    const material = await firstCode(maker, 'material');
    const file = await fileOf('po-other.xlsx', 'purorder', [{ po_no: order.po_no, order_kind: 'material', vendor_id: vendor, delivery_date: '2026-10-10', currency: 'CNY', 'lines.material_id': material, 'lines.qty': 7 }]);
    const job = await importFile(t.app, maker, file, { entity: 'purorder', mode: 'upsert', commit: 'all' });
    expect(job.status, JSON.stringify(job)).toBe('done');
    expect(job.result).toMatchObject({ inserted: 1, updated: 0, committed: true });
    const brandsOrder = (await po().view(order.id)).body.data as Doc;
    expect(brandsOrder).toMatchObject({ version: order.version, total_qty: order.total_qty, delivery_date: order.delivery_date });
    const makers = (await resourceClient(t.app, maker, 'srmapi', 'purorder').page({ 'f.po_no.eq': String(order.po_no) })).body.data.rows as Doc[];
    expect(makers).toHaveLength(1);
    expect(makers[0].id).not.toBe(order.id);
    // Updating only: a number only the maker has is no order of the brand's, and the maker's stays as it was.
    const makerOnly = await importFile(t.app, maker, await fileOf('po-maker-only.xlsx', 'purorder', [{ po_no: 'POMAKERONLY33', order_kind: 'material', vendor_id: vendor, currency: 'CNY', 'lines.material_id': material, 'lines.qty': 3 }]), { entity: 'purorder', mode: 'upsert', commit: 'all' });
    expect(makerOnly.result).toMatchObject({ inserted: 1 });
    const again = await importFile(t.app, brand, await fileOf('po-other-update.xlsx', 'purorder', [{ po_no: 'POMAKERONLY33', order_kind: 'material', vendor_id: 'VD001', currency: 'CNY', 'lines.material_id': 'MD0001', 'lines.qty': 1 }]), { entity: 'purorder', mode: 'update', commit: 'all' });
    expect(again.result).toMatchObject({ inserted: 0, updated: 0, invalid: 1 });
    const kept = (await resourceClient(t.app, maker, 'srmapi', 'purorder').page({ 'f.po_no.eq': 'POMAKERONLY33' })).body.data.rows as Doc[];
    expect(kept.map((r) => [Number(r.total_qty), r.version])).toEqual([[3, 1]]);
  });
});

describe('requirement orders updated by import, by PR number', () => {
  const orders = () => resourceClient(t.app, brand, 'scmapi', 'prorder');
  const entry = { style_no: 'ST-UPD', style_name: '更新款', colour: '黑色', size: 'M', qty: 30, unit_price: 10, seq: 1 };

  async function savedOrder(makerVendorId?: number): Promise<Doc> {
    const saved = await orders().save({ pr_type: 'bulk', customer_po: 'PO-UPD', category: 'knit-top', receive_date: '2026-03-02', delivery_date: '2026-04-20', currency: 'CNY', ...(makerVendorId ? { maker_vendor_id: makerVendorId } : {}), entries: [entry] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return (await orders().view(saved.body.data.id)).body.data as Doc;
  }

  const rowOf = (no: unknown, customerPo: string, qty: number) => ({ pr_no: no, pr_type: 'bulk', customer_po: customerPo, currency: 'CNY', 'entries.style_no': 'ST-UPD', 'entries.colour': '黑色', 'entries.size': 'L', 'entries.qty': qty });

  it('updates the order of that number, its entries replaced and its totals derived', async () => {
    const order = await savedOrder();
    const job = await importFile(t.app, brand, await fileOf('pr-update.xlsx', 'prorder', [rowOf(order.pr_no, 'PO-UPD-2', 45)]), { entity: 'prorder', mode: 'upsert', commit: 'all' });
    expect(job.status, JSON.stringify(job)).toBe('done');
    expect(job.result).toMatchObject({ inserted: 0, updated: 1, committed: true });
    const after = (await orders().view(order.id)).body.data as Doc;
    expect(after).toMatchObject({ customer_po: 'PO-UPD-2', delivery_date: order.delivery_date, total_qty: 45, version: order.version + 1 });
    expect((after.entries as Doc[]).map((e) => [e.size, Number(e.qty)])).toEqual([['L', 45]]);
  });

  it("refuses an order sent to its maker with the save's message, and changes nothing", async () => {
    const vendors = (await resourceClient(t.app, brand, 'mdapi', 'vendor').page({ size: 100 })).body.data.rows;
    const joined = vendors.find((x) => x.platform_client_code === 'MAKER01')!;
    const order = await savedOrder(Number(joined.id));
    expect((await orders().action('send', { id: order.id })).status).toBe(200);
    const stored = (await orders().view(order.id)).body.data as Doc;
    const formSave = await orders().save({ ...stored, customer_po: 'PO-LOCKED' });
    expect(formSave.status).toBe(409);

    const job = await importFile(t.app, brand, await fileOf('pr-sent.xlsx', 'prorder', [rowOf(order.pr_no, 'PO-LOCKED', 99)]), { entity: 'prorder', mode: 'upsert', commit: 'all' });
    expect(job.result).toMatchObject({ invalid: 1, updated: 0, committed: false });
    expect(await errorsOf(brand, job.id)).toEqual([expect.objectContaining({ row: 2, message: formSave.body.message })]);
    expect((await orders().view(order.id)).body.data).toMatchObject({ customer_po: 'PO-UPD', status: stored.status, total_qty: stored.total_qty, version: stored.version });
  });
});
