/** Mail and SMS: the outbox and its delivery. */
export { closeOutbox, flushOutbox, listOutbox, queueMessage, type OutboxMessage, type OutboxRow } from './outbox.service';
export { outboxRoutes } from './outbox.routes';
