import { api } from '../../api/client';

/** The process bus calls (spec 7 cpm-bus) as the approvals screens use them. */
const BUS = '/crossapi/ccommonapi/cpm-bus';

export type FlowNodeView = { seq: number; name: string; sign_type: 'and' | 'or'; access_type: string; launch_text: string | null; is_end: boolean };
export type FlowStepView = { step_code: string; from_seq: number; to_seq: number | null };
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
};
/** What the approver must see to decide (issue 29): key fields and lines, as text in the caller's language. */
export type DocumentSummary = {
  fields: Array<{ key: string; label: string; value: unknown; text: string }>;
  lines: { columns: Array<{ key: string; label: string }>; rows: Array<Record<string, string>> } | null;
};
export type MyTask = { summary?: DocumentSummary | null; task_id: number; status: number; pid: number; entity: string; entity_label: string; record_id: number; doc_no: string; process_name: string; node_name: string; initiator_name: string; created_at: string; decided_at: string | null; decision: string | null; flow_status: string };
export type RollbackTarget = { target: string; seq: number; name: string; user_name?: string };

export const approvalApi = {
  view: (entity: string, id: number) => api.get<FlowView>(`${BUS}/cpm-view`, { entity, id }),
  myTasks: (status: 10 | 30, page = 1) => api.get<{ rows: MyTask[]; total: number }>(`${BUS}/my-tasks`, { status, page, size: 50 }),
  rollbackNodes: (entity: string, id: number) => api.get<{ rows: RollbackTarget[] }>(`${BUS}/cpm-allowed-rollback-nodes`, { entity, id }),
  submit: (entity: string, id: number, comment: string) => api.post(`${BUS}/push`, { entity, id, action: 'submit', comment }),
  decide: (taskId: number, action: string, comment: string) => api.post(`${BUS}/push`, { task_id: taskId, action, comment }),
  insertUser: (taskId: number, userId: number, comment: string) => api.post('/crossapi/superdesignapi/cpm-process/insert-user-into-node', { task_id: taskId, user_id: userId, comment }),
};
