import { describe, expect, it } from 'vitest';
import type { MenuGroupItem } from '../session/login-reply';
import { menusMatching, openMenuGroups } from './side-nav.logic';

const menus: MenuGroupItem[] = [
  { CODE: 'workspace', TITLE: '工作台', TITLE_ZH: '工作台', TITLE_EN: 'Workspace', children: [{ CODE: 'workspace.home', FURL: '/workspace/home', TITLE: '我的工作台', TITLE_ZH: '我的工作台', TITLE_EN: 'My workspace' }] },
  {
    CODE: 'md',
    TITLE: '主数据',
    TITLE_ZH: '主数据',
    TITLE_EN: 'Master data',
    children: [
      { CODE: 'md.vendor', FURL: '/mdapi/index/vendor', TITLE: '供应商', TITLE_ZH: '供应商', TITLE_EN: 'Vendors' },
      { CODE: 'md.material', FURL: '/mdapi/index/material', TITLE: '物料', TITLE_ZH: '物料', TITLE_EN: 'Materials' },
    ],
  },
];

describe('the side menu', () => {
  it('opens the group of the open page until the user opens or closes one', () => {
    expect(openMenuGroups('md', undefined, null)).toEqual(['md']);
    expect(openMenuGroups(undefined, undefined, null)).toEqual([]);
    expect(openMenuGroups('md', 'workspace', null)).toEqual(['workspace']);
    expect(openMenuGroups('md', null, null)).toEqual([]);
  });

  it('opens every group with a match while searching', () => {
    expect(openMenuGroups('workspace', 'workspace', menusMatching(menus, 'vend', 'en'))).toEqual(['md']);
  });

  it('finds entries by their title in either language, and a whole group by its title', () => {
    expect(menusMatching(menus, '  ', 'zh-CN')).toBeNull();
    expect(menusMatching(menus, '供应', 'en')?.map((g) => [g.CODE, g.children.map((e) => e.CODE)])).toEqual([['md', ['md.vendor']]]);
    expect(menusMatching(menus, 'VENDORS', 'zh-CN')?.[0].children.map((e) => e.CODE)).toEqual(['md.vendor']);
    expect(menusMatching(menus, 'master data', 'zh-CN')?.[0].children.map((e) => e.CODE)).toEqual(['md.vendor', 'md.material']);
    expect(menusMatching(menus, 'my work', 'zh-CN')?.map((g) => g.CODE)).toEqual(['workspace']);
    expect(menusMatching(menus, '不存在', 'zh-CN')).toEqual([]);
  });
});
