import i18next from 'i18next';
import { registerCatalogPart, type CatalogPart } from '../../../model/i18n';

/** The collaboration screens' words (zh-CN first): notification and task centre, tickets, announcements. */
export const collabMessages: CatalogPart = {
  'zh-CN': {
    'collab.center.title': '通知与任务中心',
    'collab.notice.markAllRead': '全部标为已读',
    'collab.notice.open': '打开',
    'collab.tickets.title': '异常单',
    'collab.tickets.raise': '发起异常单',
    'collab.ticket.comments': '评论',
    'collab.ticket.send': '发表评论',
    'collab.ticket.removeComment': '删除',
    'collab.ticket.removeCommentConfirm': '确定删除这条评论？',
    'collab.ticket.commentDays': '评论发表后 {{days}} 天内可删除',
    'collab.ticket.noComments': '暂无评论',
    'collab.ticket.edit': '编辑',
    'collab.ticket.addMember': '添加成员',
    'collab.ticket.quit': '退出负责人',
    'collab.ticket.quitConfirm': '确定不再担任该异常单的负责人？',
    'collab.ticket.back': '返回列表',
    'collab.ticket.readOnlyGuest': '您是访客，只能查看。',
  },
  en: {
    'collab.center.title': 'Notifications and tasks',
    'collab.notice.markAllRead': 'Mark all read',
    'collab.notice.open': 'Open',
    'collab.tickets.title': 'Exception tickets',
    'collab.tickets.raise': 'Raise a ticket',
    'collab.ticket.comments': 'Comments',
    'collab.ticket.send': 'Comment',
    'collab.ticket.removeComment': 'Remove',
    'collab.ticket.removeCommentConfirm': 'Remove this comment?',
    'collab.ticket.commentDays': 'A comment can be removed within {{days}} days',
    'collab.ticket.noComments': 'No comments yet',
    'collab.ticket.edit': 'Edit',
    'collab.ticket.addMember': 'Add person',
    'collab.ticket.quit': 'Quit as owner',
    'collab.ticket.quitConfirm': 'Stop being an owner of this ticket?',
    'collab.ticket.back': 'Back to the list',
    'collab.ticket.readOnlyGuest': 'You are a guest and can only read.',
  },
};

registerCatalogPart(collabMessages);
// The shell's i18next was initialised before this chunk loaded: add the words to it too.
if (i18next.isInitialized) for (const [lng, words] of Object.entries(collabMessages)) i18next.addResourceBundle(lng, 'translation', words, true, false);
