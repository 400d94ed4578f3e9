import { sql } from 'kysely';
import { ticketList } from '../../../model/entities/ticket.entity';
import { assertCan } from '../../resources/permissions';
import { registerViewScope } from '../../resources/view-reader';
import { commentsOf, membersOf, ticketListRows, type Caller } from './ticket.service';
import type { AuthContext } from '../../access/auth-context';

/**
 * The tickets a person follows and the knowledge base are the engine's lists of the view
 * `ticketlist` (issue 30), whose rows this service computes: under the menu's read right, in the
 * system scope of row-level security because a partner's ticket is another company's row, narrowed
 * in SQL to the caller's company and its partners' tickets on documents shared with it
 * (ticket.service.ts `visible`); each row is given the caller's company, so the list's own scope
 * keeps exactly them.
 */
const callerOf = (auth: AuthContext): Caller => ({ clientId: auth.clientId!, userId: auth.userId, fullname: auth.fullname || auth.username });

/**
 * A ticket's record (the view's `/view?id=`, its page and its drawer) carries its people and its
 * comments as the view's lines, read in the same system scope as its row, which the scope above has
 * already held to the tickets the caller's company may read; each comment says whether the caller
 * may remove it (the author, within the configured days: in SQL, as the removal checks it again).
 */
export function registerTicketViews(): void {
  registerViewScope(
    ticketList.name,
    async (auth, db) => {
      const own = await assertCan(auth, ticketList.menuCode, 'read', { db });
      return { where: sql`t.client_id = ${own}`, tenant: 'system' };
    },
    {
      rows: async ({ db, auth }) => (await ticketListRows(db, callerOf(auth))).map((r) => ({ ...r, client_id: auth.clientId! })),
      lines: {
        members: async ({ db, row }) => membersOf(db, Number(row.id)),
        comments: async ({ db, auth, row }) => commentsOf(db, callerOf(auth), Number(row.id)),
      },
    },
  );
}
