import { useEffect, useMemo, useRef, useState } from 'react';
import { uploadApi, type RowEdit } from '../../engine/upload-api';

/** How long the grid waits after the last edit before saving (edits in that time go in one save). */
export const SAVE_DELAY_MS = 600;

/** Rows per save request. */
const SAVE_CHUNK = 2000;

export type SaveState = 'saved' | 'pending' | 'saving' | 'failed';

/**
 * Saves the fixing grid's edited and left-out rows to the import job as the user works (issue 33):
 * debounced, the latest edit of a row wins, a failed save is tried again with the next edit; when
 * the page is hidden or closed the rows not yet saved go in a request that outlives the page.
 */
export function useRowSaver(jobId: number) {
  const pending = useRef(new Map<number, RowEdit>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const running = useRef<Promise<void>>(Promise.resolve());
  const [state, setState] = useState<SaveState>('saved');

  const saver = useMemo(() => {
    const take = () => {
      const rows = [...pending.current.values()];
      pending.current.clear();
      return rows;
    };
    const save = (): Promise<void> => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      running.current = running.current.then(async () => {
        const rows = take();
        if (!rows.length) return;
        setState('saving');
        try {
          // The server takes at most 10,000 rows a save ("apply to all" over a large sheet may change more).
          for (let i = 0; i < rows.length; i += SAVE_CHUNK) await uploadApi.saveRows(jobId, rows.slice(i, i + SAVE_CHUNK));
          setState(pending.current.size ? 'pending' : 'saved');
        } catch {
          // Kept for the next save: the latest edit of a row still wins.
          for (const r of rows) if (!pending.current.has(r.row)) pending.current.set(r.row, r);
          setState('failed');
        }
      });
      return running.current;
    };
    return {
      queue: (edit: RowEdit) => {
        pending.current.set(edit.row, edit);
        setState('pending');
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => void save(), SAVE_DELAY_MS);
      },
      flush: async () => {
        await save();
        if (pending.current.size) throw new Error('not saved');
      },
      /** The page is going away: what is left goes in a request that outlives it. */
      leave: () => {
        const rows = take();
        for (let i = 0; i < rows.length; i += SAVE_CHUNK) void uploadApi.saveRows(jobId, rows.slice(i, i + SAVE_CHUNK), true).catch(() => undefined);
      },
    };
  }, [jobId]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') saver.leave();
    };
    window.addEventListener('pagehide', saver.leave);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', saver.leave);
      document.removeEventListener('visibilitychange', onHide);
      saver.leave();
    };
  }, [saver]);

  return { ...saver, state };
}
