import { defineDictionary } from '../dictionaries';
import { defineEntity } from '../entity';
import { errorTexts } from '../errors/define';
import { taskErrors } from '../errors/task';

export const taskPriority = defineDictionary({
  code: 'task_priority',
  label: { zh: '优先级', en: 'Priority' },
  items: [
    { value: 'high', label: { zh: '高', en: 'High' } },
    { value: 'normal', label: { zh: '中', en: 'Normal' } },
    { value: 'low', label: { zh: '低', en: 'Low' } },
  ],
});

/**
 * A personal task (spec 3 "task: subject, status, due date, priority"; spec 4 states 10 in progress,
 * 30 completed). Each row belongs to one user of one company (`user_id` under `client_id`, its
 * creator: `personal`), so the generic resource API lists, saves, moves and removes only the
 * caller's own (the centre's tasks tab, grids/collab/task.grid.ts); the spec 7 notify-msg calls
 * (src/server/services/notify/task.service.ts) read and write the same rows through the same writer.
 * The service's hooks (task.hooks.ts) set the owner on create and the completion time on a move.
 */
export const task = defineEntity({
  name: 'task',
  table: 'notify_task',
  prefix: 'notifyapi',
  menuCode: 'collab.center',
  label: { zh: '待办任务', en: 'Task' },
  titleField: 'subject',
  personal: true,
  defaultSort: { field: 'due_date', dir: 'asc' },
  fields: [
    { key: 'subject', label: { zh: '主题', en: 'Subject' }, type: 'text', required: true, maxLength: 200 },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
    { key: 'due_date', label: { zh: '截止日期', en: 'Due date' }, type: 'date' },
    { key: 'priority', label: { zh: '优先级', en: 'Priority' }, type: 'dict', dict: 'task_priority', required: true, default: 'normal' },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 1000 },
    { key: 'user_id', label: { zh: '负责人', en: 'Assignee' }, type: 'integer', readonly: true },
    { key: 'completed_at', label: { zh: '完成时间', en: 'Completed at' }, type: 'datetime', readonly: true },
  ],
  messages: {
    'zh-CN': {
    ...errorTexts(taskErrors, 'zh-CN'),
    },
    en: {
    ...errorTexts(taskErrors, 'en'),
    },
  },
  states: {
    field: 'status',
    initial: '10',
    states: [
      { code: '10', label: { zh: '进行中', en: 'In progress' }, color: 'brand' },
      { code: '30', label: { zh: '已完成', en: 'Completed' }, color: 'success' },
    ],
    transitions: [
      { action: 'complete', label: { zh: '完成', en: 'Complete' }, from: ['10'], to: '30' },
      { action: 'reopen', label: { zh: '重新打开', en: 'Reopen' }, from: ['30'], to: '10' },
    ],
  },
});
