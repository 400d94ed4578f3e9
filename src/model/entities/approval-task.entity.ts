import { defineDictionary } from '../dictionaries';
import { defineViewEntity, type EntityDef, type FieldDef, type TransitionDef } from '../entity';
import { allocationVersion } from './allocationversion.entity';
import { prOrder } from './prorder.entity';
import { purOrder } from './purorder.entity';
import { sourcingProject } from './sourcingproject.entity';

/**
 * The document kinds a flow runs on, named as their lists name them; a form's records (issue 35) are
 * named by their form, whose name the list reads in place of a kind.
 */
export const approvalDocumentKind = defineDictionary({
  code: 'wf_document_kind',
  label: { zh: '单据类型', en: 'Kind' },
  items: [purOrder, prOrder, allocationVersion, sourcingProject].map((e) => ({ value: e.name, label: e.label })),
});

/** Where a flow stands (its instance's status), as its panel and the documents' drawers name it. */
export const approvalFlowStatus = defineDictionary({
  code: 'wf_flow_status',
  label: { zh: '流程状态', en: 'Flow status' },
  items: [
    { value: 'running', label: { zh: '审批中', en: 'In approval' } },
    { value: 'approved', label: { zh: '已通过', en: 'Approved' } },
    { value: 'rejected', label: { zh: '已驳回', en: 'Rejected' } },
  ],
});

/** Every step of a flow's history: its submission, the decisions, an approver added, the end. */
export const approvalStep = defineDictionary({
  code: 'wf_step',
  label: { zh: '审批动作', en: 'Step' },
  items: [
    { value: 'submit', label: { zh: '提交审批', en: 'Submitted' } },
    { value: 'approve', label: { zh: '同意', en: 'Approved' } },
    { value: 'reject', label: { zh: '驳回', en: 'Rejected' } },
    { value: 'return_approver', label: { zh: '退回上一审批人', en: 'Returned to the previous approver' } },
    { value: 'return_node', label: { zh: '退回上一节点', en: 'Returned to the previous node' } },
    { value: 'return_first', label: { zh: '退回第一节点', en: 'Returned to the first node' } },
    { value: 'insert_user', label: { zh: '加签', en: 'Added an approver' } },
    { value: 'end', label: { zh: '流程结束', en: 'Process ended' } },
  ],
});

/**
 * Each decision an approver may take on a task, declared once (spec 7): the words of its button
 * (`actionKey`), whether it asks a reason (`reason`: the comment, required of a rejection and of the
 * returns), and for a return where it goes back to (`returns`: the last approver of an earlier round,
 * the previous node, the first node) and why it is refused when there is none (`refused`). The flow's
 * service, the process bus's calls, the decision dialogs and the decisions' dictionary read it.
 */
export const FLOW_DECISIONS = [
  { value: 'approve', actionKey: 'wf.action.approve', reason: false },
  { value: 'reject', actionKey: 'wf.action.reject', reason: true },
  { value: 'return_approver', actionKey: 'wf.action.returnApprover', reason: true, returns: 'approver', refused: 'wf.noPreviousApprover' },
  { value: 'return_node', actionKey: 'wf.action.returnNode', reason: true, returns: 'node', refused: 'wf.noPreviousNode' },
  { value: 'return_first', actionKey: 'wf.action.returnFirst', reason: true, returns: 'first', refused: 'wf.alreadyAtFirstNode' },
] as const;
export type FlowDecision = (typeof FLOW_DECISIONS)[number];
export type Decision = FlowDecision['value'];

/** The declaration of a decision (undefined for anything else: an unknown action). */
export const decisionOf = (value: unknown): FlowDecision | undefined => FLOW_DECISIONS.find((d) => d.value === value);

/** A return's declaration (undefined for a decision that is no return). */
export const returnOf = (value: unknown): Extract<FlowDecision, { returns: string }> | undefined => {
  const d = decisionOf(value);
  return d && 'returns' in d ? d : undefined;
};

/** What an approver did with a task: the decisions among the history's steps, in the same words. */
export const approvalDecision = defineDictionary({
  code: 'wf_decision',
  label: { zh: '处理结果', en: 'Decision' },
  items: approvalStep.items.filter((i) => decisionOf(i.value)),
});

/** A decision's comment (审批意见): the task's own comment, required of a rejection and of the returns, in the flow's own words. */
const taskComment: FieldDef = { key: 'comment', label: { zh: '审批意见', en: 'Comment' }, type: 'textarea' };
const decisionComment = (required: boolean): FieldDef => ({ ...taskComment, ...(required ? { required, requiredMessage: 'wf.commentRequired' } : {}) });

/** The colleague added to the node (spec 7 insert-user-into-node): one of the company's active users, searched by name or account. */
const insertedUser: FieldDef = { key: 'user_id', label: { zh: '加签用户', en: 'User to add' }, type: 'reference', required: true, requiredMessage: 'wf.pickUser', ref: { entity: 'user', labelField: 'fullname', codeField: 'username', searched: true } };

/** A step's words as the history names it (`wf_step`). */
const stepLabel = (action: string) => approvalStep.items.find((i) => i.value === action)!.label;

/**
 * What an approver may do with a waiting task, as its transitions: each decision closes it (30) with
 * its comment, a reason asked where the decision declares one; 加签 keeps it waiting and adds a
 * colleague to the node. Their handlers are the flow's (services/approvals: where the flow goes
 * next, which returns have somewhere to go, and-sign waiting for every approver).
 */
const taskTransitions: TransitionDef[] = [
  ...FLOW_DECISIONS.map((d) => ({ action: d.value, label: stepLabel(d.value), from: ['10'], to: '30', params: [decisionComment(d.reason)] })),
  { action: 'insert_user', label: stepLabel('insert_user'), from: ['10'], params: [insertedUser, decisionComment(false)] },
];

/**
 * 我的审批 (issue 14, on the engine since issue 30): the caller's approval tasks (`wf_task`, one per
 * approver and node round) with their document, process, node and initiator, waiting (10) or
 * decided (30). The rows and what they join are given by
 * src/server/services/approvals/approval-task.views.ts (the caller's own tasks in the caller's
 * company). A journal: a task has no version and is its approver's to decide (`user_id`), whatever
 * their menus; its decisions run through the journal writer, guarded by the waiting state, and a
 * task decided (or cancelled by another decision) meanwhile is refused with `wf.alreadyDecided`.
 * The process bus (push, rollback-node, insert-user-into-node) runs them too.
 */
export const approvalTask = defineViewEntity({
  name: 'wftask',
  table: 'wf_task',
  prefix: 'crossapi',
  menuCode: 'wf.todo',
  label: { zh: '审批任务', en: 'Approval task' },
  titleField: 'doc_no',
  defaultSort: { field: 'created_at', dir: 'desc' },
  journal: { holder: 'user_id', moved: 'wf.alreadyDecided' },
  fields: [
    { key: 'doc_no', label: { zh: '单号', en: 'Document' }, type: 'text' },
    { key: 'kind', label: { zh: '单据类型', en: 'Kind' }, type: 'dict', dict: 'wf_document_kind' },
    { key: 'process_name', label: { zh: '流程', en: 'Process' }, type: 'text' },
    { key: 'node_name', label: { zh: '节点', en: 'Node' }, type: 'text' },
    { key: 'initiator_name', label: { zh: '发起人', en: 'Initiator' }, type: 'text' },
    { key: 'created_at', label: { zh: '到达时间', en: 'Arrived' }, type: 'datetime' },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict' },
    { key: 'decision', label: { zh: '处理结果', en: 'Decision' }, type: 'dict', dict: 'wf_decision' },
    { key: 'decided_at', label: { zh: '处理时间', en: 'Decided at' }, type: 'datetime' },
    taskComment,
    // The document the task is about: what the drawer reads the flow of.
    { key: 'record_entity', label: { zh: '单据实体', en: 'Document entity' }, type: 'text' },
    { key: 'record_id', label: { zh: '单据编号', en: 'Document id' }, type: 'integer' },
    // Its flow and where the flow stands (the process bus's my-tasks reads this list too).
    { key: 'pid', label: { zh: '流程实例', en: 'Flow' }, type: 'integer' },
    { key: 'flow_status', label: { zh: '流程状态', en: 'Flow status' }, type: 'dict', dict: 'wf_flow_status' },
  ],
  states: {
    field: 'status',
    initial: '10',
    states: [
      { code: '10', label: { zh: '待我审批', en: 'Waiting for me' }, color: 'warning' },
      { code: '30', label: { zh: '我已审批', en: 'Decided by me' }, color: 'success' },
    ],
    transitions: taskTransitions,
  },
});

/**
 * What may be done on a record's flow and what each asks, in the engine's transition dialog: a
 * submission of the document, and the task's own transitions. The server says which the caller has
 * now (cpm-node-actions: approve named by the node's launch text, only the returns that have
 * somewhere to go) and checks them again.
 */
export const flowDecisions: Record<string, TransitionDef> = Object.fromEntries([
  ['submit', { action: 'submit', label: stepLabel('submit'), from: [], params: [decisionComment(false)] }],
  ...taskTransitions.map((t) => [t.action, t] as const),
]);

/**
 * A step of a flow's history (cpm-view's `history`) as the flow panel lists it under a document or a
 * task: when, at which node, who, which step (`wf_step`), the comment; columns in this order. Not
 * registered: its rows come with the flow (src/client/pages/approvals/ApprovalPanel.tsx `FlowPanel`).
 */
export const flowHistoryStep: EntityDef = {
  name: 'wfhistory',
  table: 'wf_history',
  prefix: 'crossapi',
  menuCode: 'wf.todo',
  label: { zh: '审批记录', en: 'Approval history' },
  titleField: 'action',
  fields: [
    { key: 'created_at', label: { zh: '时间', en: 'Time' }, type: 'datetime' },
    { key: 'node_name', label: { zh: '节点', en: 'Node' }, type: 'text' },
    { key: 'user_name', label: { zh: '处理人', en: 'By' }, type: 'text' },
    { key: 'action', label: { zh: '动作', en: 'Step' }, type: 'dict', dict: approvalStep.code },
    { key: 'comment', label: { zh: '意见', en: 'Comment' }, type: 'text' },
  ],
};
