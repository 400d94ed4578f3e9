import type { FastifyInstance } from 'fastify';
import { announcementRoutes } from '../notify/announcement.routes';
import { taskRoutes } from '../notify/task.routes';
import { ticketRoutes } from './ticket.routes';
import { registerTicketHooks } from './ticket.hooks';
import { registerTicketViews } from './ticket.views';
import { chatRoutes } from '../chat/chat.routes';
import { friendRoutes } from '../chat/friend.routes';
// Demo tasks, tickets and announcements, after the demo orders (an exchange seeder, imported after orders).
import './collab.seed';

// Once per process, as the module loads (several apps in one test process share the view table).
registerTicketViews();
registerTicketHooks();

/**
 * Collaboration between people (issue 15): the notification centre's tasks (notify-msg task calls),
 * exception tickets with their knowledge base, and announcements. docs/architecture-collab.md.
 */
export async function collabRoutes(app: FastifyInstance): Promise<void> {
  await taskRoutes(app);
  await ticketRoutes(app);
  await announcementRoutes(app);
  await chatRoutes(app);
  await friendRoutes(app);
}

export { registerTicketDoc, type TicketDoc } from './ticket-docs';
