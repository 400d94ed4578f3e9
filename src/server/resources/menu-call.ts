import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Call, CallOut } from '../../model/calls/call';
import type { Language } from '../../model/i18n';
import { authOf, requireAuth } from '../access/auth-context';
import type { Db } from '../db/database';
import { serveCall } from '../http/calls';
import { requestLanguage } from '../http/envelope';
import { withTenant } from '../kernel/rls';
import type { RawBuilder } from 'kysely';
import { assertCan, dataScope, type Verb } from './permissions';
import { actorOf } from './resource.service';
import type { WriteActor } from './save-hooks';

/**
 * What a menu call's handler gets: the tenant's transaction, the caller as the writer's actor, the
 * request's body or query and language, and `scope()`: the caller's data permissions on the call's
 * menu, read in that transaction (SQL conditions on the menu's rows, as a list's).
 */
export type MenuCallContext = { tx: Db; actor: WriteActor; input: Record<string, unknown>; language: Language; req: FastifyRequest; scope: () => Promise<RawBuilder<unknown>[]> };

/**
 * A declared call served in the caller's company under a menu's permission, the shape the module
 * routes repeat: signed in, `verb` granted on `menu` (checked in SQL), the handler run in the
 * tenant's transaction (row-level security) with the caller as the writer's actor. The input is the
 * call's query or JSON body, untrusted: the handler still parses it.
 *
 * Example:
 * ```ts
 * serveMenuCall(app, productionCalls.scan, { menu: WORKORDER_MENU, verb: 'update' }, (c) => recordScan(c.tx, c.actor, parseScan(c.input)));
 * ```
 */
export function serveMenuCall<C extends Call<unknown, unknown>>(
  app: FastifyInstance,
  call: C,
  access: { menu: string; verb: Verb },
  handler: (c: MenuCallContext) => Promise<CallOut<C>>,
): void {
  serveCall(app, call, { preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, access.menu, access.verb, { db: app.db });
    const input = ((call.body === 'query' ? req.query : req.body) ?? {}) as Record<string, unknown>;
    return withTenant(app.db, clientId, (tx) =>
      handler({ tx, actor: actorOf(auth, clientId, req.ip), input, language: requestLanguage(req), req, scope: () => dataScope(auth, access.menu, { db: tx, inTenantScope: true }) }),
    );
  });
}
