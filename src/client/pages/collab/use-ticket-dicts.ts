import { useMemo } from 'react';
import { getDictionary } from '../../../model/dictionaries';
// Declares the ticket's dictionaries (category, level, deduction type, role) that getDictionary reads.
import '../../../model/entities/ticket.entity';
import { useLabel } from '../common/admin-kit';

/** Dictionary labels of the ticket's fields, in the interface language (its states: StateBadge). */
export function useTicketDicts() {
  const label = useLabel();
  return useMemo(() => {
    const of = (code: string) => (value: string | null | undefined) => {
      const item = getDictionary(code)?.items.find((i) => i.value === value);
      return item ? label(item.label) : (value ?? '');
    };
    const items = (code: string) => (getDictionary(code)?.items ?? []).map((i) => ({ value: i.value, text: label(i.label) }));
    return { category: of('ticket_category'), level: of('ticket_level'), deduct: of('ticket_deduct_type'), role: of('ticket_role'), items };
  }, [label]);
}
