import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../engine/lazy-page';

const center = () => import('./CenterPage');
const tickets = () => import('./TicketPages');
const chat = () => import('./ChatPage');

/** The collaboration screens (issue 15): the notification and task centre, tickets, announcements. */
export const collabRoutes: RouteObject[] = [
  { path: 'collab/center', handle: { titleKey: 'collab.center.title' }, ...lazyPage(center, 'CenterPage') },
  { path: 'collab/chat', handle: { titleKey: 'chat.title' }, ...lazyPage(chat, 'ChatPage') },
  { path: 'collab/tickets', handle: { titleKey: 'collab.tickets.title' }, ...lazyPage(tickets, 'TicketListPage') },
  { path: 'collab/knowledge', handle: { titleKey: 'collab.knowledge.title' }, ...lazyPage(tickets, 'KnowledgePage') },
  // Spec 2 `/page/ticket/view` (exception details): static, so it outranks the generic `/page/:opt`.
  { path: 'page/ticket/view', handle: { titleKey: 'collab.tickets.title' }, ...lazyPage(tickets, 'TicketViewPage') },
];
