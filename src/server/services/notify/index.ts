/** Mail and SMS: the outbox and its delivery. */
export { closeOutbox, flushOutbox, listOutbox, queueMessage, type OutboxMessage, type OutboxRow } from './outbox.service';
export { outboxRoutes } from './outbox.routes';
export { listNotices, markRead, raiseNotice, unreadCount, type NoticeInput, type NoticeRow } from './notice.service';
export { noticeRoutes } from './notice.routes';
export { installOutboxSender, OutboxSender, wakeOutboxSenders } from './outbox.sender';
export { noticeSettingRoutes, readNoticeSettings, saveNoticeSetting } from './notice-setting.routes';
