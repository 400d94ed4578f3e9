import { sql } from 'kysely';
import { announcementFeed } from '../../../model/entities/announcement.entity';
import type { Db } from '../../db/database';
import { withSystemScope, withTenant } from '../../kernel/rls';
import { registerViewScope } from '../../resources/view-reader';
import { registerViewWriter } from '../../resources/view-writer';
import { markAnnouncementsRead, readableAnnouncements, readerOf, type Reader } from './announcement.service';

/**
 * What a person reads in the centre as the view `announcementfeed` (issue 30): its rows are the
 * announcement service's read for the caller (the company's published ones and every company's
 * published public ones, the caller's own flag as the state), so a list, a record and a write see
 * nothing else; each row is given the caller's company, which the scope keeps. 标为已读 sets the
 * caller's flag through the same service (idempotent), audited by the view writer under `read`.
 */
/** Reads and writes across companies (a public announcement is another company's row), then runs as the caller's company again (set_config is transaction-local). */
const acrossCompanies = <T>(tx: Db, me: Reader, work: (s: Db) => Promise<T>): Promise<T> =>
  withSystemScope(tx, work).finally(() => withTenant(tx, me.clientId, async () => undefined));

registerViewScope(announcementFeed.name, async (auth) => ({ where: sql`t.client_id = ${readerOf(auth).clientId}`, tenant: readerOf(auth).clientId }), {
  rows: async ({ db, auth }) => {
    const me = readerOf(auth);
    const rows = await acrossCompanies(db, me, (s) => readableAnnouncements(s, me));
    return rows.map((a) => ({ ...a, status: a.read ? 'read' : 'unread', client_id: me.clientId }));
  },
});

registerViewWriter(announcementFeed.name, {
  // The rows are what the caller may read: reading them is the right to mark them read.
  ownRows: true,
  store: async ({ tx, auth, row }) => {
    const me = readerOf(auth);
    await acrossCompanies(tx, me, (s) => markAnnouncementsRead(s, me, [Number(row.id)]));
  },
});
