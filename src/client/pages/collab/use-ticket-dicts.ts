import { useMemo } from 'react';
import { getDictionary } from '../../../model/dictionaries';
import { ticket as ticketEntity } from '../../../model/entities/ticket.entity';
import { useLabel } from '../common/admin-kit';

/** Dictionary labels of the ticket's fields and its states, in the interface language. */
export function useTicketDicts() {
  const label = useLabel();
  return useMemo(() => {
    const of = (code: string) => (value: string | null | undefined) => {
      const item = getDictionary(code)?.items.find((i) => i.value === value);
      return item ? label(item.label) : (value ?? '');
    };
    const items = (code: string) => (getDictionary(code)?.items ?? []).map((i) => ({ value: i.value, text: label(i.label) }));
    const status = (v: string) => label(ticketEntity.states!.states.find((s) => s.code === v)?.label);
    return { category: of('ticket_category'), level: of('ticket_level'), deduct: of('ticket_deduct_type'), role: of('ticket_role'), status, items };
  }, [label]);
}

/** The colour of a ticket's state badge, from the entity's state machine. */
export function ticketStatusColor(code: string): 'warning' | 'informative' | 'success' {
  const c = ticketEntity.states!.states.find((s) => s.code === code)?.color;
  return c === 'warning' || c === 'success' ? c : 'informative';
}
