import type { FastifyInstance } from 'fastify';

/** Access calls under /api/access and /api/utilsapi. */
export async function accessRoutes(_app: FastifyInstance): Promise<void> {}
