/** Approval flows (issue 14): process definitions' rules, the run time, the process bus, demo data. */
import { registerApprovalHooks } from './approval.service';
import { registerDynamicFormHooks } from './dynamic-form.service';
import './approval-task.views';
import './dynamic-form.views';
import './approval.seed';
import './dynamic-form.seed';

registerApprovalHooks();
registerDynamicFormHooks();

export { approvalRoutes } from './approval.routes';
export { approversAt, decide, flowView, myTasks, submitForApproval } from './approval.service';
