import { processBusCalls } from '../../../model/calls/approvals';
import { callApi } from '../../api/calls';

export type { DocumentSummary, FlowAction, FlowHistory, FlowNodeView, FlowStepView, FlowTask, FlowView, MyTask, RollbackTarget } from '../../../model/calls/approvals';

/** The process bus calls (spec 7 cpm-bus) as the approvals screens use them. */
export const approvalApi = {
  view: (entity: string, id: number) => callApi(processBusCalls.view, { entity, id }),
  myTasks: (status: 10 | 30, page = 1) => callApi(processBusCalls.myTasks, { status, page, size: 50 }),
  rollbackNodes: (entity: string, id: number) => callApi(processBusCalls.rollbackNodes, { entity, id }),
  submit: (entity: string, id: number, comment: string) => callApi(processBusCalls.push, { entity, id, action: 'submit', comment }),
  decide: (taskId: number, action: string, comment: string) => callApi(processBusCalls.push, { task_id: taskId, action, comment }),
  insertUser: (taskId: number, userId: number, comment: string) => callApi(processBusCalls.insertUser, { task_id: taskId, user_id: userId, comment }),
};
