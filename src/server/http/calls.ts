import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Call, CallOut, ReasonErrorKey } from '../../model/calls/call';
import { readInput, type Reader } from '../../model/calls/input-shape';
import { ok, type Envelope } from './envelope';
import { AppError } from './errors';
import { tooManyIds } from './id-list';

/**
 * The server's side of the declared calls (src/model/calls): registers a call's route at the
 * call's own method and path, and wraps the handler's result in the reply envelope. The handler's
 * result must be the call's declared reply type, so a change of either side is a compile error.
 * The handler still reads and checks its input itself (input.util): a body is untrusted whatever
 * its declared type.
 *
 * Example:
 * ```ts
 * serveCall(app, ticketCalls.byDocument, { preHandler: requireAuth }, async (req) => ticketsOfDocument(app.db, callerOf(req), ...));
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

/**
 * An input read by its declared shape (a call's, a handler action's): the typed value, else 400
 * naming the first field that does not hold, under the shape's `refuse` error or `err.badInput`
 * (too many ids: `res.tooManyIds`).
 */
export function readShapedInput<T>(shape: { input: Reader<T>; refuse?: ReasonErrorKey }, raw: unknown): T {
  const read = readInput(shape.input, raw);
  if (read.ok) return read.value;
  if (read.miss.tooMany) throw tooManyIds();
  throw new AppError(shape.refuse ?? 'err.badInput', { params: { reason: read.reason } });
}
