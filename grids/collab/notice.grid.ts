import { ALL_TAB, definePage, stateTabs } from '../../src/model';
import { notice } from '../../src/model/entities/notice.entity';

/**
 * My notices (spec 7 notify-msg; issue 15), the notification and task centre's notices tab
 * (`/collab/center?tab=notices`, also `/collab/index/notice`): what the platform told the caller,
 * newest first, unread first among the tabs; marked read in place, several at once, or all at once
 * (the page's own tool, the bell's call). Only the caller's own: notice.entity.ts.
 */
export const noticePage = definePage({
  opt: 'notice',
  cata: 'collab',
  kind: 'index',
  entity: 'notice',
  title: { zh: '我的通知', en: 'My notices' },
  purpose: { zh: '发给你的通知：看过后标为已读，有单据的可直接打开', en: 'Notices sent to you: mark them read once seen; open the document a notice names' },
  columns: [
    { field: 'title', width: 300, pinned: 'left' },
    { field: 'created_at', width: 170 },
    { field: 'status', width: 80 },
    { field: 'doc_no', width: 140 },
    { field: 'body', width: 380 },
    { field: 'read_at', width: 170 },
  ],
  statusTabs: [...stateTabs(notice.states!, { all: false }), ALL_TAB],
  actions: [{ kind: 'view' }, { kind: 'transition', action: 'read' }, { kind: 'export' }],
  quickSearch: ['title', 'body', 'doc_no'],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'title', spanClass: 'full' },
        { field: 'body', spanClass: 'full' },
        { field: 'doc_no', spanClass: 'half' },
        { field: 'status', spanClass: 'half' },
        { field: 'created_at', spanClass: 'half' },
        { field: 'read_at', spanClass: 'half' },
      ],
    },
  ],
});
