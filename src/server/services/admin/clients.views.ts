import { sql } from 'kysely';
import { adminClient } from '../../../model/entities/admin-client.entity';
import { LICENCE_TYPES } from '../../../model/entities/admin-settings.entity';
import { assertCan } from '../../access/permissions';
import { revokeUserSessions } from '../../access/sessions.service';
import { logoutSessions } from '../../realtime';
import { registerViewScope } from '../../resources/view-reader';
import { registerViewWriter } from '../../resources/view-writer';
import type { AppConfig } from '../../config';
import { signupDecisions } from './signups.views';

/**
 * The companies as the engine's list and drawer (the editable view entity `client`, menu code
 * `admin.sys.client`, the super administrator's alone: no company role can grant an `admin.sys.*`
 * code). The platform's own company is outside the view: it is never listed, changed nor frozen.
 */
registerViewScope(
  adminClient.name,
  async (auth, db) => {
    await assertCan(auth, adminClient.menuCode, 'read', { db });
    return { where: sql`t.type <> 'platform'`, tenant: null };
  },
  // A company is its own row's company (the table has no client_id), its users are counted, and
  // its first user is the administrator who signed it up.
  {
    computed: {
      client_id: sql`t.id`,
      users: sql`(select count(*)::int from users u where u.client_id = t.id)`,
      admin_username: sql`(select u.username from users u where u.client_id = t.id order by u.id limit 1)`,
    },
  },
);

/**
 * The licence type: one of the licences a client may hold (never the platform's own); a freeze ends
 * every session of the company's users at once and tells their open pages to sign out (the token
 * check and the sign-in already refuse a company that is not active). A pending sign-up is
 * approved or rejected (signups.views.ts).
 */
export function registerClientViews(config: AppConfig): void {
  registerViewWriter(adminClient.name, {
    validate: async ({ values, errors }) => {
      const licence = values.licence_type;
      if (licence !== undefined && !(LICENCE_TYPES as readonly unknown[]).includes(licence)) errors.licence_type = { key: 'admin.licenceUnknown' };
    },
    actions: {
      freeze: async ({ db, row }) => ({
        afterCommit: async () => {
          const users = await sql<{ id: number }>`select id from users where client_id = ${Number(row.id)}`.execute(db);
          for (const user of users.rows) logoutSessions(await revokeUserSessions(db, user.id, 'frozen'), 'frozen');
        },
      }),
      ...signupDecisions(config),
    },
  });
}
