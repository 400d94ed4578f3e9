import { describe, expect, it } from 'vitest';
import { decideNavigation, hasValidToken, loginRedirectUrl, REFRESH_MARGIN_SECONDS, safeRedirectTarget } from './guard';
import type { StoredSession } from '../kernel/storage';

const NOW = 1_800_000_000;

function session(over: Partial<StoredSession>): StoredSession {
  return { token: null, tokenExpire: null, refreshToken: null, refreshExpire: null, username: 'maker.planner', ...over };
}

describe('decideNavigation (spec 2 navigation guard)', () => {
  it('uses the 300 second margin of spec 9', () => {
    expect(REFRESH_MARGIN_SECONDS).toBe(300);
  });

  it('refreshes when there is no token but an unexpired refresh token', () => {
    expect(decideNavigation(session({ refreshToken: 'r1', refreshExpire: NOW + 1 }), false, NOW)).toEqual({
      kind: 'refresh',
      username: 'maker.planner',
      refreshToken: 'r1',
    });
  });

  it('signs out when there is no token and the refresh token expires this very second', () => {
    expect(decideNavigation(session({ refreshToken: 'r1', refreshExpire: NOW }), false, NOW)).toEqual({ kind: 'signOut' });
    expect(decideNavigation(session({ refreshToken: 'r1', refreshExpire: NOW - 1 }), true, NOW)).toEqual({ kind: 'signOut' });
  });

  it('signs out when there is neither token nor refresh token', () => {
    expect(decideNavigation(session({}), false, NOW)).toEqual({ kind: 'signOut' });
  });

  it('continues when the token has more than 300 seconds left (301)', () => {
    const s = session({ token: 't', tokenExpire: NOW + 301, refreshToken: 'r', refreshExpire: NOW + 9999 });
    expect(decideNavigation(s, true, NOW)).toEqual({ kind: 'continue', loadProfile: false });
  });

  it('loads the profile first when the session holds no user id', () => {
    const s = session({ token: 't', tokenExpire: NOW + 3600, refreshToken: 'r', refreshExpire: NOW + 9999 });
    expect(decideNavigation(s, false, NOW)).toEqual({ kind: 'continue', loadProfile: true });
  });

  it('refreshes with username and refresh token when the token has exactly 300 seconds left', () => {
    const s = session({ token: 't', tokenExpire: NOW + 300, refreshToken: 'r2', refreshExpire: NOW + 9999 });
    expect(decideNavigation(s, true, NOW)).toEqual({ kind: 'refresh', username: 'maker.planner', refreshToken: 'r2' });
  });

  it('refreshes when the token is already past its expiry', () => {
    const s = session({ token: 't', tokenExpire: NOW - 50, refreshToken: 'r3', refreshExpire: NOW + 10 });
    expect(decideNavigation(s, false, NOW)).toEqual({ kind: 'refresh', username: 'maker.planner', refreshToken: 'r3' });
  });

  it('signs out when the token is near expiry and no usable refresh token remains', () => {
    expect(decideNavigation(session({ token: 't', tokenExpire: NOW + 100 }), true, NOW)).toEqual({ kind: 'signOut' });
    expect(decideNavigation(session({ token: 't', tokenExpire: NOW + 100, refreshToken: 'r', refreshExpire: NOW }), true, NOW)).toEqual({ kind: 'signOut' });
  });

  it('treats a token with no stored expiry as expiring now', () => {
    expect(decideNavigation(session({ token: 't', refreshToken: 'r', refreshExpire: NOW + 5 }), true, NOW).kind).toBe('refresh');
    expect(decideNavigation(session({ token: 't' }), true, NOW).kind).toBe('signOut');
  });

  it('sends an empty username when none is stored (the server then refuses and the user signs out)', () => {
    const s = session({ username: null, refreshToken: 'r', refreshExpire: NOW + 5 });
    expect(decideNavigation(s, false, NOW)).toEqual({ kind: 'refresh', username: '', refreshToken: 'r' });
  });
});

describe('hasValidToken (discovery pages)', () => {
  it('is true only for a token that has not expired', () => {
    expect(hasValidToken(session({ token: 't', tokenExpire: NOW + 1 }), NOW)).toBe(true);
    expect(hasValidToken(session({ token: 't', tokenExpire: NOW }), NOW)).toBe(false);
    expect(hasValidToken(session({ token: null, tokenExpire: NOW + 100 }), NOW)).toBe(false);
  });
});

describe('login redirect', () => {
  it('carries the former path and parameters', () => {
    expect(loginRedirectUrl('/workspace/home', '?tab=2&x=a b')).toBe('/login?redirect=' + encodeURIComponent('/workspace/home?tab=2&x=a b'));
    expect(loginRedirectUrl('/', '')).toBe('/login');
    expect(loginRedirectUrl('/login', '?redirect=%2Fx')).toBe('/login');
  });

  it('only follows redirects to paths of this site', () => {
    expect(safeRedirectTarget('/page/userinfo?x=1')).toBe('/page/userinfo?x=1');
    expect(safeRedirectTarget('https://evil.example/')).toBe('/workspace/home');
    expect(safeRedirectTarget('//evil.example/')).toBe('/workspace/home');
    expect(safeRedirectTarget('/\\evil.example')).toBe('/workspace/home');
    expect(safeRedirectTarget('/login?redirect=/x')).toBe('/workspace/home');
    expect(safeRedirectTarget(null)).toBe('/workspace/home');
  });
});
