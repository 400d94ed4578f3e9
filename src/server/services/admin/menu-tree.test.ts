import { describe, expect, it } from 'vitest';
import type { MenuGroup } from '../../../model/menus';
import { declaredMenuRows, mergeMenuRows, nodeVisible, visibleMenus, type MenuRow, type MenuViewer } from './menu-tree';

const GROUPS: MenuGroup[] = [
  { code: 'work', platforms: '*', title: { zh: '工作台', en: 'Work' }, entries: [{ code: 'workspace.home', furl: '/workspace/home', title: { zh: '首页', en: 'Home' } }] },
  {
    code: 'md',
    platforms: '*',
    title: { zh: '主数据', en: 'Master data' },
    entries: [
      { code: 'md.vendor', furl: '/md/index/vendor', title: { zh: '供应商', en: 'Vendors' } },
      { code: 'md.customer', furl: '/md/index/customer', title: { zh: '客户', en: 'Customers' } },
    ],
  },
  { code: 'adm', platforms: '*', title: { zh: '管理', en: 'Admin' }, entries: [{ code: 'admin.user', furl: '/admin/page/users', title: { zh: '用户', en: 'Users' }, roles: ['clientadmin'] }, { code: 'admin.sys.client', furl: '/admin/page/clients', title: { zh: '客户管理', en: 'Clients' }, superOnly: true }] },
  { code: 'sfc', platforms: ['SFCENTER'], title: { zh: '智造', en: 'Factory' }, entries: [{ code: 'sfc.line', furl: '/sfc/index/line', title: { zh: '产线', en: 'Lines' } }] },
];

const tenantRow = (r: Partial<MenuRow> & { code: string }): MenuRow => ({ client_id: 7, parent_code: null, platform: '*', furl: null, title_zh: '', title_en: '', icon: null, sort: 10, visible: true, roles: null, super_only: false, ...r });
const viewer = (v: Partial<MenuViewer>): MenuViewer => ({ roles: ['common'], isSuper: false, canView: () => true, ...v });

describe('menu tree (seeded declarations, tenant overrides, login-reply filtering)', () => {
  const platform = declaredMenuRows(GROUPS);

  it('turns declarations into one row per code, groups without URL, entries in declaration order', () => {
    expect(platform.map((r) => r.code)).toEqual(['work', 'workspace.home', 'md', 'md.vendor', 'md.customer', 'adm', 'admin.user', 'admin.sys.client', 'sfc', 'sfc.line']);
    const vendor = platform.find((r) => r.code === 'md.vendor');
    expect(vendor).toMatchObject({ parent_code: 'md', furl: '/md/index/vendor', sort: 10, client_id: null });
    expect(platform.find((r) => r.code === 'md.customer')?.sort).toBe(20);
    expect(platform.find((r) => r.code === 'admin.sys.client')?.super_only).toBe(true);
    expect(platform.find((r) => r.code === 'admin.user')?.roles).toEqual(['clientadmin']);
  });

  it('applies a tenant override (title, order, group) but keeps the declared URL and super-only flag', () => {
    const tree = mergeMenuRows(platform, [
      tenantRow({ code: 'md.customer', parent_code: 'md', title_zh: '我的客户', title_en: 'My customers', sort: 1, furl: '/evil', super_only: false }),
      tenantRow({ code: 'admin.sys.client', parent_code: 'adm', title_zh: 'x', sort: 5 }),
    ]);
    const md = tree.find((g) => g.code === 'md');
    expect(md?.children.map((c) => c.code)).toEqual(['md.customer', 'md.vendor']);
    expect(md?.children[0]).toMatchObject({ title_zh: '我的客户', furl: '/md/index/customer', origin: 'overridden' });
    expect(tree.find((g) => g.code === 'adm')?.children.find((c) => c.code === 'admin.sys.client')?.super_only).toBe(true);
  });

  it('adds a tenant group with its own link, and drops entries whose group is gone', () => {
    const tree = mergeMenuRows(platform, [
      tenantRow({ code: 'mine', title_zh: '常用', sort: 1 }),
      tenantRow({ code: 'mine.report', parent_code: 'mine', furl: '/clientrpt/index/sales', title_zh: '销售报表' }),
      tenantRow({ code: 'md.vendor', parent_code: 'mine', title_zh: '供应商', sort: 20 }),
      tenantRow({ code: 'lost.link', parent_code: 'nowhere', furl: '/x', title_zh: '孤儿' }),
    ]);
    expect(tree[0].code).toBe('mine');
    expect(tree[0].children.map((c) => c.code)).toEqual(['mine.report', 'md.vendor']);
    expect(tree.find((g) => g.code === 'md')?.children.map((c) => c.code)).toEqual(['md.customer']);
    expect(JSON.stringify(tree)).not.toContain('lost.link');
  });

  it('shows an entry only when visible, within its roles and granted view; super-only to the super administrator', () => {
    const entry = { code: 'md.vendor', visible: true, roles: null, super_only: false };
    expect(nodeVisible(entry, viewer({}))).toBe(true);
    expect(nodeVisible({ ...entry, visible: false }, viewer({ isSuper: true }))).toBe(false);
    expect(nodeVisible(entry, viewer({ canView: () => false }))).toBe(false);
    expect(nodeVisible({ ...entry, roles: ['clientadmin'] }, viewer({}))).toBe(false);
    expect(nodeVisible({ ...entry, roles: ['clientadmin'] }, viewer({ roles: ['clientadmin'] }))).toBe(true);
    expect(nodeVisible({ ...entry, super_only: true }, viewer({ roles: ['clientadmin'] }))).toBe(false);
    expect(nodeVisible({ ...entry, super_only: true }, viewer({ isSuper: true }))).toBe(true);
    // The personal workspace needs no grant.
    expect(nodeVisible({ ...entry, code: 'workspace.home' }, viewer({ canView: () => false }))).toBe(true);
  });

  it('builds the login reply per platform and language, leaving out empty groups', () => {
    const tree = mergeMenuRows(platform, []);
    const buyer = visibleMenus(tree, 'SRM', viewer({ canView: (c) => c === 'md.vendor' }), 'en');
    expect(buyer.map((g) => g.CODE)).toEqual(['work', 'md']);
    expect(buyer[1].children).toEqual([{ CODE: 'md.vendor', FURL: '/md/index/vendor', TITLE: 'Vendors', ICON: '', TITLE_ZH: '供应商', TITLE_EN: 'Vendors' }]);
    const factory = visibleMenus(tree, 'SFCENTER', viewer({ roles: ['clientadmin'] }), 'zh-CN');
    expect(factory.map((g) => g.CODE)).toEqual(['work', 'md', 'adm', 'sfc']);
    expect(factory.find((g) => g.CODE === 'adm')?.children.map((c) => c.CODE)).toEqual(['admin.user']);
    const hiddenGroup = mergeMenuRows(platform, [tenantRow({ code: 'md', title_zh: '主数据', visible: false })]);
    expect(visibleMenus(hiddenGroup, 'SRM', viewer({}), 'zh-CN').map((g) => g.CODE)).toEqual(['work']);
  });

  it('shows a group on each platform it declares, and an entry only on the platforms it narrows to', () => {
    const groups: MenuGroup[] = [
      {
        code: 'orders',
        platforms: ['SRM', 'SFCENTER'],
        title: { zh: '订单', en: 'Orders' },
        entries: [
          { code: 'scm.customerorder', furl: '/scm/index/customerorder', title: { zh: '客户订单', en: 'Customer orders' } },
          { code: 'scm.allocation', furl: '/scm/page/allocation', title: { zh: '需求分配', en: 'Allocation' }, platforms: ['SRM'] },
        ],
      },
    ];
    const rows = declaredMenuRows(groups);
    expect(rows.map((r) => [r.code, r.platform])).toEqual([['orders', 'SRM,SFCENTER'], ['scm.customerorder', 'SRM,SFCENTER'], ['scm.allocation', 'SRM']]);
    const tree = mergeMenuRows(rows, []);
    const entriesOn = (p: string) => visibleMenus(tree, p, viewer({}), 'zh-CN').flatMap((g) => g.children.map((c) => c.CODE));
    expect(entriesOn('SRM')).toEqual(['scm.customerorder', 'scm.allocation']);
    expect(entriesOn('SFCENTER')).toEqual(['scm.customerorder']);
    expect(entriesOn('SFPRINT')).toEqual([]);
    // A company moving the SRM-only entry into an every-platform group does not carry it elsewhere.
    const moved = mergeMenuRows([...rows, ...declaredMenuRows(GROUPS)], [tenantRow({ code: 'scm.allocation', parent_code: 'work', sort: 5 })]);
    expect(visibleMenus(moved, 'SFPRINT', viewer({}), 'zh-CN').flatMap((g) => g.children.map((c) => c.CODE))).not.toContain('scm.allocation');
    expect(visibleMenus(moved, 'SRM', viewer({}), 'zh-CN').find((g) => g.CODE === 'work')?.children.map((c) => c.CODE)).toContain('scm.allocation');
  });
});
