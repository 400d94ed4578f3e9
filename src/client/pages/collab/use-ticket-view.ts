import { useEffect, useState } from 'react';
import { useCall } from '../../api/calls';
import { ticketCalls } from '../../../model/calls/tickets';
import { onSocketMessage } from '../../session/notification-socket';

/**
 * One ticket with its people and comments, read again when a notice arrives (another person moved
 * or commented it), and `act`: a command that marks the page busy, then reads the ticket again.
 */
export function useTicketView(id: number) {
  const { data, error, mutate } = useCall(ticketCalls.view, Number.isSafeInteger(id) && id > 0 ? { id } : null);
  const [busy, setBusy] = useState(false);
  useEffect(() => onSocketMessage((m) => {
    if ((m as { type?: string })?.type === 'notifyto2') void mutate();
  }), [mutate]);
  const act = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
      await mutate();
    } finally {
      setBusy(false);
    }
  };
  return { data, error, mutate, busy, act };
}
