import { profileApi, saveSettingBeaconUrl } from '../session/profile-api';
import { readStoredSession } from '../kernel/storage';

/**
 * Column order, width, visibility and pinning saved per user and page (spec 3 session state:
 * "saved table info"). The account's copy (the login or profile reply's `saved_tables`) is read
 * first, so a layout changed on another device wins; local storage under
 * `tablestate:{username}:{page}` is the fallback while a save has not reached the server. Every
 * change goes to both: local storage at once, the server (save-setting) debounced.
 */
export type SavedColumn = { colId: string; width?: number; hide?: boolean; pinned?: 'left' | 'right' | null };
export type SavedTable = { columns: SavedColumn[] };

/** The grid's column state reduced to what we keep (order is the array's order). */
export function savedTableOf(state: ReadonlyArray<{ colId: string; width?: number | null; hide?: boolean | null; pinned?: 'left' | 'right' | boolean | null | undefined }>): SavedTable {
  return {
    columns: state
      .filter((c) => !c.colId.startsWith('ag-Grid-'))
      .map((c) => ({ colId: c.colId, width: c.width ?? undefined, hide: Boolean(c.hide), pinned: c.pinned === true ? 'left' : c.pinned || null })),
  };
}

export function isSavedTable(v: unknown): v is SavedTable {
  return (
    typeof v === 'object' && v !== null && Array.isArray((v as SavedTable).columns) &&
    (v as SavedTable).columns.every((c) => typeof c === 'object' && c !== null && typeof c.colId === 'string')
  );
}

/** Keeps only columns the page still declares, so a removed column never breaks the grid. */
export function applicableState(saved: SavedTable, known: readonly string[]): SavedColumn[] {
  return saved.columns.filter((c) => known.includes(c.colId));
}

export function storageKey(username: string, page: string): string {
  return `tablestate:${username || 'anonymous'}:${page}`;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Layouts changed in this visit, by `username:page`: newer than the session's copy, which is from
 * sign-in time. Kept here rather than in the valtio access state, because a change there re-renders
 * the grid, and a re-rendered AG Grid re-applies its column definitions over the user's layout.
 */
const changedThisVisit = new Map<string, SavedTable | null>();

export function loadSavedTable(
  username: string,
  page: string,
  fromSession: Record<string, unknown> | undefined,
  store: Store | null = typeof localStorage === 'undefined' ? null : localStorage,
  visit: ReadonlyMap<string, SavedTable | null> = changedThisVisit,
): SavedTable | null {
  const key = storageKey(username, page);
  if (visit.has(key)) return visit.get(key) ?? null;
  const server = fromSession?.[page];
  if (isSavedTable(server)) return server;
  const local = store?.getItem(key);
  if (local) {
    try {
      const parsed: unknown = JSON.parse(local);
      if (isSavedTable(parsed)) return parsed;
    } catch {
      /* a damaged entry is ignored */
    }
  }
  return null;
}

/** Where a change goes besides local storage: `null` table = the page's layout was reset. */
export type SavedTableSink = (username: string, page: string, table: SavedTable | null) => void;

/**
 * Coalesces layout changes into one save-setting call per quiet period: dragging a column fires
 * many events, and several pages may change before it ends. `send` gets page -> table | null.
 * `flushNow(beacon)` hands the pending pages to `beacon` instead (the page is closing).
 */
export function createSavedTableSync(send: (tables: Record<string, SavedTable | null>) => Promise<unknown>, delayMs = 1000) {
  let pending: Record<string, SavedTable | null> = {};
  let timer: ReturnType<typeof setTimeout> | null = null;
  const take = () => {
    const tables = pending;
    pending = {};
    if (timer) clearTimeout(timer);
    timer = null;
    return tables;
  };
  return {
    schedule(page: string, table: SavedTable | null): void {
      pending[page] = table;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        const tables = take();
        // A failed save is not worth a toast: local storage kept the layout and the next change retries.
        void send(tables).catch(() => undefined);
      }, delayMs);
    },
    flushNow(beacon: (tables: Record<string, SavedTable | null>) => void): void {
      if (Object.keys(pending).length) beacon(take());
    },
    pendingPages: () => Object.keys(pending),
  };
}

const serverSync = createSavedTableSync((tables) => profileApi.saveSetting({ saved_tables: tables }, true));

// A layout changed just before the tab closes still reaches the account (token in the query, spec 7).
if (typeof window !== 'undefined')
  window.addEventListener('pagehide', () =>
    serverSync.flushNow((tables) => {
      const { token } = readStoredSession();
      if (token && typeof navigator.sendBeacon === 'function')
        navigator.sendBeacon(saveSettingBeaconUrl(token), new Blob([JSON.stringify({ saved_tables: tables })], { type: 'application/json' }));
    }),
  );

/** This visit's copy follows at once, the account's (save-setting) debounced. */
const toAccount: SavedTableSink = (username, page, table) => {
  changedThisVisit.set(storageKey(username, page), table);
  serverSync.schedule(page, table);
};

/**
 * The one place a list's column layout is stored: local storage at once, the account's copy
 * (save-setting, debounced) through `sink`.
 */
export function storeSavedTable(
  username: string,
  page: string,
  table: SavedTable | null,
  store: Store | null = typeof localStorage === 'undefined' ? null : localStorage,
  sink: SavedTableSink | null = toAccount,
): void {
  if (store) {
    if (table === null) store.removeItem(storageKey(username, page));
    else store.setItem(storageKey(username, page), JSON.stringify(table));
  }
  sink?.(username, page, table);
}
