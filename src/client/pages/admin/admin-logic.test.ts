import { describe, expect, it } from 'vitest';
import { grantListOf, grantMapOf, groupCatalog, toggleVerb } from './grant-matrix';

describe('role grant matrix', () => {
  it('grants view with any other verb and drops the menu when view is taken away', () => {
    let g = toggleVerb({}, 'md.vendor', 'edit');
    expect(g).toEqual({ 'md.vendor': ['view', 'edit'] });
    g = toggleVerb(g, 'md.vendor', 'action:freeze');
    expect(g['md.vendor']).toEqual(['view', 'edit', 'action:freeze']);
    g = toggleVerb(g, 'md.vendor', 'edit');
    expect(g['md.vendor']).toEqual(['view', 'action:freeze']);
    g = toggleVerb(g, 'md.vendor', 'view');
    expect(g).toEqual({});
  });

  it('reads a stored role\'s grants into the matrix and writes them back as the list a save sends', () => {
    const stored = [{ menu_code: 'md.vendor', verbs: ['view', 'export'] }, { menu_code: 'md.customer', verbs: [] }, { verbs: ['view'] }, null];
    const map = grantMapOf(stored);
    expect(map).toEqual({ 'md.vendor': ['view', 'export'] });
    expect(grantMapOf(null)).toEqual({});
    const next = toggleVerb(map, 'md.customer', 'view');
    expect(grantListOf(next)).toEqual([{ menu_code: 'md.customer', verbs: ['view'] }, { menu_code: 'md.vendor', verbs: ['view', 'export'] }]);
    expect(grantListOf(toggleVerb(toggleVerb(next, 'md.customer', 'view'), 'md.vendor', 'view'))).toEqual([]);
  });

  it('groups the catalogue in the order of the declared menus', () => {
    const e = (menu_code: string, group: string) => ({ menu_code, group, title: { zh: menu_code, en: menu_code }, verbs: ['view'] });
    const groups = groupCatalog([e('x.a', 'srmapi'), e('md.vendor', 'masterdata'), e('admin.user', 'admin')], [
      { code: 'masterdata', platforms: '*', title: { zh: '主数据', en: 'Master data' }, entries: [] },
      { code: 'admin', platforms: '*', title: { zh: '管理', en: 'Admin' }, entries: [] },
    ]);
    expect(groups.map((g) => g.code)).toEqual(['masterdata', 'admin', 'srmapi']);
    expect(groups[2].title).toBeNull();
  });
});

describe('data-rule fields from the registry', async () => {
  await import('../../../../grids');
  const { ruleFieldsOf, ruleMenus, valueChoices } = await import('./data-rule-fields');
  const { getDictionary } = await import('../../../model/dictionaries');
  it('offers the vendor menu, its declared fields and the grade dictionary values', () => {
    const menus = ruleMenus([{ menu_code: 'md.vendor', group: 'masterdata', title: { zh: '', en: '' }, verbs: [] }, { menu_code: 'admin.user', group: 'admin', title: { zh: '', en: '' }, verbs: [] }]);
    expect(menus.map((m) => m.menu_code)).toEqual(['md.vendor']);
    const fields = ruleFieldsOf('md.vendor');
    const grade = fields.find((f) => f.key === 'grade');
    expect(grade?.dict).toBe('vendor_grade');
    expect(valueChoices(grade!, getDictionary).map((i) => i.value)).toContain('A');
    expect(fields.at(-1)?.key).toBe('created_by');
    expect(ruleFieldsOf('no.menu')).toEqual([]);
  });
});

describe('menu order', async () => {
  const { moveSibling } = await import('./menu-order');
  it('swaps with the neighbour and renumbers, refusing moves off the ends', () => {
    expect(moveSibling(['a', 'b', 'c'], 2, -1)).toEqual([{ code: 'a', sort: 10 }, { code: 'c', sort: 20 }, { code: 'b', sort: 30 }]);
    expect(moveSibling(['a', 'b'], 0, -1)).toBeNull();
    expect(moveSibling(['a', 'b'], 1, 1)).toBeNull();
  });
});

describe('menu titles a company renamed', async () => {
  const { menuEntryTitle, menuGroupTitle } = await import('../../shell/menu-lookup');
  it('show the server tree titles in either language, else the declaration', () => {
    expect(menuEntryTitle({ CODE: 'workspace.home', TITLE: '首页', TITLE_ZH: '首页', TITLE_EN: 'Start' }, 'en')).toBe('Start');
    expect(menuEntryTitle({ CODE: 'workspace.home', TITLE: '首页', TITLE_ZH: '首页', TITLE_EN: 'Start' }, 'zh-CN')).toBe('首页');
    expect(menuGroupTitle({ CODE: 'workspace', TITLE: '工作台' }, 'en')).toBe('Workspace');
  });
});
