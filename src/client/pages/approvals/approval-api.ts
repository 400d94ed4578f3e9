import { processBusCalls, type NodeActions } from '../../../model/calls/approvals';
import { returnOf } from '../../../model/entities/approval-task.entity';
import { callApi } from '../../api/calls';

export type { DocumentSummary, FlowAction, FlowHistory, FlowNodeView, FlowStepView, FlowTask, FlowView, MyTask, NodeActions, RollbackTarget } from '../../../model/calls/approvals';

/**
 * One of a flow's decisions (approval-task.entity's `flowDecisions`) with the parameters its dialog
 * took, through the process bus (spec 7): a submission and approve or reject go to push, a return to
 * rollback-node (which refuses a return the node does not allow), an added approver to insert-user-into-node.
 */
export function runDecision(flow: Pick<NodeActions, 'entity' | 'record_id' | 'task_id'>, action: string, params: Record<string, unknown>) {
  const comment = typeof params.comment === 'string' ? params.comment : '';
  if (action === 'submit') return callApi(processBusCalls.push, { entity: flow.entity, id: flow.record_id, action: 'submit', comment }, { failure: 'submit' });
  const task = Number(flow.task_id);
  if (action === 'insert_user') return callApi(processBusCalls.insertUser, { task_id: task, user_id: Number(params.user_id), comment }, { failure: 'action' });
  const back = returnOf(action);
  if (back) return callApi(processBusCalls.rollback, { task_id: task, target: back.value, comment }, { failure: 'action' });
  return callApi(processBusCalls.push, { task_id: task, action, comment }, { failure: 'action' });
}
