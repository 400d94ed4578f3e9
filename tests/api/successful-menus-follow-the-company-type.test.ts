import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMenuGroups, COMPANY_KINDS, menuCompanies } from '../../src/model';
import { createTestApp, DEMO_PASSWORD, signIn, type TestApp } from '../support/test-app';

/**
 * Issue 21 "each company its own product": the menus follow the kind of the user's company (brand,
 * maker, supplier, platform) before roles. The demo brand raises requirement orders and buys, the
 * demo maker takes customer orders and runs its lines, the demo fabric supplier sees neither, and the
 * platform operator's super administrator sees the platform's screens, not a company's business data
 * (the batch image page of materials answered it 403). The role editor offers the same codes.
 */
let t: TestApp;
type Menu = { CODE: string; children: Array<{ CODE: string }> };

async function menusOf(username: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'POST', url: '/api/access/login', payload: { username, password: DEMO_PASSWORD, platform_id: 'SRM' } });
  expect(res.statusCode, res.body).toBe(200);
  const menus = (res.json() as { data: { menus: Menu[] } }).data.menus;
  return menus.flatMap((g) => [g.CODE, ...g.children.map((c) => c.CODE)]);
}

async function catalogOf(username: string): Promise<string[]> {
  const token = await signIn(t.app, username);
  const res = await t.app.inject({ method: 'GET', url: '/api/adminapi/permission-catalog', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { menus: Array<{ menu_code: string }> } }).data.menus.map((m) => m.menu_code);
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('menus follow the kind of company', () => {
  it('every declared kind is known and the declarations narrow some entries', () => {
    for (const g of allMenuGroups()) {
      for (const code of [g.code, ...g.entries.map((e) => e.code)]) {
        const kinds = menuCompanies(code);
        if (kinds) expect(kinds.every((k) => (COMPANY_KINDS as readonly string[]).includes(k)), code).toBe(true);
      }
    }
    expect(menuCompanies('scm.customerorder')).toEqual(['maker']);
    expect(menuCompanies('md.vendor')).not.toContain('platform');
  });

  it('the brand raises and allocates orders but does not take them or run lines', async () => {
    const brand = await menusOf('brand');
    expect(brand).toEqual(expect.arrayContaining(['orders', 'scm.prorder', 'scm.allocation.workbench', 'md.vendor', 'md.material', 'admin.user']));
    expect(brand).not.toContain('scm.customerorder');
    expect(brand).not.toContain('md.workline');
    expect(brand).not.toContain('planning');
    expect(brand).toEqual(expect.arrayContaining(['pur.order', 'pur.contract', 'wms.stock']));
    expect(brand).not.toContain('pur.supplierorder');
    expect(brand).not.toContain('admin.sys.client');
  });

  it('the maker takes customer orders and keeps its workshops, lines and processes', async () => {
    const maker = await menusOf('maker');
    expect(maker).toEqual(expect.arrayContaining(['orders', 'scm.customerorder', 'md.workshop', 'md.workline', 'md.process', 'admin.user', 'planning']));
  });

  it('the fabric supplier sees neither requirement orders nor a maker\'s lines', async () => {
    const supplier = await menusOf('supplier');
    expect(supplier).toEqual(expect.arrayContaining(['workspace.home', 'masterdata', 'md.material', 'admin.user', 'pur.supplierorder']));
    expect(supplier).not.toContain('pur.order');
    for (const code of ['orders', 'scm.prorder', 'scm.customerorder', 'scm.allocation.workbench', 'md.workline', 'rpt.orders-by-status', 'planning']) expect(supplier, code).not.toContain(code);
  });

  it('the platform operator sees the platform screens and no company business data', async () => {
    const admin = await menusOf('admin');
    expect(admin).toEqual(expect.arrayContaining(['workspace.home', 'sysadmin', 'admin.sys.client', 'admin.sys.signup']));
    for (const code of ['workspace.uploadimg', 'masterdata', 'md.material', 'orders', 'scm.prorder', 'planning']) expect(admin, code).not.toContain(code);
    // and no company sees the platform's screens
    expect(await menusOf('maker')).not.toContain('sysadmin');
  });

  it('the role editor offers a company the codes its kind uses', async () => {
    const supplier = await catalogOf('supplier');
    expect(supplier).toContain('md.material');
    expect(supplier).not.toContain('scm.prorder');
    expect(supplier).not.toContain('scm.customerorder');
    const maker = await catalogOf('maker');
    expect(maker).toEqual(expect.arrayContaining(['scm.customerorder', 'md.workline']));
  });
});
