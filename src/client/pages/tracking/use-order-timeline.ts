/**
 * What the three tracked-order drawers (the maker's, the brand's and the supplier's) share: the
 * chosen order's timeline, read by the page's own declared call and again whenever the drawer's
 * record is read again (`revision`: after a node line's run from the child grid, and on
 * `nodetrack.changed`, when the list reads its rows and the open record again: the views'
 * `refreshOn`); its commands run with the drawer busy.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Call } from '../../../model/calls/call';
import type { Timeline } from '../../../model/calls/tracking';
import { callApi } from '../../api/calls';

/**
 * The timeline of order `id`, asked of `call` as `{ [param]: id }`, read again when `revision` changes.
 *
 * Example: `const o = useOrderTimeline(trackingCalls.timeline, 'order_id', id, rf.revision);`
 */
export function useOrderTimeline<P extends string>(call: Call<Record<P, number>, Timeline>, param: P, id: number, revision: string) {
  const [tl, setTl] = useState<Timeline | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => setTl(await callApi(call as Call<Record<string, number>, Timeline>, { [param]: id })), [call, param, id]);
  useEffect(() => void reload().catch(() => undefined), [reload, revision]);

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

  const closed = tl ? tl.order.status !== 'in_progress' : true;
  return { tl, busy, run, closed };
}
