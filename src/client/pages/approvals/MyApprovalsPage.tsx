import { resolvedPageOf } from '../../api/resolved-page';
import { ListPage } from '../../engine/ListPage';
import { MissingPage } from '../../engine/PageStates';
import { TaskDecisions } from './TaskDrawer';

/**
 * 我的审批 (`/approvals/todo`): the engine's list and drawer of the view entity `wftask`
 * (grids/approvals/wftodo.grid.ts: columns, the waiting and decided tabs, quick search). A task's
 * drawer shows what the approver reads (TaskDrawer.tsx, a drawer extension) and, as the page's own
 * actions, the decisions the server allows; a decision closes the drawer and reads the list again,
 * so the task leaves the waiting tab.
 */
export function MyApprovalsPage() {
  const resolved = resolvedPageOf('wftodo');
  if (!resolved) return <MissingPage opt="wftodo" />;
  return <ListPage resolved={resolved} slots={{ testId: 'wf-todo', drawer: (list) => ({ extraActions: (rf) => <TaskDecisions rf={rf} onDone={() => { list.closeDrawer(); list.refresh(); }} /> }) }} />;
}
