import { defineDictionary } from '../dictionaries';
import { defineEntity, type FieldErrors, type TransitionDef } from '../entity';
import { errorTexts } from '../errors/define';
import { processDefinitionErrors } from '../errors/process-def';

/**
 * Who approves at a node (spec 6 "Process node access types"). "Other" excludes the initiator (no one
 * approves their own document); "initiator plus ..." adds the initiator; fixed positions are the
 * holders of the listed positions whoever they are; the reporting manager is found from the org and
 * position master data (the manager position of the initiator's org, else of its parent orgs).
 *
 * Each access type is declared once: its words, where its candidates come from (`codes`: the holders of
 * the position or role codes the node lists; `manager`: the initiator's reporting manager) and what
 * becomes of the initiator among them (`alone`: the initiator approves alone; `excluded`: never
 * approves their own document; `added`: approves as well; `as-is`: only as one of the holders).
 */
type AccessTypeDecl = { value: string; label: { zh: string; en: string }; codes?: 'position_codes' | 'role_codes'; manager?: true; initiator: 'alone' | 'excluded' | 'added' | 'as-is' };
const ACCESS_TYPE_DECLS = [
  { value: 'initiator', label: { zh: '发起人', en: 'Initiator' }, initiator: 'alone' },
  { value: 'positions', label: { zh: '其他岗位', en: 'Other positions' }, codes: 'position_codes', initiator: 'excluded' },
  { value: 'initiator_positions', label: { zh: '发起人+其他岗位', en: 'Initiator plus other positions' }, codes: 'position_codes', initiator: 'added' },
  { value: 'roles', label: { zh: '其他角色', en: 'Other roles' }, codes: 'role_codes', initiator: 'excluded' },
  { value: 'initiator_roles', label: { zh: '发起人+其他角色', en: 'Initiator plus other roles' }, codes: 'role_codes', initiator: 'added' },
  { value: 'fixed_positions', label: { zh: '固定岗位', en: 'Fixed positions' }, codes: 'position_codes', initiator: 'as-is' },
  { value: 'reporting_manager', label: { zh: '汇报上级', en: 'Reporting manager' }, manager: true, initiator: 'excluded' },
] as const satisfies readonly AccessTypeDecl[];
export type AccessType = (typeof ACCESS_TYPE_DECLS)[number]['value'];
export const ACCESS_TYPES: readonly AccessType[] = ACCESS_TYPE_DECLS.map((a) => a.value);

/** The declaration of an access type (undefined for a value no node may hold). */
export const accessTypeOf = (accessType: unknown): AccessTypeDecl | undefined => ACCESS_TYPE_DECLS.find((a) => a.value === accessType);

export const processAccessType = defineDictionary({
  code: 'wf_access_type',
  label: { zh: '节点访问类型', en: 'Node access type' },
  items: ACCESS_TYPE_DECLS.map(({ value, label }) => ({ value, label })),
});

/** Approval type of a node: and-sign (every approver) or or-sign (any one). */
export const processSignType = defineDictionary({
  code: 'wf_sign_type',
  label: { zh: '审批类型', en: 'Approval type' },
  items: [
    { value: 'or', label: { zh: '或签（任一人）', en: 'Or-sign (any one)' } },
    { value: 'and', label: { zh: '会签（所有人）', en: 'And-sign (everyone)' } },
  ],
});

/** A node of a process: who approves, how, what the launch action onward is called, whether it ends. */
export const processDefNode = defineEntity({
  name: 'processdef_node',
  table: 'wf_process_node',
  prefix: 'crossapi',
  menuCode: 'admin.processdef',
  label: { zh: '流程节点', en: 'Process node' },
  titleField: 'name',
  childOnly: true,
  defaultSort: { field: 'seq', dir: 'asc' },
  fields: [
    { key: 'seq', label: { zh: '节点序号', en: 'Sequence' }, type: 'integer', required: true, rules: ['naturalNumber'] },
    { key: 'name', label: { zh: '节点名称', en: 'Node name' }, type: 'text', required: true, maxLength: 100 },
    { key: 'status_code', label: { zh: '状态码', en: 'Status code' }, type: 'code', required: true, maxLength: 40 },
    { key: 'launch_action', label: { zh: '发起动作', en: 'Launch action' }, type: 'code', maxLength: 40 },
    { key: 'launch_text', label: { zh: '发起动作文本', en: 'Launch action text' }, type: 'text', maxLength: 100 },
    { key: 'is_end', label: { zh: '定义结束', en: 'Ends the process' }, type: 'boolean', default: false },
    { key: 'access_type', label: { zh: '访问类型', en: 'Access type' }, type: 'dict', dict: 'wf_access_type', required: true, default: 'reporting_manager' },
    { key: 'position_codes', label: { zh: '岗位编码（逗号分隔）', en: 'Position codes (comma separated)' }, type: 'text', maxLength: 500 },
    { key: 'role_codes', label: { zh: '角色编码（逗号分隔）', en: 'Role codes (comma separated)' }, type: 'text', maxLength: 500 },
    { key: 'sign_type', label: { zh: '审批类型', en: 'Approval type' }, type: 'dict', dict: 'wf_sign_type', required: true, default: 'or' },
    { key: 'allow_edit', label: { zh: '允许修改单据', en: 'Document editable' }, type: 'boolean', default: false },
  ],
});

/** A step: an edge of the flow from one node to the next (no target: the process ends). */
export const processDefStep = defineEntity({
  name: 'processdef_step',
  table: 'wf_process_step',
  prefix: 'crossapi',
  menuCode: 'admin.processdef',
  label: { zh: '流程步骤', en: 'Process step' },
  titleField: 'name',
  childOnly: true,
  defaultSort: { field: 'from_seq', dir: 'asc' },
  fields: [
    { key: 'step_code', label: { zh: '步骤编码', en: 'Step code' }, type: 'code', required: true, maxLength: 40 },
    { key: 'name', label: { zh: '步骤名称', en: 'Step name' }, type: 'text', maxLength: 100 },
    { key: 'from_seq', label: { zh: '从节点序号', en: 'From node' }, type: 'integer', required: true, rules: ['naturalNumber'] },
    { key: 'to_seq', label: { zh: '到节点序号（空=结束）', en: 'To node (empty = end)' }, type: 'integer', rules: ['naturalNumber'] },
  ],
});

type NodeRow = { seq?: unknown; status_code?: unknown; launch_action?: unknown; launch_text?: unknown; is_end?: unknown; access_type?: unknown; position_codes?: unknown; role_codes?: unknown };
type StepRow = { step_code?: unknown; from_seq?: unknown; to_seq?: unknown };

const filled = (v: unknown) => v !== null && v !== undefined && String(v).trim() !== '';

/** The node's field listing the codes its access type names (spec 6: positions or roles), or null when it names none. */
export function codesFieldOf(accessType: unknown): 'position_codes' | 'role_codes' | null {
  return accessTypeOf(accessType)?.codes ?? null;
}

/** Marks every row after the first that repeats a value (spec 5: each must be unique). */
function duplicates(rows: Array<Record<string, unknown>>, key: string, collection: string, message: string, errors: FieldErrors): void {
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    if (!filled(r[key])) return;
    const v = String(r[key]).trim().toUpperCase();
    if (seen.has(v)) errors[`${collection}[${i}].${key}`] = message;
    seen.add(v);
  });
}

/**
 * The rules of a process definition (spec 5 "Process definition"): nodes are created first; the last
 * node (highest sequence) must define an end; a node before it needs a launch action and its text;
 * node sequence, status code, launch action and step code are each unique; a step joins existing
 * nodes; an access type that names positions or roles lists them. Pure; errors keyed like the form's
 * child rows (`nodes[1].launch_text`).
 */
export function processDefErrors(doc: { nodes?: unknown; steps?: unknown }): FieldErrors {
  const errors: FieldErrors = {};
  const nodes = (Array.isArray(doc.nodes) ? doc.nodes : []) as NodeRow[];
  const steps = (Array.isArray(doc.steps) ? doc.steps : []) as StepRow[];
  if (!nodes.length) {
    errors.nodes = 'wf.def.noNodes';
    return errors;
  }
  const seqs = nodes.map((n) => Number(n.seq));
  const last = Math.max(...seqs.filter((s) => Number.isFinite(s)));
  nodes.forEach((n, i) => {
    if (Number(n.seq) === last) {
      if (n.is_end !== true && n.is_end !== 'true') errors[`nodes[${i}].is_end`] = 'wf.def.lastNodeEnd';
    } else {
      if (!filled(n.launch_action)) errors[`nodes[${i}].launch_action`] = 'wf.def.launchAction';
      if (!filled(n.launch_text)) errors[`nodes[${i}].launch_text`] = 'wf.def.launchText';
    }
    const codes = codesFieldOf(n.access_type);
    if (codes && !filled(n[codes])) errors[`nodes[${i}].${codes}`] = codes === 'position_codes' ? 'wf.def.needsPositions' : 'wf.def.needsRoles';
  });
  duplicates(nodes, 'seq', 'nodes', 'wf.def.seqTaken', errors);
  duplicates(nodes, 'status_code', 'nodes', 'wf.def.statusTaken', errors);
  duplicates(nodes, 'launch_action', 'nodes', 'wf.def.actionTaken', errors);
  duplicates(steps, 'step_code', 'steps', 'wf.def.stepTaken', errors);
  const known = new Set(seqs);
  steps.forEach((s, i) => {
    if (filled(s.from_seq) && !known.has(Number(s.from_seq))) errors[`steps[${i}].from_seq`] = 'wf.def.stepNode';
    if (filled(s.to_seq) && !known.has(Number(s.to_seq))) errors[`steps[${i}].to_seq`] = 'wf.def.stepNode';
  });
  return errors;
}

/**
 * Process definition (spec 3: code, name, nodes, steps, approval types; spec 2 Admin "process
 * definitions"). A document kind that declares `approval: { process: <code> }` is approved through the
 * company's definition of that code; `required` makes the approval mandatory before the kind's gated
 * actions (a purchase order's sending).
 */
export const processDef = defineEntity({
  name: 'processdef',
  table: 'wf_process_def',
  prefix: 'crossapi',
  menuCode: 'admin.processdef',
  label: { zh: '流程定义', en: 'Process definition' },
  titleField: 'name',
  codeField: 'code',
  defaultSort: { field: 'code', dir: 'asc' },
  children: [
    { key: 'nodes', label: { zh: '节点', en: 'Nodes' }, entity: 'processdef_node', foreignKey: 'process_id' },
    { key: 'steps', label: { zh: '步骤', en: 'Steps' }, entity: 'processdef_step', foreignKey: 'process_id' },
  ],
  fields: [
    // A taken code is refused in the process's own words, by a save, an import and a copy alike.
    { key: 'code', label: { zh: '流程编码', en: 'Process code' }, type: 'code', required: true, rules: ['english'], upperCase: true, maxLength: 40, uniqueWith: { fields: [], message: 'wf.def.copyCodeTaken' } },
    { key: 'name', label: { zh: '流程名称', en: 'Process name' }, type: 'text', required: true, maxLength: 200 },
    { key: 'entity_name', label: { zh: '适用单据', en: 'Document kind' }, type: 'text', maxLength: 60, help: { zh: '声明该流程编码的单据类型，如 purorder', en: 'The document kind that declares this process code, e.g. purorder' } },
    { key: 'required', label: { zh: '必须审批', en: 'Approval required' }, type: 'boolean', default: false, help: { zh: '勾选后单据须审批通过才能执行后续操作（如发送供应商）', en: 'The document must be approved before its next actions (such as sending to the supplier)' } },
    { key: 'enabled', label: { zh: '启用', en: 'Enabled' }, type: 'boolean', default: true },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 1000 },
  ],
  messages: {
    'zh-CN': {
      ...errorTexts(processDefinitionErrors, 'zh-CN'),
      'wf.def.noNodes': '请先创建节点',
      'wf.def.lastNodeEnd': '最后一个节点必须定义结束',
      'wf.def.launchAction': '非最后节点必须填写发起动作',
      'wf.def.launchText': '非最后节点必须填写发起动作文本',
      'wf.def.seqTaken': '节点序号不能重复',
      'wf.def.statusTaken': '状态码不能重复',
      'wf.def.actionTaken': '发起动作不能重复',
      'wf.def.stepTaken': '步骤编码不能重复',
      'wf.def.stepNode': '步骤引用的节点不存在，请先创建节点',
      'wf.def.needsPositions': '该访问类型需要填写岗位编码',
      'wf.def.needsRoles': '该访问类型需要填写角色编码',
      'wf.def.unknownPosition': '岗位编码 {{code}} 不存在',
      'wf.def.unknownRole': '角色编码 {{code}} 不存在',
      'wf.def.copyCode': '复制流程需要填写新的流程编码',
      'wf.def.copyCodeTaken': '流程编码已存在，请填写新的编码',
      'wf.commentRequired': '驳回或退回需要填写意见',
      'wf.pickUser': '请选择加签用户',
      'wf.action.submit': '提交审批',
      'wf.action.approve': '同意',
      'wf.action.reject': '驳回',
      'wf.action.returnApprover': '退回上一审批人',
      'wf.action.returnNode': '退回上一节点',
      'wf.action.returnFirst': '退回第一节点',
      'wf.action.insertUser': '加签',
      'wf.notice.waiting': '待审批：{{doc}}',
      'wf.todo.subject': '审批：{{doc}}（{{process}} · {{node}}）',
      'wf.todo.remark': '在“审批 > 我的审批”中处理，审批后本任务自动完成',
      'wf.notice.waitingBody': '{{process}} · 节点“{{node}}”等待您审批',
      'wf.notice.approved': '审批通过：{{doc}}',
      'wf.notice.rejected': '审批驳回：{{doc}}',
      'wf.notice.approvedBody': '{{user}} 审批通过了 {{doc}}（{{process}}），流程已结束。',
      'wf.drawer.state': '审批状态：{{state}}',
      'wf.drawer.approver': '当前审批人：{{names}}',
      'wf.summary.title': '单据要点',
      'wf.summary.lines': '明细（{{n}} 行）',
      'wf.notice.rejectedBody': '{{user}} 在审批中驳回了 {{doc}}（{{process}}），修改后可重新提交。',
      'audit.wf_submit': '提交审批',
      'audit.wf_approved': '审批通过',
      'audit.wf_rejected': '审批驳回',
      'audit.wf_reset': '修改后审批失效',
      'audit.copy': '复制流程',
    },
    en: {
      ...errorTexts(processDefinitionErrors, 'en'),
      'wf.def.noNodes': 'Create the nodes first',
      'wf.def.lastNodeEnd': 'The last node must define an end',
      'wf.def.launchAction': 'A node before the last needs a launch action',
      'wf.def.launchText': 'A node before the last needs the text of its launch action',
      'wf.def.seqTaken': 'Node sequences must be unique',
      'wf.def.statusTaken': 'Status codes must be unique',
      'wf.def.actionTaken': 'Launch actions must be unique',
      'wf.def.stepTaken': 'Step codes must be unique',
      'wf.def.stepNode': 'The step names a node that does not exist: create the nodes first',
      'wf.def.needsPositions': 'This access type needs position codes',
      'wf.def.needsRoles': 'This access type needs role codes',
      'wf.def.unknownPosition': 'No position with code {{code}}',
      'wf.def.unknownRole': 'No role with code {{code}}',
      'wf.def.copyCode': 'Copying a process needs a new process code',
      'wf.def.copyCodeTaken': 'That process code already exists: enter a new one',
      'wf.commentRequired': 'A rejection or return needs a comment',
      'wf.pickUser': 'Choose the user to add',
      'wf.action.submit': 'Submit for approval',
      'wf.action.approve': 'Approve',
      'wf.action.reject': 'Reject',
      'wf.action.returnApprover': 'Return to previous approver',
      'wf.action.returnNode': 'Return to previous node',
      'wf.action.returnFirst': 'Return to first node',
      'wf.action.insertUser': 'Add approver',
      'wf.notice.waiting': 'Waiting for your approval: {{doc}}',
      'wf.todo.subject': 'Approve: {{doc}} ({{process}} · {{node}})',
      'wf.todo.remark': 'Decide it under Approvals > My approvals; this task completes with the decision',
      'wf.notice.waitingBody': '{{process}} · node "{{node}}" waits for your approval',
      'wf.notice.approved': 'Approved: {{doc}}',
      'wf.notice.rejected': 'Rejected in approval: {{doc}}',
      'wf.notice.approvedBody': '{{user}} approved {{doc}} ({{process}}); the flow has ended.',
      'wf.drawer.state': 'Approval: {{state}}',
      'wf.drawer.approver': 'Current approver: {{names}}',
      'wf.summary.title': 'Key figures',
      'wf.summary.lines': 'Lines ({{n}})',
      'wf.notice.rejectedBody': '{{user}} rejected {{doc}} in approval ({{process}}); change it and submit it again.',
      'audit.wf_submit': 'Submitted for approval',
      'audit.wf_approved': 'Approved',
      'audit.wf_rejected': 'Rejected in approval',
      'audit.wf_reset': 'Approval void after a change',
      'audit.copy': 'Copied',
    },
  },
});

/**
 * Copying a process (spec 5, `POST crossapi/processdef/action/copy {id, code, name?}`): a new
 * definition under a new code (required; a taken one refused as a save refuses it) and, when given, a
 * new name, with the header's settings and its nodes and steps written as one document, so the copy
 * passes the definition's rules. The engine's copyRecord writes it (src/server/resources/record-copy.ts).
 */
export const processDefCopy: TransitionDef = {
  action: 'copy',
  label: { zh: '复制流程', en: 'Copy process' },
  from: [],
  copies: true,
  params: [
    { key: 'code', label: { zh: '新流程编码', en: 'New process code' }, type: 'code', required: true, requiredMessage: 'wf.def.copyCode', upperCase: true, maxLength: 40 },
    { key: 'name', label: { zh: '新流程名称', en: 'New process name' }, type: 'text', maxLength: 200 },
  ],
  copy: { fields: ['name', 'entity_name', 'required', 'enabled', 'remark'], children: true },
};
