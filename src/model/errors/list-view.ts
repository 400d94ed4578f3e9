import { defineErrors } from './define';

/** The errors of saved list views (issue 32; fed into the list-views catalogue part, see ./index). */
export const listViewErrors = defineErrors({
  'listView.notFound': { kind: 'notFound', zh: '视图不存在，或未共享给您', en: 'The view does not exist or is not shared with you' },
  'listView.adminOnly': { kind: 'forbidden', zh: '只有企业管理员可以共享视图或设置角色的默认视图', en: 'Only a company administrator can share views or set a role\'s default view' },
  'listView.notYours': { kind: 'forbidden', zh: '只能修改自己的私有视图，共享视图由企业管理员维护', en: 'You can change only your own private views; shared views are kept by a company administrator' },
  'listView.tooMany': { kind: 'validation', zh: '每个列表最多保存 {{max}} 个视图', en: 'A list keeps at most {{max}} views' },
});
