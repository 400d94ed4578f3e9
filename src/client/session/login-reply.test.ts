import { describe, expect, it } from 'vitest';
import { accessFieldsOf, favouriteMenusOf, storedSessionOf, userInfoOf, type LoginReply } from './login-reply';

const reply: LoginReply = {
  access_token: 'a.b.c', expire: 7200, refresh_token: 'r1', refresh_expire: 604800, username: 'maker.planner', language_code: 'zh-CN',
  platform_id: 'SRM', platform_name: '供应链协同', cr_dash: '', dashroles: ['common', 'planner'],
  menus: [{ CODE: 'workspace', TITLE: '工作台', children: [{ CODE: 'workspace.home', FURL: '/workspace/home', TITLE: '我的工作台' }] }],
  menu_modules: [{ CODE: 'workspace', TITLE: '工作台' }], settings: { favourite_menus: ['workspace.home'] }, jointgroups: [], hasnewversion: false,
  client_name: '华纺制衣', license_type: 'standard', platform_list: [{ id: 'SRM', name: '供应链协同' }], shop_id: null, unread_msg: 3, rpt_theme: 'default',
  avatar: null, names: '王计划', id: 7, client_id: 3, fullname: '王计划', must_change_password: false, mobile: '13900000002', email: 'maker.planner@demo.local',
};

describe('login reply', () => {
  it('turns lifetimes in seconds into absolute expiries', () => {
    expect(storedSessionOf(reply, 1000)).toEqual({ token: 'a.b.c', tokenExpire: 8200, refreshToken: 'r1', refreshExpire: 605800, username: 'maker.planner' });
    expect(storedSessionOf({ ...reply, access_token: undefined }, 1000)).toBeNull();
  });

  it('fills the spec 3 session state fields', () => {
    expect(accessFieldsOf(reply)).toMatchObject({
      id: 7, fullname: '王计划', clientId: 3, clientName: '华纺制衣', dashroles: ['common', 'planner'], unread: 3, hasNewVersion: false,
      platformId: 'SRM', platformName: '供应链协同', licenceType: 'standard', shopId: '', reportTheme: 'default', names: '王计划',
      mobile: '13900000002', favouriteMenus: ['workspace.home'], mustChangePassword: false,
    });
    expect(accessFieldsOf(reply).menus?.[0].children[0].FURL).toBe('/workspace/home');
  });

  it('leaves out fields the reply does not carry (a profile does not reset the unread counter)', () => {
    const fields = accessFieldsOf({ id: 7, fullname: 'x' });
    expect(fields).toEqual({ id: 7, fullname: 'x' });
  });

  it('reads favourite menus as a list, a comma list or entries', () => {
    expect(favouriteMenusOf({ favourite_menus: 'a, b' })).toEqual(['a', 'b']);
    expect(favouriteMenusOf({ favourite_menus: [{ CODE: 'x' }] })).toEqual(['x']);
    expect(favouriteMenusOf(null)).toEqual([]);
  });

  it('reads data.userinfo or data.results', () => {
    expect(userInfoOf({ userinfo: { id: 1 } })).toEqual({ id: 1 });
    expect(userInfoOf({ results: { id: 2 } })).toEqual({ id: 2 });
    expect(userInfoOf({ results: [] })).toBeNull();
    expect(userInfoOf(null)).toBeNull();
  });
});
