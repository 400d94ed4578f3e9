import { describe, expect, it } from 'vitest';
import type { MenuGroupItem } from '../session/login-reply';
import { documentTitle, menuEntryFor, menuEntryTitle, menuGroupTitle } from './menu-lookup';

const menus: MenuGroupItem[] = [
  { CODE: 'workspace', TITLE: '工作台', children: [{ CODE: 'workspace.home', FURL: '/workspace/home', TITLE: '我的工作台' }] },
  { CODE: 'md', TITLE: '主数据', children: [{ CODE: 'md.vendor', FURL: '/mdapi/index/vendor', TITLE: '供应商' }, { CODE: 'md.vendor.x', FURL: '/mdapi/index/vendor?tab=2', TITLE: '供应商审核' }] },
];

describe('menu lookup', () => {
  it('finds the entry whose URL matches the location', () => {
    expect(menuEntryFor(menus, '/workspace/home/')?.CODE).toBe('workspace.home');
    expect(menuEntryFor(menus, '/mdapi/index/vendor')?.CODE).toBe('md.vendor');
    expect(menuEntryFor(menus, '/mdapi/index/vendor', '?tab=2')?.CODE).toBe('md.vendor.x');
    expect(menuEntryFor(menus, '/nowhere')).toBeNull();
  });

  it('titles the document from the route first, then the menu', () => {
    expect(documentTitle('登录', '我的工作台', '平台')).toBe('登录 - 平台');
    expect(documentTitle(null, '我的工作台', '平台')).toBe('我的工作台 - 平台');
    expect(documentTitle(null, null, '平台')).toBe('平台');
  });

  it('titles a declared menu in the interface language and keeps an unknown one as the server sent it', () => {
    expect(menuEntryTitle({ CODE: 'workspace.home', TITLE: '我的工作台' }, 'en')).toBe('My workspace');
    expect(menuGroupTitle({ CODE: 'workspace', TITLE: '工作台' }, 'en')).toBe('Workspace');
    expect(menuEntryTitle({ CODE: 'unknown', TITLE: '自定义' }, 'en')).toBe('自定义');
  });
});
