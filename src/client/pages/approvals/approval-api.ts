import { processBusCalls, type RollbackDecision } from '../../../model/calls/approvals';
import { callApi } from '../../api/calls';

export type { DocumentSummary, FlowAction, FlowHistory, FlowNodeView, FlowStepView, FlowTask, FlowView, MyTask, NodeActions, RollbackTarget } from '../../../model/calls/approvals';

const RETURNS: readonly string[] = ['return_approver', 'return_node', 'return_first'] satisfies readonly RollbackDecision[];

/** The process bus calls (spec 7 cpm-bus) as the approvals screens use them. */
export const approvalApi = {
  submit: (entity: string, id: number, comment: string) => callApi(processBusCalls.push, { entity, id, action: 'submit', comment }, { failure: 'submit' }),
  /** Approve or reject through push; a return goes to rollback-node (spec 7), which refuses a return the node does not allow. */
  decide: (taskId: number, action: string, comment: string) =>
    RETURNS.includes(action)
      ? callApi(processBusCalls.rollback, { task_id: taskId, target: action as RollbackDecision, comment }, { failure: 'action' })
      : callApi(processBusCalls.push, { task_id: taskId, action, comment }, { failure: 'action' }),
  insertUser: (taskId: number, userId: number, comment: string) => callApi(processBusCalls.insertUser, { task_id: taskId, user_id: userId, comment }, { failure: 'action' }),
};
