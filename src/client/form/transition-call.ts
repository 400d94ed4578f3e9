import type { TransitionDef } from '../../model/entity';
import { ApiError } from '../api/client';
import { fieldErrorsOf } from '../api/reactions';
import { toast } from '../kernel/toast-bus';

/**
 * Runs a transition's call and says how its dialog ends: done, the dialog closed and the success
 * toast shown (null); refused on one of the dialog's own parameters, those fields' messages for the
 * still open dialog (a question of the server's, under the transition's `ask` parameter); refused otherwise, the dialog closed (the API reactions showed the reason).
 * Shared by the list pages' runner (engine/use-transition-runner) and the drawer's own actions
 * (DrawerTransitions).
 */
export async function runTransitionCall(tr: TransitionDef, call: () => Promise<unknown>, close: () => void, doneText: string, afterDone?: () => void): Promise<Record<string, string> | null> {
  try {
    await call();
    close();
    toast.success(doneText);
    afterDone?.();
    return null;
  } catch (e) {
    // The server asks instead of refusing (TransitionDef.ask): its question comes back under that parameter.
    if (tr.ask && e instanceof ApiError && (e.data as { needsConfirm?: boolean } | null)?.needsConfirm) return { [tr.ask]: e.message };
    const fields = e instanceof ApiError ? fieldErrorsOf(e.errors) : {};
    if ((tr.params ?? []).some((p) => fields[p.key])) return fields;
    close();
    return null;
  }
}
