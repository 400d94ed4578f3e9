import { useEffect, useRef } from 'react';
import { NODE_TRACKING_EVENT } from '../../../model/node-tracking';
import { onSocketMessage } from '../../session/notification-socket';

/** Calls `onEvent` on each `nodetrack.changed` of the company socket (the latest `onEvent` given). */
export function useNodeEvents(onEvent: (m: { order_id?: number; share_id?: number; task_id?: number }) => void): void {
  const ref = useRef(onEvent);
  ref.current = onEvent;
  useEffect(
    () =>
      onSocketMessage((m) => {
        const msg = m as { type?: string; order_id?: number; share_id?: number; task_id?: number };
        if (msg?.type === NODE_TRACKING_EVENT) ref.current(msg);
      }),
    [],
  );
}
