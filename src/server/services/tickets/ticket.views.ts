import { sql } from 'kysely';
import { ticketList } from '../../../model/entities/ticket.entity';
import { assertCan } from '../../resources/permissions';
import { registerViewScope } from '../../resources/view-reader';
import { ticketListRows } from './ticket.service';

/**
 * The tickets a person follows and the knowledge base are the engine's lists of the view
 * `ticketlist` (issue 30), whose rows this service computes: under the menu's read right, in the
 * system scope of row-level security because a partner's ticket is another company's row, narrowed
 * in SQL to the caller's company and its partners' tickets on documents shared with it
 * (ticket.service.ts `visible`); each row is given the caller's company, so the list's own scope
 * keeps exactly them.
 */
export function registerTicketViews(): void {
  registerViewScope(
    ticketList.name,
    async (auth, db) => {
      const own = await assertCan(auth, ticketList.menuCode, 'read', { db });
      return { where: sql`t.client_id = ${own}`, tenant: 'system' };
    },
    {
      rows: async ({ db, auth }) => {
        const me = { clientId: auth.clientId!, userId: auth.userId, fullname: auth.fullname || auth.username };
        return (await ticketListRows(db, me)).map((r) => ({ ...r, client_id: me.clientId }));
      },
    },
  );
}
