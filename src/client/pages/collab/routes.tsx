import { Navigate, type RouteObject } from 'react-router-dom';
import { ticketList } from '../../../model/entities/ticket.entity';
import { lazyPage } from '../../engine/lazy-page';
import { deferredPart } from '../../form/deferred-part';
import { registerDrawerExtension } from '../../form/drawer-extensions';

const center = () => import('./CenterPage');
const tickets = () => import('./TicketPages');
const chat = () => import('./ChatPage');

// A ticket list's row (the lists and the knowledge base) opens the ticket, its people, comments and the owner's actions, in the drawer.
registerDrawerExtension({ applies: (r) => r.entity.name === ticketList.name, body: deferredPart(tickets, 'TicketDrawerBody'), wide: true });

/** The collaboration screens (issue 15): the notification and task centre, tickets, announcements. */
export const collabRoutes: RouteObject[] = [
  { path: 'collab/center', handle: { titleKey: 'collab.center.title' }, ...lazyPage(center, 'CenterPage') },
  { path: 'collab/chat', handle: { titleKey: 'chat.title' }, ...lazyPage(chat, 'ChatPage') },
  { path: 'collab/tickets', handle: { titleKey: 'collab.tickets.title' }, ...lazyPage(tickets, 'TicketListPage') },
  // The knowledge base is the engine's list of closed tickets (grids/collab/tickets.grid.ts); its old address still leads there.
  { path: 'collab/knowledge', element: <Navigate to="/collab/index/knowledge" replace /> },
  // Spec 2 `/page/ticket/view` (exception details): static, so it outranks the generic `/page/:opt`.
  { path: 'page/ticket/view', handle: { titleKey: 'collab.tickets.title' }, ...lazyPage(tickets, 'TicketViewPage') },
];
