import { sql } from 'kysely';
import { notice } from '../../../model/entities/notice.entity';
import { forbidden } from '../../http/errors';
import { registerViewScope } from '../../resources/view-reader';
import { registerViewWriter } from '../../resources/view-writer';

/**
 * The notices tab as the view entity `notice` (issue 30): a person reads, and marks read, only the
 * notices of their own company addressed to their own user; both conditions are the scope's SQL, so
 * another company's or a colleague's notice is a 404 on the list, the view and the transition alike.
 * `notify_notice` is not under row-level security (notice.service.ts: raiseNotice runs in other
 * companies' scopes), so the filter is the isolation, as for the spec's notify-msg calls.
 */
registerViewScope(
  notice.name,
  async (auth) => {
    if (auth.clientId == null) throw forbidden();
    return { where: sql`t.client_id = ${auth.clientId} and t.user_id = ${auth.userId}`, tenant: null };
  },
  { computed: { status: sql`(case when t.read_at is null then 'unread' else 'read' end)` } },
);

registerViewWriter(notice.name, {
  // The scope holds every row to its recipient: reading one's notices is the right to mark them read.
  ownRows: true,
  // The state is computed from read_at: the transition stamps it (versioned and audited by the view writer).
  actions: { read: async () => ({ patch: { read_at: new Date().toISOString() } }) },
});
