import { towerCalls, type TowerQuery, type TowerReply } from '../../../model/calls/tower';
import { defaultRange } from '../../../../reports/tower-range';
import { addressOf, callApi } from '../../api/calls';
import { askedEarly, markEarly, peekEarlyNow, takeEarly } from '../../api/early-calls';
import { readStoredSession } from '../../kernel/storage';

/**
 * The tower's first call, asked before the tower's code is loaded when the address is the tower's
 * and the stored token is good for a while; the tower's first load takes the reply under way when it
 * asks the same query (api/early-calls.ts). Whichever asker comes first (only one asks):
 * - the document's own script `early/early-calls.js` (index.html), about 60 ms after the
 *   navigation, before the app's libraries have loaded (B8);
 * - else the app's entry (main.tsx, `askTowerEarly`), about 0.45 s after it.
 * A token about to expire is left to the shell's refresh (the page asks once mounted). Kept tiny: it
 * is part of the entry chunk.
 */
export const todayIso = () => new Date().toISOString().slice(0, 10);

export const towerQuery = (range: { from: string; to: string }, raw: boolean, org: string): TowerQuery => ({ from: range.from, to: range.to, ...(org ? { org } : {}), ...(raw ? { source: 'raw' as const } : {}) });

/** The address the app's client asks for `q` (client.ts: `/api` + path + the query in its order). */
export const towerAddress = (q: TowerQuery): string => addressOf(towerCalls.run, q);

/** Asks the tower's first call now when the browser opened the tower's address (unless the document's script did). */
export function askTowerEarly(): void {
  if (typeof window === 'undefined' || !location.pathname.endsWith('/visual/control-tower') || askedEarly('__towerEarly')) return;
  const session = readStoredSession();
  if (!session.token || (session.tokenExpire ?? 0) <= Date.now() / 1000 + 30) return;
  const params = new URLSearchParams(location.search);
  const q = towerQuery(defaultRange(todayIso()), params.get('source') === 'raw', params.get('org') ?? '');
  markEarly<TowerReply>('__towerEarly', { url: towerAddress(q), reply: callApi(towerCalls.run, q, { quiet: true }).catch(() => null), by: 'app' });
}

/** The document's early reply to `q` when it is already in, for the tower's first frame (not taken: the tower takes it once mounted, `useLiveReload`); else null. */
export const towerNow = (q: TowerQuery): TowerReply | null => peekEarlyNow<TowerReply>('__towerEarly', towerAddress(q));

/** The tower's call: the early reply when it asked exactly this query in this language (once), else a new call. */
export function askTower(q: TowerQuery): Promise<TowerReply> {
  const mine = takeEarly<TowerReply>('__towerEarly', towerAddress(q));
  return mine ? mine.then((r) => r ?? callApi(towerCalls.run, q, { quiet: true })) : callApi(towerCalls.run, q, { quiet: true });
}
