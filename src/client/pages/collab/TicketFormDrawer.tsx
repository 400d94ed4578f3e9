import { callApi } from '../../api/calls';
import { resolvedPageOf } from '../../api/resolved-page';
import type { Row } from '../../api/entity-api';
import { FormDrawer } from '../../form/FormDrawer';
import { ticketCalls, type Ticket, type TicketRole, type TicketSave } from '../../../model/calls/tickets';

/** The ticket's fields as a save body carries them, to the ticket calls' `save` (its shape reads them). */
const saveTicket = (body: Row): Promise<Row> => callApi(ticketCalls.save, body as TicketSave);

/**
 * The engine's form drawer over the ticket (grids/collab/tickets.grid.ts `ticketform`), saved through
 * the ticket calls: `raise` opens a new ticket (on `initial`'s document when a document's page sent
 * it), `edit` the ticket as its page read it. Test ids `ticket-raise-*` and `ticket-edit-*`.
 */
export function TicketFormDrawer(props: { open: boolean; ticket?: Ticket; initial?: Row; onClose: () => void; onSaved: (row: Row) => void }) {
  const resolved = resolvedPageOf('ticketform');
  if (!resolved) return null;
  const tk = props.ticket;
  const state = !props.open ? null : tk ? { action: 'edit' as const, id: tk.id } : { action: 'add' as const, id: null };
  return (
    <FormDrawer resolved={resolved} state={state} onClose={props.onClose} onSaved={props.onSaved} save={saveTicket} initial={props.initial}
      record={tk ? (tk as unknown as Row) : null} slots={{ testIdPrefix: tk ? 'ticket-edit' : 'ticket-raise' }} />
  );
}

/**
 * The engine's form drawer over a person the owner adds to ticket `id` (grids/collab/tickets.grid.ts
 * `ticketmember`: the person among the ticket's two companies, the role), saved through the ticket
 * calls' `add-member`; refusals under their fields. Test ids `ticket-member-*`.
 */
export function TicketMemberDrawer(props: { id: number; open: boolean; onClose: () => void; onSaved: () => void }) {
  const resolved = resolvedPageOf('ticketmember');
  if (!resolved) return null;
  const save = async (body: Row): Promise<Row> => {
    await callApi(ticketCalls.addMember, { id: props.id, user_id: Number(body.user_id), role: body.role as TicketRole });
    return { id: props.id };
  };
  return (
    <FormDrawer resolved={resolved} state={props.open ? { action: 'add', id: null } : null} onClose={props.onClose} onSaved={props.onSaved} save={save}
      initial={{ ticket_id: props.id }} slots={{ testIdPrefix: 'ticket-member' }} />
  );
}
