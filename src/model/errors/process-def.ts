import { defineErrors } from './define';

/** The errors of process-def (fed into the process-def catalogue part; see ./index). */
export const processDefinitionErrors = defineErrors({
  'wf.alreadyApproved': { kind: 'approval', zh: '单据已审批通过', en: 'The document is already approved' },
  'wf.alreadyApprover': { kind: 'approval', zh: '该用户已是本节点的审批人', en: 'That user already approves at this node' },
  'wf.alreadyAtFirstNode': { kind: 'approval', zh: '当前已是第一个节点，无法退回第一节点', en: 'This is already the first node; there is no first node to return to' },
  'wf.alreadyDecided': { kind: 'approval', zh: '该审批任务已被处理，请刷新后重试', en: 'This approval task was already handled; refresh and retry' },
  'wf.alreadyRunning': { kind: 'approval', zh: '单据已在审批中', en: 'The document is already in approval' },
  'wf.approvalRequired': { kind: 'approval', zh: '单据须先提交审批并通过后才能执行此操作', en: 'The document must be submitted and approved before this action' },
  'wf.inFlow': { kind: 'approval', zh: '单据审批中，当前节点不允许修改', en: 'The document is in approval and this node does not allow edits' },
  'wf.noApprover': { kind: 'approval', zh: '节点“{{node}}”找不到审批人，请检查岗位、角色或组织的主管设置', en: 'No approver found for node "{{node}}": check its positions, roles or the org manager' },
  'wf.noFlowForEntity': { kind: 'notFound', zh: '该单据类型没有审批流程', en: 'This kind of document has no approval flow' },
  'wf.noNode': { kind: 'approval', zh: '流程节点不存在', en: 'The process node does not exist' },
  'wf.noPreviousApprover': { kind: 'approval', zh: '没有上一审批人可退回', en: 'There is no previous approver to return to' },
  'wf.noPreviousNode': { kind: 'approval', zh: '当前已是第一个节点，无法退回上一节点', en: 'This is the first node; there is no previous node to return to' },
  'wf.noProcess': { kind: 'approval', zh: '未找到启用的流程定义 {{code}}，请先在“流程定义”中创建', en: 'No enabled process definition {{code}}: create it under Process definitions first' },
  'wf.notSubmittable': { kind: 'approval', zh: '单据当前状态不能提交审批', en: 'The document cannot be submitted for approval in its current state' },
  'wf.rejectedInApproval': { kind: 'approval', zh: '单据审批被驳回，请修改后重新提交审批', en: 'The approval was rejected: change the document and submit it again' },
  'wf.waitingApproval': { kind: 'approval', zh: '单据审批中，审批通过后才能执行此操作', en: 'The document is in approval; this action waits for the approval' },
});
