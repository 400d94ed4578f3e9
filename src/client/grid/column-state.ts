/**
 * Column order, width, visibility and pinning saved per user and page (spec 3 session state:
 * "saved table info"). The login reply's `saved_tables` is read first; changes are kept in
 * local storage under `tablestate:{username}:{page}` because the server has no call to store
 * them yet (see the report in docs/architecture.md).
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

export function loadSavedTable(username: string, page: string, fromSession: Record<string, unknown> | undefined, store: Store | null = typeof localStorage === 'undefined' ? null : localStorage): SavedTable | null {
  const local = store?.getItem(storageKey(username, page));
  if (local) {
    try {
      const parsed: unknown = JSON.parse(local);
      if (isSavedTable(parsed)) return parsed;
    } catch {
      /* a damaged entry is ignored */
    }
  }
  const server = fromSession?.[page];
  return isSavedTable(server) ? server : null;
}

export function storeSavedTable(username: string, page: string, table: SavedTable | null, store: Store | null = typeof localStorage === 'undefined' ? null : localStorage): void {
  if (!store) return;
  if (table === null) store.removeItem(storageKey(username, page));
  else store.setItem(storageKey(username, page), JSON.stringify(table));
}
