import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Issue 5 administration: the shell's menus come from the menus table (seeded from the
 * declarations, arranged per company in the tree editor, filtered by the roles' view grants), and
 * the super administrator's client management, system dictionary and system configuration.
 */
let t: TestApp;
const headers = (token: string) => ({ authorization: `Bearer ${token}` });
type Reply = { code: number; message: string; data: Record<string, unknown> };
type Menu = { CODE: string; TITLE: string; children: Array<{ CODE: string; FURL: string; TITLE: string }> };

async function call(method: 'GET' | 'POST', url: string, token: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: headers(token), payload: payload as Record<string, unknown> | undefined });
  return { status: res.statusCode, body: res.json() as Reply };
}

async function menusOf(username: string, lang = 'zh-CN'): Promise<Menu[]> {
  const res = await t.app.inject({ method: 'POST', url: '/api/access/login', headers: { 'x-lang': lang }, payload: { username, password: 'Demo1234' } });
  return (res.json() as { data: { menus: Menu[] } }).data.menus;
}
const codes = (menus: Menu[]) => menus.flatMap((g) => g.children.map((c) => c.CODE));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('menus from the database', () => {
  it('gives the client administrator the admin group and the platform screens to the super administrator only', async () => {
    const brand = codes(await menusOf('brand'));
    expect(brand).toEqual(expect.arrayContaining(['admin.user', 'admin.role', 'admin.dataperm', 'admin.menu', 'admin.audit', 'admin.dict', 'admin.snrule', 'md.vendor']));
    expect(brand.some((c) => c.startsWith('admin.sys.'))).toBe(false);
    const buyer = codes(await menusOf('brand.buyer'));
    expect(buyer).toContain('md.vendor');
    expect(buyer.some((c) => c.startsWith('admin.'))).toBe(false);
    const admin = codes(await menusOf('admin'));
    expect(admin).toEqual(expect.arrayContaining(['admin.sys.signup', 'admin.sys.client', 'admin.sys.dict', 'admin.sys.config']));
  });

  it('lets a company rename, reorder, hide and add menus for itself only', async () => {
    const brand = await signIn(t.app, 'brand');
    const tree = await call('GET', '/api/adminapi/menus', brand);
    expect(tree.status).toBe(200);
    const groups = tree.body.data.tree as Array<{ code: string; children: Array<{ code: string; origin: string; super_only: boolean }> }>;
    expect(groups.flatMap((g) => g.children).some((c) => c.super_only)).toBe(false);

    expect((await call('POST', '/api/adminapi/menus/save', brand, { code: 'md.vendor', title_zh: '合作工厂', title_en: 'Partner factories', sort: 1 })).status).toBe(200);
    expect((await call('POST', '/api/adminapi/menus/save', brand, { code: 'md.customer', visible: false })).status).toBe(200);
    expect((await call('POST', '/api/adminapi/menus/save', brand, { code: 'brand.links', title_zh: '常用链接', title_en: 'Links', sort: 0 })).status).toBe(200);
    expect((await call('POST', '/api/adminapi/menus/save', brand, { code: 'brand.links.po', parent_code: 'brand.links', furl: '/md/index/vendor?grade=A', title_zh: 'A级供应商', title_en: 'Grade A vendors', roles: ['common'] })).status).toBe(200);

    // Refused: a link to another site or a script, a group under a group, an unknown role.
    const bad = await call('POST', '/api/adminapi/menus/save', brand, { code: 'brand.evil', parent_code: 'brand.links', furl: 'javascript:alert(1)', title_zh: 'x' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.errors as object)).toContain('furl');
    expect((await call('POST', '/api/adminapi/menus/save', brand, { code: 'md', parent_code: 'brand.links' })).status).toBe(400);
    expect((await call('POST', '/api/adminapi/menus/save', brand, { code: 'md.plant', roles: ['nosuchrole'] })).status).toBe(400);
    // A company cannot touch the platform's own screens.
    expect((await call('POST', '/api/adminapi/menus/save', brand, { code: 'admin.sys.client', title_zh: 'x' })).status).toBe(404);

    const zh = await menusOf('brand.buyer');
    expect(zh[0].CODE).toBe('brand.links');
    expect(zh[0].children).toEqual([expect.objectContaining({ CODE: 'brand.links.po', FURL: '/md/index/vendor?grade=A', TITLE: 'A级供应商' })]);
    const md = zh.find((g) => g.CODE === 'masterdata');
    expect(md?.children[0]).toMatchObject({ CODE: 'md.vendor', TITLE: '合作工厂' });
    expect(codes(zh)).not.toContain('md.customer');
    expect((await menusOf('brand.buyer', 'en')).find((g) => g.CODE === 'masterdata')?.children[0].TITLE).toBe('Partner factories');

    // Another company keeps the declarations.
    const maker = await menusOf('maker.planner');
    expect(codes(maker)).toContain('md.customer');
    expect(maker.find((g) => g.CODE === 'masterdata')?.children.find((c) => c.CODE === 'md.vendor')?.TITLE).toBe('供应商');
    expect(maker.some((g) => g.CODE === 'brand.links')).toBe(false);
    const makerAdmin = await signIn(t.app, 'maker');
    expect(((await call('GET', '/api/adminapi/menus', makerAdmin)).body.data.tree as Array<{ code: string }>).some((g) => g.code === 'brand.links')).toBe(false);
    expect((await call('POST', '/api/adminapi/menus/reset', makerAdmin, { code: 'brand.links' })).status).toBe(404);

    // Order several at once, then reset to the declaration.
    expect((await call('POST', '/api/adminapi/menus/order', brand, { items: [{ code: 'md.plant', sort: 0 }, { code: 'md.vendor', sort: 5 }] })).status).toBe(200);
    expect((await menusOf('brand.buyer')).find((g) => g.CODE === 'masterdata')?.children[0].CODE).toBe('md.plant');
    expect((await call('POST', '/api/adminapi/menus/reset', brand, { code: 'brand.links' })).status).toBe(409);
    expect((await call('POST', '/api/adminapi/menus/reset', brand, { code: 'brand.links.po' })).status).toBe(200);
    expect((await call('POST', '/api/adminapi/menus/reset', brand, { code: 'brand.links' })).status).toBe(200);
    expect((await call('POST', '/api/adminapi/menus/reset', brand, { code: 'md.customer' })).status).toBe(200);
    expect(codes(await menusOf('brand.buyer'))).toContain('md.customer');
  });

  it('follows the view grants of a company role', async () => {
    const brand = await signIn(t.app, 'brand');
    expect((await call('POST', '/api/adminapi/roles/save', brand, { code: 'vendor_only', name_zh: '只看供应商', grants: [{ menu_code: 'md.vendor', verbs: ['view'] }] })).status).toBe(200);
    const users = await call('GET', '/api/adminapi/users?q=brand.buyer', brand);
    const buyer = (users.body.data.rows as Array<{ id: number; username: string }>).find((u) => u.username === 'brand.buyer')!;
    expect((await call('POST', '/api/adminapi/users/assign-roles', brand, { id: buyer.id, roles: ['vendor_only'] })).status).toBe(200);
    expect(codes(await menusOf('brand.buyer'))).toEqual(expect.arrayContaining(['workspace.home', 'md.vendor']));
    expect(codes(await menusOf('brand.buyer'))).not.toContain('md.customer');
    expect((await call('POST', '/api/adminapi/users/assign-roles', brand, { id: buyer.id, roles: ['common'] })).status).toBe(200);
  });

  it('refuses the tree editor to users without the admin menu', async () => {
    const buyer = await signIn(t.app, 'brand.buyer');
    expect((await call('GET', '/api/adminapi/menus', buyer)).status).toBe(403);
    expect((await call('POST', '/api/adminapi/menus/save', buyer, { code: 'md.vendor', title_zh: 'x' })).status).toBe(403);
  });
});

describe('super administrator: clients, system dictionary, system configuration', () => {
  it('is refused to a client administrator', async () => {
    const brand = await signIn(t.app, 'brand');
    for (const url of ['/api/adminapi/client/page', '/api/adminapi/client/view?id=1', '/api/adminapi/sys/dictionaries', '/api/adminapi/sys/config']) expect((await call('GET', url, brand)).status).toBe(403);
    expect((await call('POST', '/api/adminapi/sys/config/save', brand, { password_rule: 'pwd' })).status).toBe(403);
    expect((await call('POST', '/api/adminapi/client/action/freeze', brand, { id: 1 })).status).toBe(403);
    expect((await call('POST', '/api/adminapi/client/save', brand, { id: 1, version: 1, licence_type: 'enterprise' })).status).toBe(403);
    // Nor can a company role grant a platform screen.
    const role = await call('POST', '/api/adminapi/roles/save', brand, { code: 'sneaky', name_zh: '越权', grants: [{ menu_code: 'admin.sys.config', verbs: ['view', 'edit'] }] });
    expect(role.status).toBe(400);
    const catalog = await call('GET', '/api/adminapi/permission-catalog', brand);
    expect((catalog.body.data.menus as Array<{ menu_code: string }>).some((m) => m.menu_code.startsWith('admin.sys.'))).toBe(false);
  });

  it('changes a licence type with optimistic locking, and freezes and reactivates a company', async () => {
    const admin = await signIn(t.app, 'admin');
    const list = await call('GET', '/api/adminapi/client/page?q=SUPP01', admin);
    expect(list.status).toBe(200);
    const supp = (list.body.data.rows as Array<{ id: number; code: string; licence_type: string; version: number; users: number }>)[0];
    expect(supp).toMatchObject({ code: 'SUPP01', licence_type: 'standard' });
    expect(supp.users).toBeGreaterThanOrEqual(2);
    expect((await call('POST', '/api/adminapi/client/save', admin, { id: supp.id, version: supp.version, licence_type: 'gold' })).status).toBe(400);
    // The platform's own licence is never a client's.
    expect((await call('POST', '/api/adminapi/client/save', admin, { id: supp.id, version: supp.version, licence_type: 'platform' })).status).toBe(400);
    expect((await call('POST', '/api/adminapi/client/save', admin, { id: supp.id, version: supp.version, licence_type: 'enterprise' })).status).toBe(200);
    const stale = await call('POST', '/api/adminapi/client/save', admin, { id: supp.id, version: supp.version, licence_type: 'trial' });
    expect(stale.status).toBe(409);
    const login = await t.app.inject({ method: 'POST', url: '/api/access/login', payload: { username: 'supplier', password: 'Demo1234' } });
    expect((login.json() as { data: { license_type: string } }).data.license_type).toBe('enterprise');

    const token = await signIn(t.app, 'supplier.sales');
    expect((await call('POST', '/api/adminapi/client/action/freeze', admin, { id: supp.id })).status).toBe(200);
    expect((await call('GET', '/api/access/profile', token)).status).toBe(401);
    const refused = await t.app.inject({ method: 'POST', url: '/api/access/login', payload: { username: 'supplier.sales', password: 'Demo1234' } });
    expect(refused.statusCode).toBe(403);
    expect((await call('POST', '/api/adminapi/client/action/freeze', admin, { id: supp.id })).status).toBe(409);
    expect((await call('POST', '/api/adminapi/client/action/activate', admin, { id: supp.id })).status).toBe(200);
    await signIn(t.app, 'supplier.sales');
    const audit = await call('GET', '/api/adminapi/audit?entity=client', admin);
    expect((audit.body.data.rows as Array<{ action: string }>).map((r) => r.action)).toEqual(expect.arrayContaining(['update', 'freeze', 'activate']));
  });

  it('reads the system dictionaries', async () => {
    const admin = await signIn(t.app, 'admin');
    const r = await call('GET', '/api/adminapi/sys/dictionaries', admin);
    const dicts = r.body.data as unknown as Array<{ code: string; items: Array<{ value: string }> }>;
    expect(dicts.find((d) => d.code === 'currency')?.items.map((i) => i.value)).toEqual(expect.arrayContaining(['CNY', 'USD']));
    expect(dicts.some((d) => d.code === 'licence_type')).toBe(true);
  });

  it('stores the password rule and the sign-up follows it at once', async () => {
    const admin = await signIn(t.app, 'admin');
    const before = await call('GET', '/api/adminapi/sys/config', admin);
    expect((before.body.data as unknown as Array<{ key: string; value: unknown }>).find((s) => s.key === 'password_rule')?.value).toBe('pwd');
    expect((await call('POST', '/api/adminapi/sys/config/save', admin, { import_max_rows: 0 })).status).toBe(400);
    expect((await call('POST', '/api/adminapi/sys/config/save', admin, { password_rule: 'pwdstrong', import_max_rows: '5000' })).status).toBe(200);
    const after = await call('GET', '/api/adminapi/sys/config', admin);
    expect((after.body.data as unknown as Array<{ key: string; value: unknown; stored: boolean }>).map((s) => [s.key, s.value, s.stored])).toEqual([['password_rule', 'pwdstrong', true], ['import_max_rows', 5000, true]]);
    const signup = await t.app.inject({ method: 'POST', url: '/api/utilsapi/signup', payload: { username: 'newco', password: 'abc123', email: 'n@x.com', mobile: '13911112222', company_name: '新公司', company_type: 'maker' } });
    expect(signup.statusCode).toBe(400);
    expect(Object.keys((signup.json() as Reply).data.errors as object)).toContain('password');
    expect((await call('POST', '/api/adminapi/sys/config/save', admin, { password_rule: 'pwd' })).status).toBe(200);
  });
});
