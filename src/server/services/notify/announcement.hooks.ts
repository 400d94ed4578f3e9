import { sql } from 'kysely';
import { announcementRead } from '../../../model/entities/announcement.entity';
import type { Db } from '../../db/database';
import { validationError, type FieldError } from '../../http/errors';
import { withSystemScope, withTenant } from '../../kernel/rls';
import { registerActionHandler } from '../../resources/action-handlers';
import { removeRecords, serviceWrite } from '../../resources/record-writer';
import { registerSaveHook } from '../../resources/save-hooks';
import { raiseNotice } from './notice.service';

/**
 * An announcement's rules on the generic writer (announcement.entity.ts; the company
 * administrators' list and drawer): publishing a public one needs its contact and phone (spec 5),
 * stamps the time and tells every user of the company; a removed one takes its read flags with it,
 * each company's as that company's rows.
 */
export function registerAnnouncementHooks(): void {
  registerActionHandler('announcement', 'publish', async ({ tx, clientId, row }) => {
    if (row.is_public) {
      const missing: Record<string, FieldError> = {};
      for (const f of ['contact', 'phone']) if (!String(row[f] ?? '').trim()) missing[f] = { key: 'announcement.publicNeedsContact' };
      if (Object.keys(missing).length) throw validationError(missing, 'announcement.publicNeedsContact');
    }
    const company = (await sql<{ name: string }>`select name from clients where id = ${clientId}`.execute(tx)).rows[0]?.name ?? '';
    await raiseNotice(tx, {
      clientId, everyone: true, kind: 'announcement.published', title: String(row.title),
      i18n: { title: 'notify.announcement.title', body: 'notify.announcement.body', params: { title: row.title, department: row.department ?? company } },
      link: '/collab/center?tab=announcements',
    });
    return { patch: { published_at: new Date().toISOString() } };
  });
  registerSaveHook('announcement', {
    afterRemove: async ({ tx, clientId, actor, rows }) => {
      const ids = rows.map((r) => Number(r.id));
      // Another company's users' flags (a withdrawn public one) live in that company's tenant.
      try {
        const companies = await withSystemScope(tx, async (s) =>
          (await sql<{ client_id: number }>`select distinct client_id::int as client_id from collab_announcement_read where announcement_id = any(${ids}::int[])`.execute(s)).rows);
        for (const c of companies) {
          await withTenant(tx, c.client_id, (s: Db) => removeRecords(serviceWrite(s, { clientId: c.client_id, userId: actor.userId }), announcementRead, { where: sql`t.announcement_id = any(${ids}::int[])` }));
        }
      } finally {
        // Inside the writer's transaction each scope above narrows it from there on
        // (set_config is transaction-local): the rest of the remove runs as the caller's company again.
        await withTenant(tx, clientId, async () => undefined);
      }
    },
  });
}
