/**
 * Drafts of unsaved edits kept in the browser (issue 29: nothing a user typed is lost): a page that
 * holds edits not yet saved writes them here on every change, under the user, the page and the
 * document, so a reload or a closed tab does not lose them; the page offers them back on return.
 * A draft is removed when the edits are saved, discarded, or left through the "leave" dialog, and
 * is dropped unread after `DRAFT_MAX_AGE_MS` (a week-old draft no longer matches what is stored).
 * No React here: the store is a parameter, so the keying and expiry are tested on their own.
 */
export type DraftKey = { user: string | null; page: string; doc: string };
export type Draft<T> = { savedAt: number; count: number | null; value: T };
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export const DRAFT_PREFIX = 'unsaved:';
export const DRAFT_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

const browserStore = (): Store | null => (typeof localStorage === 'undefined' ? null : localStorage);

/** `unsaved:{user}:{page}:{doc}`, each part escaped so a ':' in a page never mixes two keys. */
export function draftStorageKey(key: DraftKey): string {
  return DRAFT_PREFIX + [key.user || 'anonymous', key.page, key.doc].map(encodeURIComponent).join(':');
}

function parse<T>(text: string | null): Draft<T> | null {
  if (!text) return null;
  try {
    const d = JSON.parse(text) as Draft<T>;
    return d && typeof d === 'object' && typeof d.savedAt === 'number' && 'value' in d ? d : null;
  } catch {
    return null;
  }
}

/** Keeps the edits; a full or refused store loses only the draft, never the page's edits. */
export function writeDraft<T>(key: DraftKey, value: T, count: number | null, store: Store | null = browserStore(), now = Date.now()): void {
  try {
    store?.setItem(draftStorageKey(key), JSON.stringify({ savedAt: now, count, value } satisfies Draft<T>));
  } catch {
    /* quota exceeded or storage disabled */
  }
}

/** The draft kept for the key; an expired or damaged one is removed and not offered. */
export function readDraft<T>(key: DraftKey, store: Store | null = browserStore(), now = Date.now()): Draft<T> | null {
  const k = draftStorageKey(key);
  const d = parse<T>(store?.getItem(k) ?? null);
  if (d && now - d.savedAt <= DRAFT_MAX_AGE_MS) return d;
  if (store?.getItem(k) !== null) store?.removeItem(k);
  return null;
}

export function removeDraft(key: DraftKey, store: Store | null = browserStore()): void {
  store?.removeItem(draftStorageKey(key));
}

/** Removes every expired or damaged draft of any user (run once per visit). */
export function pruneDrafts(store: Store | null = browserStore(), now = Date.now()): number {
  if (!store) return 0;
  const stale: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const k = store.key(i);
    if (!k?.startsWith(DRAFT_PREFIX)) continue;
    const d = parse(store.getItem(k));
    if (!d || now - d.savedAt > DRAFT_MAX_AGE_MS) stale.push(k);
  }
  for (const k of stale) store.removeItem(k);
  return stale.length;
}

/** Where a page's edits stand for the guard: `cleanAt` is the revision a save or a leave left them at. */
export type EditsState = { dirty: boolean; revision: unknown; cleanAt: { revision: unknown } | null };

/** Whether leaving asks: edits are held and changed since the last save or leave. */
export function holdsEdits(s: EditsState): boolean {
  return s.dirty && (s.cleanAt === null || s.cleanAt.revision !== s.revision);
}

/**
 * What a change of the edits does to the kept draft: no edits left removes it (saved, undone,
 * discarded); edits changed since the last save are written; while a kept draft is being offered
 * nothing touches it, and the state a save left is not written back.
 */
export function draftStep(s: EditsState & { offering: boolean }): 'write' | 'remove' | 'none' {
  if (s.offering) return 'none';
  if (!s.dirty) return 'remove';
  return holdsEdits(s) ? 'write' : 'none';
}
