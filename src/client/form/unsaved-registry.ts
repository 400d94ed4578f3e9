/**
 * The edits of the pages and forms shown now, as the one unsaved-changes guard sees them: each
 * `useUnsavedGuard` registers whether it holds unsaved edits and what leaving does to them (its
 * draft is removed). The router allows one blocker, so the shell's `UnsavedGuardHost` asks this
 * registry on every navigation and on `beforeunload`, whichever page or drawer holds the edits.
 */
export type UnsavedEntry = {
  /** Whether unsaved edits are held now. */
  dirty: () => boolean;
  /** The user chose to leave them: the draft goes, the entry is clean until the next edit. */
  leave: () => void;
};

const entries = new Set<UnsavedEntry>();

export function registerUnsaved(entry: UnsavedEntry): () => void {
  entries.add(entry);
  return () => void entries.delete(entry);
}

export function anyUnsaved(): boolean {
  for (const e of entries) if (e.dirty()) return true;
  return false;
}

/** Leaving with edits: every entry holding some forgets them. */
export function leaveUnsaved(): void {
  for (const e of [...entries]) if (e.dirty()) e.leave();
}

/** Whether a navigation goes to another page or document (a hash within the page is not leaving it). */
export function leavesPage(from: { pathname: string; search: string }, to: { pathname: string; search: string }): boolean {
  return from.pathname !== to.pathname || from.search !== to.search;
}
