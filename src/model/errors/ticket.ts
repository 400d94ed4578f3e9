import { defineErrors } from './define';

/** The errors of ticket (fed into the ticket catalogue part; see ./index). */
export const ticketErrors = defineErrors({
  'ticket.badTransition': { kind: 'badRequest', alsoAs: ['conflict'], zh: '异常单当前状态不能执行此操作', en: 'The ticket cannot do this in its current status' },
  'ticket.closedReadOnly': { kind: 'conflict', zh: '异常单已关闭，不能再修改或评论', en: 'The ticket is closed and can no longer be changed or commented on' },
  'ticket.commentNotYours': { kind: 'forbidden', zh: '只能删除自己的评论', en: 'You can only remove your own comments' },
  'ticket.commentTooOld': { kind: 'conflict', zh: '只能删除 {{days}} 天内的评论', en: 'Only comments of the last {{days}} days can be removed' },
  'ticket.guestReadOnly': { kind: 'forbidden', zh: '访客只能查看，不能评论', en: 'Guests can read but not comment' },
  'ticket.lastOwner': { kind: 'precheck', zh: '您是唯一的负责人，请先添加其他负责人再退出', en: 'You are the only owner: add another owner before you quit' },
  'ticket.notFound': { kind: 'notFound', zh: '异常单不存在或无权查看', en: 'The ticket does not exist or you may not see it' },
  'ticket.ownerOnly': { kind: 'forbidden', zh: '只有负责人可以执行此操作', en: 'Only an owner can do this' },
});
