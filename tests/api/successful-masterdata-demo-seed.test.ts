import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/server/db/seed';
import { createTestApp, type TestApp } from '../support/test-app';
import { resourceClient, tokenFor } from '../support/resource-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('master-data demo seed', () => {
  it('gives each demo tenant its own vendors, materials with price history, lines and a process tree, once', async () => {
    const maker = await tokenFor(t.database.db, t.config, 'maker');
    const materials = await resourceClient(t.app, maker, 'mdapi', 'material').page({ 'f.material_group.eq': 'fabric', sort: 'code' });
    expect(materials.body.data.total).toBe(3);
    expect(materials.body.data.rows[0]).toMatchObject({ code: 'MD0001', vendor_id__label: '绍兴锦绣面料有限公司', price: 38.5 });
    const view = await resourceClient(t.app, maker, 'mdapi', 'material').view(materials.body.data.rows[0].id);
    expect((view.body.data.price_history as unknown[]).length).toBe(2);
    const line = await resourceClient(t.app, maker, 'mdapi', 'workline').page({ q: '一线' });
    const lineView = await resourceClient(t.app, maker, 'mdapi', 'workline').view(line.body.data.rows[0].id);
    expect((lineView.body.data.members as unknown[]).length).toBe(3);
    expect((lineView.body.data.capacities as unknown[]).length).toBe(3);
    const children = await resourceClient(t.app, maker, 'mdapi', 'process').page({ 'f.parent_id.notnull': 1 });
    expect(children.body.data.rows.map((r) => r.parent_id__label)).toEqual(['缝制', '缝制']);

    const count = async () => (await sql<{ n: number }>`select count(*)::int as n from md_material`.execute(t.database.db)).rows[0].n;
    const before = await count();
    // Every seeder again (the kept fingerprint would skip them): they add nothing twice.
    await sql`delete from demo_seed`.execute(t.database.db);
    await seedDemo(t.database.db, t.config);
    expect(await count()).toBe(before);
  });
});
