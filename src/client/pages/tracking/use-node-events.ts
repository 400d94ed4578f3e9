import { useEffect, useRef } from 'react';
import { NODE_TRACKING_EVENT } from '../../../model/node-tracking';
import { onSocketMessage } from '../../session/notification-socket';

/** What a `nodetrack.changed` names: the maker's order, the brand's share, the supplier's copy. */
export type NodeEvent = { order_id?: number; share_id?: number; task_id?: number };

/** Calls `onEvent` on each `nodetrack.changed` of the company socket (the latest `onEvent` given). */
export function useNodeEvents(onEvent: (m: NodeEvent) => void): void {
  const ref = useRef(onEvent);
  ref.current = onEvent;
  useEffect(
    () =>
      onSocketMessage((m) => {
        const msg = m as NodeEvent & { type?: string };
        if (msg?.type === NODE_TRACKING_EVENT) ref.current(msg);
      }),
    [],
  );
}
