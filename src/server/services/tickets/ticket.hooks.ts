import { registerSaveHook } from '../../resources/save-hooks';
import { afterRaise, checkRaise, TICKET_RAISE, type TicketRaise } from './ticket.service';

/**
 * A ticket's own stages in the document writer (issue 30): a raise is checked at validate (the
 * document is the caller's, the people are of its one or two companies, each refusal under its field;
 * the document's numbers and the partner's copy derived into the row) and completed after the write
 * (its number, its people, their notices). What a raise names beside the ticket's fields (the caller,
 * the people) travels in the write's memo (`saveTicket`); an edit keeps the stored document.
 */
export function registerTicketHooks(): void {
  registerSaveHook('ticket', {
    validate: async ({ tx, before, values, errors, memo }) => {
      if (before) {
        // The document a ticket was raised on stays its document.
        values.doc_type = before.doc_type;
        values.doc_id = before.doc_id;
        return;
      }
      const raise = memo.get(TICKET_RAISE) as TicketRaise | undefined;
      if (!raise) throw new Error('a ticket is raised through saveTicket (ticket.service.ts), which names its caller and people');
      await checkRaise(tx, raise, values, errors);
    },
    afterWrite: async ({ tx, ids, created, memo }) => {
      const raise = memo.get(TICKET_RAISE) as TicketRaise | undefined;
      if (created && raise) for (const id of ids) await afterRaise(tx, raise, id);
    },
  });
}
