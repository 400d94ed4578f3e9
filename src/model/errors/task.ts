import { defineErrors } from './define';

/** The errors of task (fed into the task catalogue part; see ./index). */
export const taskErrors = defineErrors({
  'task.badTransition': { kind: 'conflict', zh: '任务当前状态不能这样变更', en: 'The task cannot change to that status from its current one' },
  'task.notFound': { kind: 'notFound', zh: '任务不存在或已被删除', en: 'The task does not exist or was removed' },
});
