import { ALL_TAB, definePage } from '../../src/model';

/**
 * My notes (spec 2 "Business: ... tasks, notes"; issue 35), in the collaboration menu beside the
 * notification and task centre: each user's own notes, the pinned ones in a tab of their own,
 * searched by title and text, edited in the drawer.
 */
export const notePage = definePage({
  opt: 'note',
  cata: 'collab',
  kind: 'index',
  entity: 'note',
  menu: { group: 'collab', order: 12 },
  title: { zh: '我的便签', en: 'My notes' },
  purpose: { zh: '只有你自己能看到的便签：记下待跟进的事项、电话要点和想法', en: 'Notes only you can see: follow-ups, call notes and ideas' },
  help: {
    zh: [
      '我的便签只属于你自己：同事、公司管理员和其他公司都看不到。',
      '',
      '- **新建**便签时填写标题和内容，可选颜色；勾选“置顶”的便签集中在“置顶”页签。',
      '- **快速搜索**同时查找标题和内容。',
      '- 可以**导出**为 Excel；每次修改都记入便签的历史。',
    ].join('\n'),
    en: [
      'Your notes are yours alone: colleagues, your company\'s administrator and other companies see none of them.',
      '',
      '- **New note**: a title and the text, a colour if you like; notes marked "Pinned" gather in the Pinned tab.',
      '- **Quick search** looks in the title and the text.',
      '- **Export** them to Excel; every change is kept in the note\'s history.',
    ].join('\n'),
  },
  columns: [{ field: 'title', width: 240, pinned: 'left' }, { field: 'content', width: 420 }, { field: 'colour', width: 100 }, { field: 'pinned', width: 90 }, { field: 'updated_at', width: 170 }],
  statusTabs: [ALL_TAB, { key: 'pinned', label: { zh: '置顶', en: 'Pinned' }, filter: { pinned: true } }],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'export' }, { kind: 'history' }],
  quickSearch: ['title', 'content'],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'title', spanClass: 'full' },
        { field: 'colour', spanClass: 'half' },
        { field: 'pinned', spanClass: 'half' },
        { field: 'content', spanClass: 'full' },
      ],
    },
  ],
});
