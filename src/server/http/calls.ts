import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Call, CallOut } from '../../model/calls/call';
import { ok, type Envelope } from './envelope';

/**
 * The server's side of the declared calls (src/model/calls): registers a call's route at the
 * call's own method and path, and wraps the handler's result in the reply envelope. The handler's
 * result must be the call's declared reply type, so a change of either side is a compile error.
 * The handler still reads and checks its input itself (input.util): a body is untrusted whatever
 * its declared type.
 *
 * Example:
 * ```ts
 * serveCall(app, ticketCalls.view, { preHandler: requireAuth }, async (req) => viewTicket(app.db, callerOf(req), oneId(inputOf(req))));
 * ```
 */
export function serveCall<C extends Call<unknown, unknown>>(
  app: FastifyInstance,
  call: C,
  options: RouteShorthandOptions,
  handler: (req: FastifyRequest, reply: FastifyReply) => Promise<CallOut<C>>,
): void {
  app.route({
    ...options,
    method: call.method,
    url: call.path,
    handler: async (req, reply): Promise<Envelope<CallOut<C>>> => ok(await handler(req, reply)),
  } as Parameters<FastifyInstance['route']>[0]);
}
