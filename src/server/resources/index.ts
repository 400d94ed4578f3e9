import type { FastifyInstance } from 'fastify';

/** The generic resource API of every registry entity (page, view, save, remove, action, export). */
export async function resourceRoutes(_app: FastifyInstance): Promise<void> {}
