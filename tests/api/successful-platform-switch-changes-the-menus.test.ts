import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMenuGroups, PLATFORMS } from '../../src/model';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../support/test-app';

/**
 * Issue 10 "settings that must take effect": each menu group declares the platforms it belongs to,
 * and the login reply, a platform switch and a refresh give the menus of the session's platform.
 */
let t: TestApp;
type Menu = { CODE: string; children: Array<{ CODE: string }> };
type Info = { access_token: string; refresh_token: string; platform_id: string; menus: Menu[]; menu_modules: Array<{ CODE: string }> };

async function post(url: string, payload: Record<string, unknown>, token?: string): Promise<Info> {
  const res = await t.app.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Info }).data;
}
const groups = (i: Info) => i.menus.map((g) => g.CODE);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('menus follow the platform', () => {
  it('every declared group names known platforms, and not every group is on every platform', () => {
    const known = new Set(PLATFORMS.map((p) => p.id));
    for (const g of allMenuGroups()) if (g.platforms !== '*') expect(g.platforms.every((p) => known.has(p)), g.code).toBe(true);
    expect(allMenuGroups().some((g) => g.platforms !== '*')).toBe(true);
  });

  it('switching platform changes the menus of the reply, and a refresh keeps them', async () => {
    const srm = await post('/api/access/login', { username: 'brand', password: DEMO_PASSWORD, platform_id: 'SRM' });
    expect(srm.platform_id).toBe('SRM');
    expect(groups(srm)).toEqual(expect.arrayContaining(['workspace', 'masterdata', 'orders', 'admin']));

    const factory = await post('/api/access/switch-plt', { platform_id: 'SFCENTER' }, srm.access_token);
    expect(factory.platform_id).toBe('SFCENTER');
    expect(groups(factory)).not.toContain('orders');
    expect(factory.menu_modules.map((m) => m.CODE)).not.toContain('orders');
    expect(groups(factory)).toEqual(expect.arrayContaining(['workspace', 'masterdata', 'admin']));
    expect(factory.menus.flatMap((g) => g.children.map((c) => c.CODE))).not.toContain('scm.allocation.workbench');

    const refreshed = ((await post('/api/access/refresh-token', { username: 'brand', refresh_token: factory.refresh_token })) as unknown as { userinfo: Info }).userinfo;
    expect(refreshed.platform_id).toBe('SFCENTER');
    expect(groups(refreshed)).toEqual(groups(factory));

    const back = await post('/api/access/switch-plt', { platform_id: 'SRM' }, factory.access_token);
    expect(groups(back)).toEqual(groups(srm));
  });

  it('signs in on the platform chosen last time', async () => {
    const first = await post('/api/access/login', { username: 'maker', password: DEMO_PASSWORD });
    await post('/api/access/switch-plt', { platform_id: 'SFPRINT' }, first.access_token);
    const again = await post('/api/access/login', { username: 'maker', password: DEMO_PASSWORD });
    expect(again.platform_id).toBe('SFPRINT');
    expect(groups(again)).not.toContain('orders');
  });
});
