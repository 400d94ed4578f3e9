import type { FastifyInstance } from 'fastify';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf, pagingOf, text } from '../../access/input.util';
import { ok } from '../../http/envelope';
import { forbidden } from '../../http/errors';
import { listOutbox } from '../../kernel/outbox/outbox.service';

/**
 * GET /utilsapi/outbox: the outbox page (mails and SMS the platform wrote). A client administrator
 * sees the rows of their own tenant, the super administrator sees every row; nobody else.
 */
export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  app.get('/utilsapi/outbox', { preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    if (!auth.isSuper && !auth.roles.includes('clientadmin')) throw forbidden();
    const input = inputOf(req);
    const channel = text(input, 'channel', { max: 10 });
    const status = text(input, 'status', { max: 10 });
    const result = await listOutbox(app.db, { clientId: auth.clientId, all: auth.isSuper }, pagingOf(input), {
      channel: channel === 'email' || channel === 'sms' || channel === 'workchat' ? channel : undefined,
      status: status === 'queued' || status === 'sent' || status === 'failed' ? status : undefined,
    });
    return ok(result);
  });
}
