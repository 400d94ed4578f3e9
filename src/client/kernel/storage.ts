/**
 * Browser storage keys of spec 9 / spec 3 "Session state": token, tokenexpire, refreshtoken,
 * refreshexpire, username, plus language, platform id and crdash. Expiries are absolute epoch
 * seconds (the login reply gives lifetimes in seconds; we store when they end).
 */
export const STORAGE_KEYS = {
  token: 'token',
  tokenExpire: 'tokenexpire',
  refreshToken: 'refreshtoken',
  refreshExpire: 'refreshexpire',
  username: 'username',
  language: 'language',
  platformId: 'platformid',
  crdash: 'crdash',
} as const;

export type StoredSession = {
  token: string | null;
  tokenExpire: number | null;
  refreshToken: string | null;
  refreshExpire: number | null;
  username: string | null;
};

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function store(): KeyValueStore | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

function num(v: string | null): number | null {
  if (v === null || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

export function readStoredSession(s: KeyValueStore | null = store()): StoredSession {
  return {
    token: s?.getItem(STORAGE_KEYS.token) || null,
    tokenExpire: num(s?.getItem(STORAGE_KEYS.tokenExpire) ?? null),
    refreshToken: s?.getItem(STORAGE_KEYS.refreshToken) || null,
    refreshExpire: num(s?.getItem(STORAGE_KEYS.refreshExpire) ?? null),
    username: s?.getItem(STORAGE_KEYS.username) || null,
  };
}

export function writeStoredSession(v: StoredSession, s: KeyValueStore | null = store()): void {
  if (!s) return;
  const put = (k: string, x: string | number | null) => (x === null || x === '' ? s.removeItem(k) : s.setItem(k, String(x)));
  put(STORAGE_KEYS.token, v.token);
  put(STORAGE_KEYS.tokenExpire, v.tokenExpire);
  put(STORAGE_KEYS.refreshToken, v.refreshToken);
  put(STORAGE_KEYS.refreshExpire, v.refreshExpire);
  put(STORAGE_KEYS.username, v.username);
}

export function clearStoredSession(s: KeyValueStore | null = store()): void {
  if (!s) return;
  for (const k of [STORAGE_KEYS.token, STORAGE_KEYS.tokenExpire, STORAGE_KEYS.refreshToken, STORAGE_KEYS.refreshExpire, STORAGE_KEYS.crdash]) s.removeItem(k);
}

export function readPreference(key: 'language' | 'platformId' | 'crdash', s: KeyValueStore | null = store()): string | null {
  return s?.getItem(STORAGE_KEYS[key]) ?? null;
}

export function writePreference(key: 'language' | 'platformId' | 'crdash', value: string | null, s: KeyValueStore | null = store()): void {
  if (!s) return;
  if (value === null) s.removeItem(STORAGE_KEYS[key]);
  else s.setItem(STORAGE_KEYS[key], value);
}
