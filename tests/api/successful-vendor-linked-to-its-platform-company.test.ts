import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { resourceClient } from '../support/resource-client';

/**
 * Issue 21 "orders that reach the right company": a vendor (or customer) is linked to its company on
 * the platform through a screen (the `link` action) or its form, the code is checked against the
 * companies on the platform, and the company's name is kept beside it for lists and pickers. The
 * demo brand has one vendor for its maker, linked, and no second vendor of the same factory.
 */
let t: TestApp;
let brand: string;
let maker: string;

beforeAll(async () => {
  t = await createTestApp();
  brand = await signIn(t.app, 'brand');
  maker = await signIn(t.app, 'maker');
});
afterAll(async () => t?.close());

type Body = { code: number; message: string; data: Record<string, unknown> & { errors?: Record<string, string> } };

describe('linking partners to their platform companies', () => {
  it('the demo brand has exactly one vendor for its maker, linked and named by its platform company', async () => {
    const rows = (await resourceClient(t.app, brand, 'mdapi', 'vendor').page({ size: 100 })).body.data.rows;
    const linked = rows.filter((v) => v.platform_client_code === 'MAKER01');
    expect(linked).toHaveLength(1);
    expect(linked[0].platform_company).toBe('华纺制衣');
    expect(rows.filter((v) => String(v.name).includes('华纺'))).toHaveLength(1);
  });

  it('links a vendor through the link action, refusing an unknown code and the company itself on the field', async () => {
    const vendors = resourceClient(t.app, brand, 'mdapi', 'vendor');
    const v = (await vendors.save({ name: '绍兴锦绣面料', vendor_type: 'fabric', currency: 'CNY' })).body.data;
    expect(v.platform_company ?? null).toBeNull();

    const unknown = await vendors.action('link', { id: v.id, platform_client_code: 'NOPE99' });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('NOPE99');
    expect(JSON.stringify(unknown.body)).toContain('platform_client_code');

    const self = await vendors.action('link', { id: v.id, platform_client_code: 'brand01' });
    expect(self.status).toBe(400);
    expect(JSON.stringify(self.body)).toContain('不能关联本企业自己');

    const ok = await vendors.action('link', { id: v.id, platform_client_code: 'supp01' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.rows[0]).toMatchObject({ platform_client_code: 'SUPP01', platform_company: '锦绣面料', status: 'active' });
    const history = (await vendors.history(Number(v.id))).body.data.rows.map((r) => r.action);
    expect(history).toContain('link');
  });

  it('the form and the import path check the same code (the save hook), and clearing it clears the name', async () => {
    const customers = resourceClient(t.app, maker, 'mdapi', 'customer');
    const bad = await customers.save({ name: '未知客户', customer_type: 'brand', currency: 'CNY', platform_client_code: 'ZZZ404' });
    expect(bad.status).toBe(400);
    const fields = ((bad.body as unknown as Body).data?.errors ?? {}) as Record<string, string>;
    expect(fields.platform_client_code).toContain('ZZZ404');

    const c = await customers.save({ name: '悦衣品牌二部', customer_type: 'brand', currency: 'CNY', platform_client_code: 'brand01' });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body.data).toMatchObject({ platform_client_code: 'BRAND01', platform_company: '悦衣品牌' });
    const cleared = await customers.save({ ...c.body.data, platform_client_code: null });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.data.platform_company ?? null).toBeNull();
  });

  it('another company cannot link the brand\'s vendor', async () => {
    const rows = (await resourceClient(t.app, brand, 'mdapi', 'vendor').page({ size: 100 })).body.data.rows;
    const id = rows.find((v) => v.platform_client_code === 'MAKER01')!.id;
    const r = await resourceClient(t.app, maker, 'mdapi', 'vendor').action('link', { id, platform_client_code: 'SUPP01' });
    expect(r.status).toBe(404);
  });
});
