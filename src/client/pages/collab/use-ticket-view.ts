import { useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import { entityApiFor } from '../../api/entity-api';
import { ticketList } from '../../../model/entities/ticket.entity';
import type { TicketRecord } from '../../../model/calls/tickets';
import { onSocketMessage } from '../../session/notification-socket';

/**
 * One ticket with its people and comments: the engine's record read of the view `ticketlist` (its
 * lines `members` and `comments`, the caller's rights as its fields), read again when a notice
 * arrives (another person moved or commented it).
 */
export function useTicketView(id: number) {
  const api = useMemo(() => entityApiFor(ticketList), []);
  const { data, error, mutate } = useSWR(Number.isSafeInteger(id) && id > 0 ? ['record', ticketList.name, id] : null, async () => (await api.view(id)) as unknown as TicketRecord);
  useEffect(() => onSocketMessage((m) => {
    if ((m as { type?: string })?.type === 'notifyto2') void mutate();
  }), [mutate]);
  return { data, error, mutate };
}

/** `act`: a command on a ticket that marks its page busy, then reads the ticket again (`reload`). */
export function useTicketCommands(reload: () => void) {
  const [busy, setBusy] = useState(false);
  const act = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
      reload();
    } finally {
      setBusy(false);
    }
  };
  return { busy, act };
}
