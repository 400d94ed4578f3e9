import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { outbox } from '../../../model/entities/outbox.entity';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf, pagingOf, text } from '../../access/input.util';
import { ok, requestLanguage } from '../../http/envelope';
import { forbidden } from '../../http/errors';
import { registerViewScope, viewPage } from '../../resources/view-reader';

const CHANNELS = ['email', 'sms', 'workchat'];
const STATUSES = ['queued', 'sent', 'failed'];

/**
 * The outbox (mails and SMS the platform wrote) is the view entity `outbox`, listed by the engine at
 * /api/utilsapi/outbox/page and /view: a client administrator reads the rows of their own company,
 * the super administrator every row; nobody else.
 */
registerViewScope(outbox.name, async (auth) => {
  if (!auth.isSuper && !auth.roles.includes('clientadmin')) throw forbidden();
  return { where: auth.isSuper ? sql`true` : sql`t.client_id = ${auth.clientId}`, tenant: null };
});

/**
 * GET /utilsapi/outbox (`page`, `size` up to 100, `channel`, `status`; an unknown channel or status
 * lists every row): the generic list of the outbox in the reply it always had, `{ rows, total, page, size }`.
 */
export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  app.get('/utilsapi/outbox', { preHandler: requireAuth }, async (req) => {
    const input = inputOf(req);
    const { page, size } = pagingOf(input);
    const channel = text(input, 'channel', { max: 10 });
    const status = text(input, 'status', { max: 10 });
    const query: Record<string, unknown> = { page: String(page), size: String(size) };
    if (channel && CHANNELS.includes(channel)) query['f.channel.eq'] = channel;
    if (status && STATUSES.includes(status)) query['f.status.eq'] = status;
    const result = await viewPage({ db: app.db, auth: authOf(req), ip: req.ip ?? null, language: requestLanguage(req) }, outbox, query);
    return ok({ ...result, page, size });
  });
}
