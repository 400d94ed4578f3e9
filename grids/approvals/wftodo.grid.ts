import { definePage, stateTabs } from '../../src/model';
import { approvalTask } from '../../src/model/entities/approval-task.entity';

/**
 * 我的审批 (`/approvals/todo`, menu entry `wf.todo` of the approvals group): the caller's approval
 * tasks, waiting (the first tab) or decided, newest first. A row opens in the drawer with what the
 * approver must read to decide (the document's figures and lines, the flow diagram, the history)
 * and the decisions the server allows now (src/client/pages/approvals/TaskDrawer.tsx, drawer extensions).
 */
export const approvalTodoPage = definePage({
  opt: 'wftodo',
  cata: 'approvals',
  kind: 'page',
  entity: 'wftask',
  title: { zh: '我的审批', en: 'My approvals' },
  purpose: { zh: '等待我审批的单据和我处理过的审批；双击一行查看单据、流程与记录并处理', en: 'Documents waiting for my approval and those I decided; double-click a row to read the document, its flow and history, and decide' },
  columns: [
    { field: 'doc_no', width: 170, pinned: 'left' },
    { field: 'kind', width: 130 },
    { field: 'process_name', width: 170 },
    { field: 'node_name', width: 150 },
    { field: 'initiator_name', width: 110 },
    { field: 'created_at', width: 170 },
    { field: 'decision', width: 130 },
    { field: 'decided_at', width: 170 },
    { field: 'comment', width: 220 },
  ],
  statusTabs: stateTabs(approvalTask.states!, { all: false }),
  actions: [{ kind: 'view' }],
  quickSearch: ['doc_no', 'process_name', 'initiator_name'],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'doc_no', spanClass: 'half' },
        { field: 'kind', spanClass: 'half' },
        { field: 'process_name', spanClass: 'half' },
        { field: 'node_name', spanClass: 'half' },
        { field: 'initiator_name', spanClass: 'half' },
        { field: 'created_at', spanClass: 'half' },
      ],
    },
  ],
});
