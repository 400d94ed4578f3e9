import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Call, CallOut, HandlerInput } from '../../model/calls/call';
import type { Language } from '../../model/i18n';
import { authOf, requireAuth } from '../access/auth-context';
import type { Db } from '../db/database';
import { readShapedInput, serveCall } from '../http/calls';
import { AppError } from '../http/errors';
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
export type MenuCallContext<In = Record<string, unknown>> = { tx: Db; actor: WriteActor; input: In; language: Language; req: FastifyRequest; scope: () => Promise<RawBuilder<unknown>[]> };

/**
 * A declared call served in the caller's company under a menu's permission, the shape the module
 * routes repeat: signed in, `verb` granted on `menu` (checked in SQL), the handler run in the
 * tenant's transaction (row-level security) with the caller as the writer's actor. The input is the
 * call's query or JSON body: read by the call's declared shape when it has one (a bad input is
 * refused with 400 once the permission is checked), else untrusted, and the handler parses it.
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
  handler: (c: MenuCallContext<HandlerInput<C>>) => Promise<CallOut<C>>,
): void {
  serveCall(app, call, { preHandler: requireAuth }, (req) => inMenuTenant(app, call, access, req, handler as (c: MenuCallContext<unknown>) => Promise<CallOut<C>>));
}

/** The checks and the transaction every menu call runs its handler in (see `serveMenuCall`). */
async function inMenuTenant<T>(app: FastifyInstance, call: Call<unknown, unknown>, access: { menu: string; verb: Verb }, req: FastifyRequest, handler: (c: MenuCallContext<unknown>) => Promise<T>): Promise<T> {
  const auth = authOf(req);
  const clientId = await assertCan(auth, access.menu, access.verb, { db: app.db });
  const input = callInput(call, ((call.body === 'query' ? req.query : req.body) ?? {}) as Record<string, unknown>);
  return withTenant(app.db, clientId, (tx) => {
    // A read the browser gave up on while it waited for the database (the board's windows scrolled
    // past, on the embedded database's one connection) is not run: the next call gets the connection.
    refuseIfGone(call, req);
    return handler({ tx, actor: actorOf(auth, clientId, req.ip), input, language: requestLanguage(req), req, scope: () => dataScope(auth, access.menu, { db: tx, inTenantScope: true }) });
  });
}

/**
 * Refuses a read whose caller closed the request's connection (an aborted fetch over HTTP/1.1 closes
 * it) before its handler runs; a write runs whatever the caller does. The request itself reads as
 * destroyed once its body is read, so only the socket tells.
 */
export function refuseIfGone(call: Pick<Call<unknown, unknown>, 'method'>, req: Pick<FastifyRequest, 'raw'>): void {
  if (call.method === 'GET' && req.raw.socket?.destroyed === true) throw new AppError('err.requestTimeout');
}

/** The input as the handler gets it: read by the call's shape when it declares one (see src/model/calls/call.ts). */
function callInput(call: Call<unknown, unknown>, raw: Record<string, unknown>): unknown {
  return call.input ? readShapedInput({ input: call.input, refuse: call.refuse }, raw) : raw;
}

/** A file a menu call answers: its name as the user sees it (any script) and its content. */
export type MenuFile = { name: string; body: Buffer | NodeJS.ReadableStream; type?: string };

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * `Content-Disposition` of a file named `name`: an attachment with the UTF-8 name (RFC 5987) and, for
 * browsers that read only the plain form, an ASCII one (other characters as `_`, `download` when none
 * is left but the extension).
 */
export function attachmentDisposition(name: string): string {
  const dot = name.lastIndexOf('.');
  const stem = (dot > 0 ? name.slice(0, dot) : name).replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '');
  const ext = dot > 0 ? name.slice(dot).replace(/[^\w.]+/g, '') : '';
  return `attachment; filename="${stem || 'download'}${ext}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * A declared call whose reply is a file (`getCall<In, Blob>`), served as `serveMenuCall` serves its
 * calls (signed in, `verb` on `menu`, the handler in the tenant's transaction); the handler answers
 * the file, sent as an attachment (an Excel workbook unless it says its `type`), never cached.
 *
 * Example:
 * ```ts
 * serveMenuFile(app, scheduleCalls.export, { menu: PLANNING_MENU, verb: 'read' }, async (c) => ({ name: '排产计划.xlsx', body: await boardWorkbook(c.tx, ...) }));
 * ```
 */
export function serveMenuFile<C extends Call<unknown, Blob>>(app: FastifyInstance, call: C, access: { menu: string; verb: Verb }, handler: (c: MenuCallContext<HandlerInput<C>>) => Promise<MenuFile>): void {
  app.route({
    method: call.method,
    url: call.path,
    preHandler: requireAuth,
    handler: async (req, reply) => {
      const file = await inMenuTenant(app, call, access, req, handler as (c: MenuCallContext<unknown>) => Promise<MenuFile>);
      return reply.header('content-type', file.type ?? XLSX).header('content-disposition', attachmentDisposition(file.name)).header('cache-control', 'no-store').send(file.body);
    },
  });
}
