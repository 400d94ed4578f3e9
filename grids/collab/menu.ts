import { defineMenuGroup } from '../../src/model';

/**
 * Collaboration between people (issue 15): the notification and task centre, exception tickets and
 * their knowledge base, announcements. Hand-made screens (src/client/pages/collab) served by
 * src/server/services/tickets and the notify-msg calls; every company kind and platform has them.
 */
export const collabGroup = defineMenuGroup({
  code: 'collab',
  platforms: '*',
  title: { zh: '协同', en: 'Collaboration' },
  icon: 'people',
  entries: [
    { code: 'collab.center', furl: '/collab/center', title: { zh: '通知与任务中心', en: 'Notifications and tasks' }, order: 10 },
    { code: 'collab.chat', furl: '/collab/chat', title: { zh: '聊天', en: 'Chat' }, icon: 'people', order: 15 },
    { code: 'collab.ticket', furl: '/collab/tickets', title: { zh: '异常单', en: 'Exception tickets' }, icon: 'ticket', order: 20 },
  ],
});
