import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { resourceClient } from '../support/resource-client';

/**
 * Allocation versions (issue 6, spec 4 draft -> published -> archived, spec 5 "Version number already
 * exists"): suggestion within capacity, planner edits kept on rerun, publish archives the previous
 * one and makes the version read-only with its demand, copy starts a new draft, tenants stay apart.
 */
type Workbench = {
  version: Record<string, unknown>;
  cycles: string[];
  lines: Array<{ id: number; category: string; month: string; plan_qty: number }>;
  vendors: Array<{ id: number; code: string }>;
  groups: Array<{ id: number; categories: string[] }>;
  capacity: Array<{ vendorId: number; groupId: number; cycle: string; capacity: number }>;
  cells: Array<{ lineId: number; vendorId: number; cycle: string; qty: number; locked: boolean }>;
};

let t: TestApp;
let brand: string;
let maker: string;

async function workbench(token: string, id: unknown) {
  const res = await t.app.inject({ method: 'GET', url: '/api/scmapi/allocationversion/workbench', query: { id: String(id) }, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() as { code: number; data: Workbench } };
}

/** Load per vendor x group x cycle must stay within capacity, allocation per line within demand. */
function violations(wb: Workbench) {
  const groupOf = new Map(wb.groups.flatMap((g) => g.categories.map((c) => [c, g.id] as const)));
  const lineOf = new Map(wb.lines.map((l) => [l.id, l]));
  const cap = new Map(wb.capacity.map((c) => [`${c.vendorId}|${c.groupId}|${c.cycle}`, c.capacity]));
  const load = new Map<string, number>();
  const perLine = new Map<number, number>();
  for (const c of wb.cells) {
    const k = `${c.vendorId}|${groupOf.get(lineOf.get(c.lineId)!.category)}|${c.cycle}`;
    load.set(k, (load.get(k) ?? 0) + c.qty);
    perLine.set(c.lineId, (perLine.get(c.lineId) ?? 0) + c.qty);
  }
  return {
    overCapacity: [...load].filter(([k, l]) => l > (cap.get(k) ?? 0)),
    overDemand: [...perLine].filter(([id, q]) => q > lineOf.get(id)!.plan_qty),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  brand = await signIn(t.app, 'brand');
  maker = await signIn(t.app, 'maker');
});
afterAll(async () => t?.close());

describe('allocation versions', () => {
  it('suggests within capacity, keeps a planner edit on rerun, publishes read-only, copies to a draft', async () => {
    const versions = resourceClient(t.app, brand, 'scmapi', 'allocationversion');
    const list = await versions.page();
    expect(list.status).toBe(200);
    const seeded = list.body.data.rows.find((r) => r.status === 'draft')!;
    expect(seeded).toBeTruthy();
    expect(Number(seeded.demand_qty)).toBeGreaterThan(0);

    // Suggest: cells appear, none over capacity or demand; the reply explains what stayed unplaced.
    const s1 = await versions.action('suggest', { id: seeded.id });
    expect(s1.status).toBe(200);
    const s1data = (s1.body.data as unknown as { data: Array<{ totals: { suggested: number; unplaced: number; demand: number }; unplaced: Array<{ reason: string; message: string }> }> }).data[0];
    expect(s1data.totals.suggested).toBeGreaterThan(0);
    expect(s1data.totals.suggested + s1data.totals.unplaced).toBe(s1data.totals.demand);
    for (const u of s1data.unplaced) expect(u.message).not.toMatch(/^scm\./);
    let wb = (await workbench(brand, seeded.id)).body.data;
    expect(wb.cells.length).toBeGreaterThan(0);
    expect(violations(wb)).toEqual({ overCapacity: [], overDemand: [] });
    expect(Number(s1.body.data.rows[0].allocated_qty)).toBe(s1data.totals.suggested);

    // A planner edit: a line's cell set by hand, and a vendor kept off another line with a locked 0.
    const line = wb.lines[0];
    const other = wb.vendors.find((v) => !wb.cells.some((c) => c.lineId === line.id && c.vendorId === v.id))!;
    const suggestedOnLine2 = wb.cells.find((c) => c.lineId === wb.lines[1].id)!;
    const edit = await versions.action('save-cells', {
      id: seeded.id,
      cells: JSON.stringify([
        { lineId: line.id, vendorId: other.id, cycle: line.month, qty: 123 },
        { lineId: suggestedOnLine2.lineId, vendorId: suggestedOnLine2.vendorId, cycle: suggestedOnLine2.cycle, qty: 0 },
      ]),
    });
    expect(edit.status).toBe(200);
    // The version's totals are declared over its lines and cells and kept by the writer: the cells' save changed them.
    const edited = (await workbench(brand, seeded.id)).body.data;
    const placed = (id: number) => edited.cells.filter((c) => c.lineId === id).reduce((s, c) => s + c.qty, 0);
    const afterEdit = (await versions.view(seeded.id)).body.data;
    expect(Number(afterEdit.allocated_qty)).toBe(edited.cells.reduce((s, c) => s + c.qty, 0));
    expect(Number(afterEdit.unplaced_qty)).toBe(edited.lines.reduce((s, l) => s + Math.max(l.plan_qty - placed(l.id), 0), 0));
    // The workbench's rows are read typed by their entities' declarations (numbers as numbers).
    expect([typeof edited.lines[0].plan_qty, typeof edited.capacity[0].capacity, typeof edited.cells[0].qty, typeof edited.vendors[0].id]).toEqual(['number', 'number', 'number', 'number']);
    // The cells are read by the action's declared shape: a bad one is refused naming it, nothing saved.
    const bad = await versions.action('save-cells', { id: seeded.id, cells: JSON.stringify([{ lineId: line.id, vendorId: other.id, cycle: line.month, qty: -1 }]) });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('cells.0.qty');
    // A cell outside the version (another company's vendor, a month out of its range) is refused by the cell's declared references, naming it, nothing saved.
    const foreign = await versions.action('save-cells', { id: seeded.id, cells: [{ lineId: line.id, vendorId: other.id, cycle: line.month, qty: 7 }, { lineId: line.id, vendorId: 999999999, cycle: line.month, qty: 5 }, { lineId: line.id, vendorId: other.id, cycle: '1999-01', qty: 5 }] });
    expect(foreign.status).toBe(400);
    expect(Object.keys((foreign.body.data as unknown as { errors: Record<string, string> }).errors)).toEqual(['cells[1]', 'cells[2]']);
    await versions.action('suggest', { id: seeded.id });
    wb = (await workbench(brand, seeded.id)).body.data;
    expect(wb.cells).toContainEqual(expect.objectContaining({ lineId: line.id, vendorId: other.id, cycle: line.month, qty: 123, locked: true }));
    expect(wb.cells.filter((c) => c.lineId === suggestedOnLine2.lineId && c.vendorId === suggestedOnLine2.vendorId && c.qty > 0)).toEqual([]);
    // The kept cell counts against demand: the line is never allocated above its plan.
    expect(violations(wb).overDemand).toEqual([]);

    // Publish: read-only, the demand with it.
    const pub = await versions.action('publish', { id: seeded.id });
    expect(pub.status).toBe(200);
    expect(pub.body.data.rows[0].status).toBe('published');
    const lockedSave = await versions.save({ ...pub.body.data.rows[0], name: 'changed' });
    expect(lockedSave.status).toBe(409);
    const lockedCells = await versions.action('save-cells', { id: seeded.id, cells: [{ lineId: line.id, vendorId: other.id, cycle: line.month, qty: 1 }] });
    expect(lockedCells.status).toBe(409);
    expect(lockedCells.body.message).toBe('该版本已发布或已归档，只读');
    const demand = resourceClient(t.app, brand, 'scmapi', 'demand');
    const dl = (await demand.view(line.id)).body.data;
    const lockedDemand = await demand.save({ ...dl, plan_qty: 1 });
    expect(lockedDemand.status).toBe(409);
    expect((await demand.remove([line.id])).status).toBe(409);

    // Copy: a new draft with the same demand and cells; a taken code is refused in the spec's words.
    const dup = await versions.action('copy', { id: seeded.id, version_code: seeded.version_code });
    expect(dup.status).toBe(400);
    expect((dup.body.data as unknown as { errors: Record<string, string> }).errors.version_code).toBe('版本号已存在');
    const copy = await versions.action('copy', { id: seeded.id, version_code: 'V-COPY-1', name: 'copy' });
    expect(copy.status).toBe(200);
    const copyId = (copy.body.data as unknown as { data: Array<{ id: number }> }).data[0].id;
    // The copy's code and name are the new version's: the version copied from keeps its own, and its version.
    const source = (await versions.view(seeded.id)).body.data;
    expect([source.version_code, source.version]).toEqual([seeded.version_code, pub.body.data.rows[0].version]);
    const copied = (await versions.view(copyId)).body.data;
    expect(copied).toMatchObject({ version_code: 'V-COPY-1', name: 'copy', status: 'draft' });
    expect(Number(copied.copied_from)).toBe(Number(seeded.id));
    // The copy's totals are its own lines' and cells', the same pieces as the version copied.
    expect([copied.demand_qty, copied.allocated_qty, copied.unplaced_qty].map(Number)).toEqual([source.demand_qty, source.allocated_qty, source.unplaced_qty].map(Number));
    const cwb = (await workbench(brand, copyId)).body.data;
    expect(cwb.version.status).toBe('draft');
    expect(cwb.lines.length).toBe(wb.lines.length);
    expect(cwb.cells.reduce((s, c) => s + c.qty, 0)).toBe(wb.cells.reduce((s, c) => s + c.qty, 0));
    expect(cwb.lines.map((l) => l.id).some((id) => wb.lines.some((o) => o.id === id))).toBe(false);

    // Publishing the copy archives the version published before it.
    expect((await versions.action('publish', { id: copyId })).status).toBe(200);
    expect((await versions.view(seeded.id)).body.data.status).toBe('archived');
    expect((await versions.view(copyId)).body.data.status).toBe('published');
  });

  it('keeps a draft version\'s totals when a demand line is removed', async () => {
    const versions = resourceClient(t.app, brand, 'scmapi', 'allocationversion');
    const published = (await versions.page({ tab: 'published' })).body.data.rows[0];
    const copy = await versions.action('copy', { id: published.id, version_code: 'V-REMOVE-1', name: 'remove a line' });
    expect(copy.status).toBe(200);
    const draft = { id: (copy.body.data as unknown as { data: Array<{ id: number }> }).data[0].id };
    const wb = (await workbench(brand, draft.id)).body.data;
    const line = wb.lines.find((l) => l.plan_qty > 0)!;
    const before = Number((await versions.view(draft.id)).body.data.demand_qty);
    expect(before).toBe(wb.lines.reduce((s, l) => s + l.plan_qty, 0));
    const demand = resourceClient(t.app, brand, 'scmapi', 'demand');
    expect((await demand.remove([line.id])).status).toBe(200);
    const after = (await versions.view(draft.id)).body.data;
    expect(Number(after.demand_qty)).toBe(before - line.plan_qty);
    const rest = (await workbench(brand, draft.id)).body.data;
    expect(Number(after.allocated_qty)).toBe(rest.cells.reduce((s, c) => s + c.qty, 0));

    // A line stays within its version's months.
    const other = rest.lines[0]!;
    const outside = await demand.save({ ...(await demand.view(other.id)).body.data, month: '2099-01' });
    expect(outside.status).toBe(400);
    expect((outside.body.data as unknown as { errors: Record<string, string> }).errors.month).toBeTruthy();

    // The draft goes with its demand lines and their cells.
    expect(rest.cells.length).toBeGreaterThan(0);
    const gone = await versions.remove([draft.id]);
    expect(gone.status).toBe(200);
    for (const l of rest.lines) expect((await demand.view(l.id)).status).toBe(404);
  });

  it('refuses a duplicate version code on save with "版本号已存在" (and in English)', async () => {
    const versions = resourceClient(t.app, brand, 'scmapi', 'allocationversion');
    const ok = await versions.save({ version_code: 'V-DUP', month_from: '2026-01', month_to: '2026-03' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.status).toBe('draft');
    const again = await versions.save({ version_code: 'v-dup', month_from: '2026-01', month_to: '2026-03' });
    expect(again.status).toBe(400);
    expect((again.body.data as unknown as { errors: Record<string, string> }).errors.version_code).toBe('版本号已存在');
    const en = await resourceClient(t.app, brand, 'scmapi', 'allocationversion', 'en').save({ version_code: 'V-DUP', month_from: '2026-01', month_to: '2026-03' });
    // The signed-in user's language (zh-CN) wins over x-lang; either way the message is the version one.
    expect(['版本号已存在', 'Version number already exists']).toContain((en.body.data as unknown as { errors: Record<string, string> }).errors.version_code);
    const range = await versions.save({ version_code: 'V-RANGE', month_from: '2026-05', month_to: '2026-03' });
    expect(range.status).toBe(400);
  });

  it('allocates an order to a vendor the published version planned for its category and month', async () => {
    const versions = resourceClient(t.app, brand, 'scmapi', 'allocationversion');
    const published = (await versions.page({ tab: 'published' })).body.data.rows[0];
    const wb = (await workbench(brand, published.id)).body.data;
    const cell = wb.cells.find((c) => c.qty >= 100)!;
    const line = wb.lines.find((l) => l.id === cell.lineId)!;
    const planned = new Set(wb.cells.filter((c) => wb.lines.find((l) => l.id === c.lineId)!.category === line.category && c.cycle === cell.cycle).map((c) => c.vendorId));
    const orders = resourceClient(t.app, brand, 'scmapi', 'prorder');
    const order = (await orders.save({ pr_type: 'bulk', currency: 'CNY', category: line.category, receive_date: `${cell.cycle}-01`, delivery_date: `${cell.cycle}-20`,
      entries: [{ style_no: 'A1', colour: '红', size: 'M', qty: 50, unit_price: 9 }] })).body.data;
    expect(order.alloc_status).toBe('to_allocate');
    const r = await orders.action('allocate', { id: order.id });
    expect(r.status).toBe(200);
    expect(planned.has(Number(r.body.data.rows[0].maker_vendor_id))).toBe(true);
    expect(r.body.data.rows[0].alloc_status).toBe('allocated');
    // A category the version never planned has no vendor: spec 8 "no vendor matches, select manually".
    const other = (await orders.save({ pr_type: 'bulk', currency: 'CNY', category: 'sportswear', receive_date: '2031-01-01', entries: [{ style_no: 'A2', colour: '红', size: 'M', qty: 5 }] })).body.data;
    const none = await orders.action('allocate', { id: other.id });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('没有匹配的供应商，请手工选择');
  });

  it('keeps versions inside their tenant', async () => {
    const brandVersions = resourceClient(t.app, brand, 'scmapi', 'allocationversion');
    const id = (await brandVersions.page()).body.data.rows[0].id;
    expect((await resourceClient(t.app, maker, 'scmapi', 'allocationversion').view(id)).status).toBe(404);
    expect((await workbench(maker, id)).status).toBe(404);
    const suggest = await resourceClient(t.app, maker, 'scmapi', 'allocationversion').action('suggest', { id });
    expect(suggest.status).toBe(404);
  });
});
