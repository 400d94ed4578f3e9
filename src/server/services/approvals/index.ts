/** Approval flows (issue 14): process definitions' rules, the run time, the process bus, demo data. */
import { registerApprovalHooks } from './approval.service';
import './approval.seed';

registerApprovalHooks();

export { approvalRoutes } from './approval.routes';
export { approversAt, decide, flowView, myTasks, submitForApproval } from './approval.service';
