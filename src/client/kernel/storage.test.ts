import { describe, expect, it } from 'vitest';
import { clearStoredSession, readPreference, readStoredSession, STORAGE_KEYS, writePreference, writeStoredSession } from './storage';

function memoryStore() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('browser storage keys (spec 9, spec 3 "Session state")', () => {
  it('uses exactly the spec keys', () => {
    expect(Object.values(STORAGE_KEYS).sort()).toEqual(['crdash', 'language', 'platformid', 'refreshexpire', 'refreshtoken', 'token', 'tokenexpire', 'username'].sort());
  });

  it('writes the session under token, tokenexpire, refreshtoken, refreshexpire, username', () => {
    const s = memoryStore();
    writeStoredSession({ token: 'a.b.c', tokenExpire: 1800000300, refreshToken: 'r', refreshExpire: 1800600000, username: 'maker.planner' }, s);
    expect(Object.fromEntries(s.map)).toEqual({ token: 'a.b.c', tokenexpire: '1800000300', refreshtoken: 'r', refreshexpire: '1800600000', username: 'maker.planner' });
    expect(readStoredSession(s)).toEqual({ token: 'a.b.c', tokenExpire: 1800000300, refreshToken: 'r', refreshExpire: 1800600000, username: 'maker.planner' });
  });

  it('clears tokens and crdash on sign-out but keeps username, language and platform', () => {
    const s = memoryStore();
    writeStoredSession({ token: 't', tokenExpire: 1, refreshToken: 'r', refreshExpire: 2, username: 'brand' }, s);
    writePreference('language', 'en', s);
    writePreference('platformId', 'SRM', s);
    writePreference('crdash', '1', s);
    clearStoredSession(s);
    expect(Object.fromEntries(s.map)).toEqual({ username: 'brand', language: 'en', platformid: 'SRM' });
    expect(readPreference('language', s)).toBe('en');
  });

  it('reads a damaged expiry as absent, not as a number', () => {
    const s = memoryStore();
    s.setItem('token', 't');
    s.setItem('tokenexpire', 'soon');
    expect(readStoredSession(s).tokenExpire).toBeNull();
  });
});
