import { describe, expect, it } from 'vitest';
import { isPublicPath, patternShape, pendingSpecPaths, PUBLIC_PATHS, routePatterns } from './route-table';

describe('spec 2 public routes', () => {
  it('lists exactly the spec public routes', () => {
    expect([...PUBLIC_PATHS]).toEqual([
      '/login', '/login/inner', '/signup', '/forgotpwd/fillemail', '/forgotpwd/newpwd', '/forgotpwd/deadline',
      '/discovery/index', '/newdiscovery/index', '/login/ddwelcome/:client', '/login/qywxwelcome', '/login/third/:type',
    ]);
  });

  it('tells public from signed-in paths', () => {
    for (const p of ['/login', '/login/inner', '/signup', '/forgotpwd/newpwd', '/discovery/index', '/login/ddwelcome/acme', '/login/third/wecom']) expect(isPublicPath(p)).toBe(true);
    for (const p of ['/', '/workspace/home', '/page/userinfo', '/loginx', '/login/ddwelcome', '/discovery', '/signup/extra']) expect(isPublicPath(p)).toBe(false);
  });
});

describe('pending spec routes', () => {
  it('compares patterns whatever the parameter names', () => {
    expect(patternShape('/:cata/index/:opt')).toBe(patternShape('/:module/INDEX/:page/'));
  });

  it('joins children to parents', () => {
    expect(routePatterns([{ path: '/zp', children: [{ path: ':cata/index/:opt' }, { index: true }] }])).toEqual(['/zp', '/zp/:/index/:', '/zp']);
  });

  it('leaves out the spec paths the engine answers', () => {
    const engine = [{ path: '/:c/index/:o' }, { path: 'page/:opt' }];
    const pending = pendingSpecPaths(engine);
    expect(pending).not.toContain('/:cata/index/:opt');
    expect(pending).not.toContain('/page/:opt');
    expect(pending).toContain('/:cata/masterdetail/:opt');
    expect(pending).toContain('/mydash');
  });
});
