import type { FastifyInstance } from 'fastify';
import { taskRoutes } from '../notify/task.routes';
import { ticketRoutes } from './ticket.routes';

/**
 * Collaboration between people (issue 15): the notification centre's tasks (notify-msg task calls),
 * exception tickets with their knowledge base, and announcements. docs/architecture-collab.md.
 */
export async function collabRoutes(app: FastifyInstance): Promise<void> {
  await taskRoutes(app);
  await ticketRoutes(app);
}

export { registerTicketDoc, type TicketDoc } from './ticket-docs';
