import type { FlowNode, FlowStep } from '../approval-flow';
import type { DynamicFormDefinition, DynamicFormRef } from '../dynamic-form';
import { getCall, postCall } from './call';

/**
 * Dynamic forms (issue 14): the calls of `/crossapi/dynform`, served by
 * src/server/services/approvals/dynamic-form.routes.ts and called by src/client/pages/approvals.
 * (A form's design itself is saved through the registry entity `dynform`.)
 */
export type FormSummary = { id: number; code: string; name: string; name_en: string | null; version: number };
/** `process`: the code of the approval process the form's records go through (issue 35), or null. */
export type FormDesign = DynamicFormRef & { definition: DynamicFormDefinition; process: string | null };

export const dynamicFormCalls = {
  /** The company's enabled, designed forms. */
  forms: getCall<void, { rows: FormSummary[] }>('/crossapi/dynform/forms'),
  /** One form's current design. */
  design: getCall<{ code: string }, FormDesign>('/crossapi/dynform/design'),
};

/**
 * The process bus of spec 7 (`crossapi/ccommonapi/cpm-bus`, issue 13) as the approval screens call it,
 * served by src/server/services/approvals/approval.routes.ts. Which actions and nodes are allowed
 * always comes from the server.
 */
export type FlowNodeView = Pick<FlowNode, 'seq' | 'name' | 'sign_type' | 'access_type' | 'launch_text' | 'is_end'>;
export type FlowStepView = Pick<FlowStep, 'step_code' | 'from_seq' | 'to_seq'>;
export type FlowTask = { id: number; node_seq: number; round: number; user_id: number; user_name: string | null; status: number; decision: string | null; comment: string | null; created_at: string; decided_at: string | null };
export type FlowHistory = { id: number; node_seq: number | null; node_name: string | null; user_name: string | null; action: string; comment: string | null; created_at: string };
export type FlowAction = { action: string; label_key: string; text?: string | null };
export type FlowView = {
  pid: number | null;
  entity: string;
  record_id: number;
  doc_no: string | null;
  process_name: string | null;
  status: string | null;
  approval_status: string | null;
  node_seq: number | null;
  definition: { nodes: FlowNodeView[]; steps: FlowStepView[] };
  tasks: FlowTask[];
  history: FlowHistory[];
  task_id: number | null;
  actions: FlowAction[];
  /** What the approver reads to decide: the document's key fields and lines (issue 29). */
  summary?: DocumentSummary | null;
};
/** What the approver must see to decide (issue 29): key fields and lines, as text in the caller's language. */
export type DocumentSummary = {
  fields: Array<{ key: string; label: string; value: unknown; text: string }>;
  /** `numeric`: the column's field is a number (the table aligns it right). */
  lines: { columns: Array<{ key: string; label: string; numeric: boolean }>; rows: Array<Record<string, string>> } | null;
};
export type MyTask = { summary?: DocumentSummary | null; task_id: number; status: number; pid: number; entity: string; entity_label: string; record_id: number; doc_no: string; process_name: string; node_name: string; initiator_name: string; created_at: string; decided_at: string | null; decision: string | null; flow_status: string };
export type RollbackTarget = { target: string; seq: number; name: string; user_name?: string };
/** The returns of spec 4 (to the previous approver, the previous node, the first node), sent to rollback-node. */
export type RollbackDecision = 'return_approver' | 'return_node' | 'return_first';
/** What a record's decision buttons need (spec 7 cpm-node-actions): its flow, its open task for the caller and the actions offered. */
export type NodeActions = Pick<FlowView, 'pid' | 'entity' | 'record_id' | 'doc_no' | 'task_id' | 'actions'>;

/**
 * The process of a record (spec 7 pid-from-ui): its latest instance, or none yet, and which process
 * applies: the code its kind names, the company's definition's name, whether the company has it
 * enabled (needed to submit) and requires it.
 */
export type ProcessOfRecord = { pid: number | null; status: string | null; process_code: string; process_name: string | null; enabled: boolean; required: boolean; node_seq: number | null };

/** What a form scenario fills in (spec 7 cpm-ot/scenario): the scenario and its form's current design. */
export type ScenarioForm = { scenario: { id: number; code: string; name: string }; form: FormDesign };

const BUS = '/crossapi/ccommonapi/cpm-bus';

export const processBusCalls = {
  pidFromUi: getCall<{ entity: string; id: number }, ProcessOfRecord>(`${BUS}/pid-from-ui`),
  /** The form a scenario (by its code) or a project type (by its code: its attached scenario) fills in. */
  scenario: getCall<{ code: string } | { project_type: string }, ScenarioForm>('/crossapi/ccommonapi/cpm-ot/scenario'),
  view: getCall<{ entity: string; id: number } | { pid: number }, FlowView>(`${BUS}/cpm-view`),
  myTasks: getCall<{ status: 10 | 30; page: number; size: number }, { rows: MyTask[]; total: number; page: number; size: number }>(`${BUS}/my-tasks`),
  rollbackNodes: getCall<{ entity: string; id: number }, { rows: RollbackTarget[] }>(`${BUS}/cpm-allowed-rollback-nodes`),
  /** The actions the caller may take now on a record's flow (the drawer's buttons read only these). */
  nodeActions: getCall<{ entity: string; id: number }, NodeActions>(`${BUS}/cpm-node-actions`),
  /** Returns a task to an allowed earlier approver or node (spec 4; refused where nothing is allowed). */
  rollback: postCall<{ task_id: number; target: RollbackDecision; comment: string }, unknown>(`${BUS}/rollback-node`),
  /** Starts the record's flow (`action: 'submit'`) or decides a task (`task_id` with approve, reject, return_*). */
  push: postCall<{ entity: string; id: number; action: 'submit'; comment: string } | { task_id: number; action: string; comment: string }, unknown>(`${BUS}/push`),
  insertUser: postCall<{ task_id: number; user_id: number; comment: string }, unknown>('/crossapi/superdesignapi/cpm-process/insert-user-into-node'),
};
