import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransitionDef } from '../../model/entity';
import { runTransitionCall } from '../form/transition-call';
import type { ListController } from './use-list-controller';

/**
 * The one transition runner of every list page (the generated list and the pages that add their own
 * dialogs, purchase and outsourced orders): the transition being asked for (its parameters or its
 * confirmation), and running it on the selected rows, at the version read when one row is selected.
 * A refused parameter comes back as field errors for the still open dialog; any other refusal closes
 * it (the API reactions showed the reason). `onReply` reads what a done action answers (a secret
 * given once, ListPage's `secretOnce`).
 */
export function useTransitionRunner(list: Pick<ListController, 'api' | 'selected' | 'one' | 'refresh'>, onReply?: (reply: { data?: unknown[] }) => void) {
  const { t } = useTranslation();
  const [transition, setTransition] = useState<TransitionDef | null>(null);

  const runTransition = async (tr: TransitionDef, params: Record<string, unknown>): Promise<Record<string, string> | null> => {
    // The action runs whether or not a page reads its reply (`onReply?.(await ...)` skipped the call itself without one).
    const call = async () => {
      const reply = await list.api.action(tr.action, list.selected.map((r) => Number(r.id)), params, list.one ? Number(list.one.version) : null);
      onReply?.(reply);
    };
    return runTransitionCall(tr, call, () => setTransition(null), t('engine.actionDone'), list.refresh);
  };

  return { transition, setTransition, runTransition };
}
