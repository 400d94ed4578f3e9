/**
 * What the three tracked-order drawers (the maker's, the brand's and the supplier's) share: the
 * chosen order's timeline, read by the page's own declared call and again when `nodetrack.changed`
 * names it; the actual dates typed but not yet recorded; recording one. The list behind the drawer
 * reads its rows again on the same message (the views' `refreshOn`).
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Call } from '../../../model/calls/call';
import type { Timeline, TimelineNode as Node } from '../../../model/calls/tracking';
import { callApi } from '../../api/calls';
import { toast } from '../../kernel/toast-bus';
import { useNodeEvents, type NodeEvent } from './use-node-events';

/**
 * The timeline of order `id`, asked of `call` as `{ [param]: id }`; read again on a `nodetrack.changed`
 * for which `names(message)` holds.
 *
 * Example: `const o = useOrderTimeline(trackingCalls.timeline, 'order_id', id, (m) => m.order_id === id);`
 */
export function useOrderTimeline<P extends string>(call: Call<Record<P, number>, Timeline>, param: P, id: number, names: (m: NodeEvent) => boolean) {
  const { t } = useTranslation();
  const [tl, setTl] = useState<Timeline | null>(null);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    setTl(await callApi(call as Call<Record<string, number>, Timeline>, { [param]: id }));
    setDrafts({});
  }, [call, param, id]);
  useEffect(() => void reload().catch(() => undefined), [reload]);
  useNodeEvents((m) => {
    if (names(m)) void reload().catch(() => undefined);
  });

  /** Runs one of the drawer's commands with the drawer busy meanwhile; the API hooks show a refusal. */
  const run = async (command: () => Promise<void>) => {
    setBusy(true);
    try {
      await command();
    } catch {
      // The API hooks show the server's message.
    } finally {
      setBusy(false);
    }
  };

  /** Records (or, with `date` null, clears) a node's actual date through `send`, which answers the new timeline. */
  const record = (send: (n: Node, date: string | null) => Promise<Timeline | undefined>, n: Node, date: string | null) =>
    run(async () => {
      const next = await send(n, date);
      if (next) setTl(next);
      // The stored date shows again once recorded (the draft is dropped, not emptied).
      setDrafts(({ [n.node_code]: _, ...rest }) => rest);
      toast.success(date ? t('nt.recorded', { node: n.node_name, date }) : t('nt.cleared', { node: n.node_name }));
    });

  const closed = tl ? tl.order.status !== 'in_progress' : true;
  return { tl, setTl, drafts, setDrafts, busy, run, record, reload, closed };
}
