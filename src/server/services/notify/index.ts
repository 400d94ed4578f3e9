/** Mail and SMS: the outbox and its delivery. */
export { closeOutbox, flushOutbox, queueMessage, type OutboxMessage } from '../../kernel/outbox/outbox.service';
export { outboxRoutes } from './outbox.routes';
export { listNotices, markRead, raiseNotice, unreadCount, type NoticeInput, type NoticeRow } from './notice.service';
export { noticeRoutes } from './notice.routes';
export { installOutboxSender, OutboxSender, wakeOutboxSenders } from './outbox.sender';
export { noticeSettingRoutes, readNoticeSettings, saveNoticeSetting } from './notice-setting.routes';

import type { FastifyInstance } from 'fastify';
import { noticeSettingRoutes } from './notice-setting.routes';
import { noticeRoutes } from './notice.routes';
import { registerNotifySettingHooks } from './notify-setting.hooks';
import { registerTaskHooks } from './task.hooks';
import { registerAnnouncementHooks } from './announcement.hooks';
// The notices tab's view entity: its scope (the caller's company and user) and its read transition.
import './notice.views';
// The centre's announcements as a person reads them: the view entity's rows and its read transition.
import './announcement.views';
// The centre's notification settings: the view entity's rows, its save and its reset.
import './notice-setting.views';

// Once per process, as the module loads (several apps in one test process share the hook table).
registerNotifySettingHooks();
registerTaskHooks();
registerAnnouncementHooks();
import { outboxRoutes } from './outbox.routes';

/** The outbox page, notices and notice settings (registered by app.ts beside the access calls). */
export async function notifyRoutes(app: FastifyInstance): Promise<void> {
  await outboxRoutes(app);
  await noticeRoutes(app);
  await noticeSettingRoutes(app);
}
