import type { FastifyInstance } from 'fastify';

export type Realtime = { close: () => Promise<void> };

/** socket.io on the app's HTTP server. */
export async function attachRealtime(_app: FastifyInstance): Promise<Realtime> {
  return { close: async () => {} };
}
