import { useCallback, useState } from 'react';
import { ApiError } from './client';
import { fieldErrorsOf } from './reactions';

/**
 * The controller of a drawer that edits one declared record at a time (alerts, designed tiles): the
 * draft being edited (null: closed), its field errors from the server, the busy flag, and save and
 * remove that reload the list after them. A refused save keeps the draft and shows each field's
 * message under its field (`_` for a refusal without fields); nothing typed is lost.
 *
 * Example:
 * ```ts
 * const ed = useDraftEditor({ save: (d) => callApi(alertCalls.save, inputOf(d), { quiet: true }), remove: (r) => callApi(alertCalls.remove, { ids: [r.id], versions: [r.version] }), reload });
 * ```
 */
export function useDraftEditor<D, R>(opts: { save: (draft: D) => Promise<unknown>; remove: (row: R) => Promise<unknown>; reload: () => Promise<void> }) {
  const [draft, setDraft] = useState<D | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const save = async (): Promise<boolean> => {
    if (!draft) return false;
    setBusy(true);
    try {
      await opts.save(draft);
      setDraft(null);
      setErrors({});
      await opts.reload();
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.errors) setErrors(fieldErrorsOf(e.errors as Record<string, string | string[]>));
      else setErrors({ _: e instanceof Error ? e.message : String(e) });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const remove = async (row: R) => {
    await opts.remove(row);
    await opts.reload();
  };

  /** Opens a draft (clearing earlier errors). */
  const edit = useCallback((next: D) => {
    setErrors({});
    setDraft(next);
  }, []);

  return { draft, setDraft, errors, busy, save, remove, edit, close: () => setDraft(null) };
}
