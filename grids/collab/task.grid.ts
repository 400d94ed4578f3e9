import { ALL_TAB, definePage, stateTabs } from '../../src/model';
import { task } from '../../src/model/entities/task.entity';

/**
 * My tasks (spec 3 task, spec 4 states; issue 15), the notification and task centre's tasks tab
 * (`/collab/center?tab=tasks`, also `/collab/index/task`): the caller's own to-do items, in progress
 * first, then done and all; created, edited, completed, reopened and removed in place.
 */
export const taskPage = definePage({
  opt: 'task',
  cata: 'collab',
  kind: 'index',
  entity: 'task',
  title: { zh: '我的任务', en: 'My tasks' },
  purpose: { zh: '只属于你的待办事项：完成后勾掉，需要时重新打开', en: 'Your own to-do items: complete them, reopen them when needed' },
  columns: [
    { field: 'subject', width: 320, pinned: 'left' },
    { field: 'due_date', width: 120 },
    { field: 'priority', width: 90 },
    { field: 'status', width: 100 },
    { field: 'remark', width: 300 },
    { field: 'completed_at', width: 160 },
  ],
  statusTabs: [...stateTabs(task.states!, { all: false }), ALL_TAB],
  actions: [
    { kind: 'create' }, { kind: 'edit' },
    { kind: 'transition', action: 'complete' }, { kind: 'transition', action: 'reopen' },
    { kind: 'remove' }, { kind: 'export' },
  ],
  quickSearch: ['subject', 'remark'],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'subject', spanClass: 'full' },
        { field: 'due_date', spanClass: 'half' },
        { field: 'priority', spanClass: 'half' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
});
