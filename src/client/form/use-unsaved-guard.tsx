import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { whenIdle } from '../kernel/when-idle';
import { readStoredSession } from '../kernel/storage';
import { RestoreDraftDialog } from './UnsavedGuard';
import { draftStep, holdsEdits, readDraft, removeDraft, writeDraft, type Draft, type DraftKey } from './unsaved-drafts';
import { registerUnsaved } from './unsaved-registry';

export type UnsavedGuardOptions<T> = {
  /** Where the draft is kept (the signed-in user is added): null while the document is not ready or is read-only. */
  draft?: { page: string; doc: string } | null;
  /** Changes whenever the edits change: the draft is written again then. */
  revision?: unknown;
  /** The edits as the draft keeps them (plain JSON). */
  snapshot?: () => T;
  /** How many edits, for the restore offer's text; null when not counted. */
  count?: () => number | null;
  /** Puts a kept draft's edits back into the page; without it no draft is offered. */
  onRestore?: (value: T) => void;
};

export type UnsavedGuard = {
  /** The edits were saved: the draft goes and leaving no longer asks until the next edit. */
  saved: () => void;
  /** The user threw the edits away (a refresh, a closed drawer): the same. */
  discard: () => void;
  /** The restore offer of a kept draft; render it with the page. */
  dialog: ReactNode;
};

/**
 * The one unsaved-changes guard (issue 29). While `dirty`: a navigation inside the app asks first
 * (the shell's `UnsavedGuardHost` holds the router's blocker and the "leave?" dialog), a reload or
 * a closed tab gets the browser's own question (`beforeunload`), and the edits are kept as a draft
 * in the browser under user + page + document. When the page opens that document again with a
 * draft kept, it offers to restore or discard it. Call `saved()` after a successful save.
 *
 * Example: `const guard = useUnsavedGuard(pending > 0, { draft: { page: 'allocation-workbench', doc: String(versionId) }, revision, snapshot: () => edits, onRestore: apply })`.
 */
/**
 * The draft is written when the browser is idle, not in the frame of the edit: a paste of 10,000
 * cells into a drawer's lines spent ~200 ms of its frame serialising and storing 2,500 lines
 * (bench B1c). A later edit replaces a write not yet made; leaving the page (pagehide) or the
 * component going makes it at once, so a reload still finds the draft.
 */
function useIdleWrite() {
  const pending = useRef<{ run: () => void; cancel: () => void } | null>(null);
  return useMemo(() => {
    const cancel = () => {
      if (!pending.current) return;
      pending.current.cancel();
      pending.current = null;
    };
    const flush = () => {
      const p = pending.current;
      cancel();
      p?.run();
    };
    const schedule = (run: () => void) => {
      cancel();
      const go = () => {
        pending.current = null;
        run();
      };
      pending.current = { run, cancel: whenIdle(go, 1000, 200) };
    };
    return { schedule, cancel, flush };
  }, []);
}

export function useUnsavedGuard<T>(dirty: boolean, options: UnsavedGuardOptions<T> = {}): UnsavedGuard {
  const user = readStoredSession().username;
  const page = options.draft?.page ?? null;
  const doc = options.draft?.doc ?? null;
  const key = useMemo<DraftKey | null>(() => (page === null || doc === null ? null : { user, page, doc }), [user, page, doc]);
  const latest = useRef({ dirty, options, key });
  latest.current = { dirty, options, key };
  // Saved or left: clean until the edits change again (a save's reply may navigate before the page reloads).
  const cleanAt = useRef<{ revision: unknown } | null>(null);
  // A kept draft is offered: nothing is written over it until the user answers.
  const offering = useRef(false);
  const [offer, setOffer] = useState<Draft<T> | null>(null);

  const later = useIdleWrite();
  const forget = useCallback(() => {
    later.cancel();
    cleanAt.current = { revision: latest.current.options.revision };
    if (latest.current.key) removeDraft(latest.current.key);
  }, [later]);

  useEffect(
    () =>
      registerUnsaved({
        dirty: () => holdsEdits({ dirty: latest.current.dirty, revision: latest.current.options.revision, cleanAt: cleanAt.current }),
        leave: forget,
      }),
    [forget],
  );

  // Leaving the page or the component: a draft not yet written is written now.
  useEffect(() => {
    window.addEventListener('pagehide', later.flush);
    return () => {
      window.removeEventListener('pagehide', later.flush);
      later.flush();
    };
  }, [later]);

  // A document opened: its kept draft, if any, is offered (before any write below can replace it).
  useEffect(() => {
    offering.current = false;
    setOffer(null);
    if (!key || !latest.current.options.onRestore) return;
    const kept = readDraft<T>(key);
    if (kept) {
      offering.current = true;
      setOffer(kept);
    }
  }, [key]);

  // Every change: the draft follows the edits (none left, none kept).
  useEffect(() => {
    if (!key) return;
    const o = latest.current.options;
    const step = draftStep({ dirty, revision: o.revision, cleanAt: cleanAt.current, offering: offering.current });
    if (step === 'none') return;
    cleanAt.current = null;
    if (step === 'remove') {
      later.cancel();
      removeDraft(key);
    } else if (o.snapshot) {
      const snapshot = o.snapshot;
      later.schedule(() => writeDraft(key, snapshot(), o.count?.() ?? null));
    }
  }, [key, dirty, options.revision, later]);

  const answer = (restore: boolean) => {
    const kept = offer;
    offering.current = false;
    setOffer(null);
    if (restore && kept) latest.current.options.onRestore?.(kept.value);
    else if (key) removeDraft(key);
  };

  return {
    saved: forget,
    discard: forget,
    dialog: <RestoreDraftDialog draft={offer} onRestore={() => answer(true)} onDiscard={() => answer(false)} />,
  };
}
