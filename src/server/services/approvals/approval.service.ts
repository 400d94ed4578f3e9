import { sql } from 'kysely';
import type { DocumentSummary as ApprovalDocumentSummary, FlowHistory, FlowTask, FlowView, MyTask } from '../../../model/calls/approvals';
import { allEntities, APPROVAL_APPROVER_FIELD, APPROVAL_EDITABLE_FIELD, APPROVAL_STATUS_FIELD, dictValueLabel, getEntity, requireEntity, translate, type DictItem, type EntityDef, type Language } from '../../../model';
import { accessTypeOf, codesFieldOf, processDef, processDefCopy, processDefErrors } from '../../../model/entities/process-def.entity';
import { readRecords } from '../../resources/record-read';
import { labelIn } from '../../../model/label-text';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { AppError, forbidden, notFound, type FieldError } from '../../http/errors';
import { registerActionGuard, registerActionHandler } from '../../resources/action-handlers';
import { loadChildren, loadRows, tbl } from '../../resources/document-read';
import { copyRecord } from '../../resources/record-copy';
import { transitionParams } from '../../resources/transition-stage';
import { deriveRecords, serviceWrite, updateRecords } from '../../resources/record-writer';
import { assertCan } from '../../resources/permissions';
import { readScope } from '../../resources/resource.service';
import { registerSaveHook, registerTableSaveHook, type SaveHook } from '../../resources/save-hooks';
import { diffRecords, writeAudit } from '../../kernel/audit/audit.service';
import { raiseNotice } from '../notify';
import { insertTask } from '../notify/task.service';
import { documentLink, emitOrderState } from '../orders/cross-tenant.util';
import { DYNAMIC_FORM_CODE_PATTERN, dynamicDictItems } from '../../../model/dynamic-form';
import { FIELD_TYPE_TABLE } from '../../../model/field-types';
import { isRecordApprovalField } from './dynamic-form-approval';
import { loadForm } from './dynamic-form.service';
import { withTenant } from '../../kernel/rls';
import { journalAction, journalTransition } from '../../resources/journal-writer';
import { viewPage } from '../../resources/view-reader';
import { approvalTask, FLOW_DECISIONS, returnOf, type Decision } from '../../../model/entities/approval-task.entity';
import {
  approversOf,
  codesOf,
  firstNodeSeq,
  flowDefinition,
  nextNodeSeq,
  nodeOf,
  previousNodeSeq,
  TASK_CANCELLED,
  TASK_DONE,
  TASK_OPEN,
  type FlowDefinition,
  type FlowNode,
} from '../../../model/approval-flow';

/**
 * Approval flows at run time (issue 14). A document kind that declares `approval` in its entity is
 * submitted into the company's process definition of that code; each node's approvers get a task
 * (state 10) and a notice; their decisions (approve, reject, return to the previous approver, to the
 * previous node, to the first node) move the flow; every step is written to the history. Everything
 * runs in one tenant transaction, and the SQL decides races: the instance row is locked, and a task
 * counts only while it is still open (`update ... where status = 10 returning`).
 */
export type ApprovalContext = { db: Db; auth: AuthContext | null; ip: string | null; language: Language };

type Row = Record<string, unknown>;
type Instance = { id: number; client_id: number; process_id: number; process_code: string; process_name: string; definition: FlowDefinition; entity: string; record_id: number; doc_no: string | null; status: string; node_seq: number | null; round: number; initiator_id: number; started_at: string; finished_at: string | null };

function signedIn(ctx: ApprovalContext): AuthContext & { clientId: number } {
  if (!ctx.auth) throw new AppError('err.unauthorized');
  if (ctx.auth.clientId === null) throw forbidden();
  return ctx.auth as AuthContext & { clientId: number };
}

/**
 * The document kind a flow runs on: a registry entity that declares `approval`, or (issue 35) a form
 * of the company whose records go through the process it names (its code is the kind's name).
 */
async function flowEntity(tx: Db, clientId: number, name: unknown): Promise<EntityDef> {
  const e = typeof name === 'string' ? getEntity(name) : undefined;
  if (e?.approval) return e;
  if (!e && typeof name === 'string' && DYNAMIC_FORM_CODE_PATTERN.test(name)) {
    const form = await loadForm(tx, clientId, name).catch(() => null);
    if (form?.entity.approval) return form.entity;
  }
  throw new AppError('wf.noFlowForEntity');
}

/** Whether a kind is a form's records (rows of dyn_form_record, one form's by its code). */
const isFormRecords = (entity: EntityDef) => entity.table === 'dyn_form_record';

/** A document's number as the approver reads it; a form's record is its form's code and id. */
const docNoOf = (entity: EntityDef, row: Row) => (isFormRecords(entity) ? `${entity.name}-${String(row.id)}` : String(row[entity.codeField ?? entity.titleField] ?? row.id));

/** Where a notice about a flow's document opens it: a form's record in its form's list. */
const flowLink = (entity: EntityDef, id: number) => (isFormRecords(entity) ? `/approvals/forms/${entity.name}?open=${id}` : documentLink(entity.name, id));

// ---------------------------------------------------------------------------------------------
// approvers

async function positionHolders(tx: Db, clientId: number, codes: string[]): Promise<number[]> {
  if (!codes.length) return [];
  const r = await sql<{ user_id: number }>`select distinct p.user_id from md_position p join users u on u.id = p.user_id and u.client_id = p.client_id and u.status = 'active'
    where p.client_id = ${clientId} and upper(p.code) = any(${codes}::text[]) order by p.user_id`.execute(tx);
  return r.rows.map((x) => Number(x.user_id));
}

async function roleHolders(tx: Db, clientId: number, codes: string[]): Promise<number[]> {
  if (!codes.length) return [];
  const lower = codes.map((c) => c.toLowerCase());
  const r = await sql<{ user_id: number }>`select distinct ur.user_id from user_roles ur join roles r on r.id = ur.role_id
    join users u on u.id = ur.user_id and u.client_id = ${clientId} and u.status = 'active'
    where lower(r.code) = any(${lower}::text[]) and (r.client_id is null or r.client_id = ${clientId}) order by ur.user_id`.execute(tx);
  return r.rows.map((x) => Number(x.user_id));
}

/**
 * The initiator's reporting manager from the org and position master data: the holder of a manager
 * position in the org of one of the initiator's positions; when there is none (or it is the
 * initiator), the nearest parent org's.
 */
async function reportingManagers(tx: Db, clientId: number, initiatorId: number): Promise<number[]> {
  const r = await sql<{ user_id: number; depth: number }>`
    with recursive up(org_id, depth) as (
      select p.org_id, 0 from md_position p where p.client_id = ${clientId} and p.user_id = ${initiatorId} and p.org_id is not null
      union all
      select o.parent_id, up.depth + 1 from md_org o join up on o.id = up.org_id where o.client_id = ${clientId} and o.parent_id is not null and up.depth < 50
    )
    select p.user_id, min(up.depth) as depth from md_position p join up on p.org_id = up.org_id
      join users u on u.id = p.user_id and u.client_id = p.client_id and u.status = 'active'
    where p.client_id = ${clientId} and p.is_manager = true and p.user_id <> ${initiatorId}
    group by p.user_id order by 2, 1`.execute(tx);
  if (!r.rows.length) return [];
  const nearest = Number(r.rows[0].depth);
  return r.rows.filter((x) => Number(x.depth) === nearest).map((x) => Number(x.user_id));
}

/**
 * The company's positions and roles a node names: their active holders, which of the codes exist (the
 * definition's rule; a role may be the platform's), and the message of a code that does not.
 */
const NAMED_CODES = {
  position_codes: {
    holders: positionHolders,
    known: (clientId: number, codes: string[]) => sql<{ code: string }>`select upper(code) as code from md_position where client_id = ${clientId} and upper(code) = any(${codes}::text[])`,
    unknown: 'wf.def.unknownPosition',
  },
  role_codes: {
    holders: roleHolders,
    known: (clientId: number, codes: string[]) => sql<{ code: string }>`select upper(code) as code from roles where lower(code) = any(${codes.map((c) => c.toLowerCase())}::text[]) and (client_id is null or client_id = ${clientId})`,
    unknown: 'wf.def.unknownRole',
  },
} as const;

export async function approversAt(tx: Db, clientId: number, node: FlowNode, initiatorId: number): Promise<number[]> {
  // Where the node's access type says its candidates come from: the codes it lists, or the reporting line.
  const field = codesFieldOf(node.access_type);
  const holders = field ? await NAMED_CODES[field].holders(tx, clientId, codesOf(node[field])) : accessTypeOf(node.access_type)?.manager ? await reportingManagers(tx, clientId, initiatorId) : [];
  return approversOf(node.access_type, initiatorId, holders);
}

// ---------------------------------------------------------------------------------------------
// instance moves

/** A flow of the company; `lock`ed, decisions on it queue (the race rule above). */
async function instanceOf(tx: Db, clientId: number, id: number, lock = false): Promise<Instance | undefined> {
  return (await sql<Instance>`select * from wf_instance where id = ${id} and client_id = ${clientId} ${lock ? sql`for update` : sql``}`.execute(tx)).rows[0];
}

async function lockInstance(tx: Db, clientId: number, id: number): Promise<Instance> {
  const inst = await instanceOf(tx, clientId, id, true);
  if (!inst) throw notFound();
  return inst;
}

/** The document a flow runs on, as stored. */
async function recordOf(tx: Db, entity: EntityDef, clientId: number, id: number | null): Promise<Row | undefined> {
  return (await sql<Row>`select * from ${tbl(entity)} where id = ${id} and client_id = ${clientId}`.execute(tx)).rows[0];
}

async function history(tx: Db, inst: Instance, userId: number, action: string, comment: string | null, seq: number | null, targetSeq: number | null = null): Promise<void> {
  const node = nodeOf(inst.definition, seq);
  await sql`insert into wf_history (client_id, instance_id, node_seq, node_name, user_id, action, comment, target_seq)
    values (${inst.client_id}, ${inst.id}, ${seq}, ${node?.name ?? null}, ${userId}, ${action}, ${comment}, ${targetSeq})`.execute(tx);
}

/** Closes the open tasks of the instance (another decision left the node). */
async function cancelOpenTasks(tx: Db, inst: Instance): Promise<void> {
  await sql`update wf_task set status = ${TASK_CANCELLED}, decided_at = now() where instance_id = ${inst.id} and client_id = ${inst.client_id} and status = ${TASK_OPEN}`.execute(tx);
}

/**
 * The one write of a record's approval outcome: its approval status and, when the flow approves it
 * and the entity declares `approvedState`, its state (from a submittable state only), audited; then
 * the company's open lists and drawers hear of it (an `orderstate` message after the commit).
 */
async function setRecordStatus(tx: Db, inst: Instance, status: string, actor: { userId: number; username: string; ip: string | null }, action: string): Promise<void> {
  const entity = await flowEntity(tx, inst.client_id, inst.entity);
  const before = await recordOf(tx, entity, inst.client_id, inst.record_id);
  const stateField = entity.states?.field;
  const decl = entity.approval;
  const moveState = status === 'approved' && stateField && decl?.approvedState && before && decl.submitFrom.includes(String(before[stateField]));
  const set: Record<string, unknown> = { [APPROVAL_STATUS_FIELD]: status, ...(moveState ? { [stateField]: decl.approvedState } : {}) };
  // Audited under the flow's action; the entity's save hooks stay out, as a flow's outcome is no edit of the document.
  const w = serviceWrite(tx, { clientId: inst.client_id, userId: actor.userId, username: actor.username, ip: actor.ip });
  const after = (await updateRecords(w, entity, [inst.record_id], set, { audit: action, hooks: false }))[0];
  if (after && stateField) emitOrderState([inst.client_id], { entity: entity.name, id: inst.record_id, status: String(after[stateField]), from: before ? String(before[stateField]) : null, no: inst.doc_no }, tx);
}

/**
 * After a flow moved: the record names who must decide now (the open tasks' approvers, in task
 * order), or nobody once the flow ends; with `announce`, while the flow runs (another node, another
 * approver), the company's lists hear of the record.
 */
async function flowMoved(tx: Db, clientId: number, pid: number, announce: boolean): Promise<void> {
  const inst = await instanceOf(tx, clientId, pid);
  if (!inst) return;
  const entity = await flowEntity(tx, clientId, inst.entity);
  const approvers = sql`(select string_agg(coalesce(nullif(u.fullname, ''), u.username), '、' order by wt.id) from wf_task wt join users u on u.id = wt.user_id
      where wt.instance_id = ${inst.id} and wt.client_id = ${clientId} and wt.status = ${TASK_OPEN})`;
  await deriveRecords(serviceWrite(tx, { clientId }), entity, [inst.record_id], { [APPROVAL_APPROVER_FIELD]: approvers });
  const field = entity.states?.field;
  const row = announce && inst.status === 'running' && field ? await recordOf(tx, entity, clientId, inst.record_id) : undefined;
  if (row && field) emitOrderState([clientId], { entity: entity.name, id: inst.record_id, status: String(row[field]), from: String(row[field]), no: inst.doc_no }, tx);
}

/** Enters a node: its approvers (or the one user a return names) get a task, and a notice. */
async function enterNode(tx: Db, inst: Instance, seq: number, onlyUser: number | null): Promise<number[]> {
  const node = nodeOf(inst.definition, seq);
  if (!node) throw new AppError('wf.noNode');
  const users = onlyUser !== null ? [onlyUser] : await approversAt(tx, inst.client_id, node, inst.initiator_id);
  if (!users.length) throw new AppError('wf.noApprover', { params: { node: node.name } });
  const round = inst.round + 1;
  await sql`update wf_instance set node_seq = ${seq}, round = ${round} where id = ${inst.id} and client_id = ${inst.client_id}`.execute(tx);
  // The record says whether it may be edited at this node, so its drawer shows it read-only or not.
  await deriveRecords(serviceWrite(tx, { clientId: inst.client_id }), await flowEntity(tx, inst.client_id, inst.entity), [inst.record_id], { [APPROVAL_EDITABLE_FIELD]: Boolean(node.allow_edit) });
  inst.node_seq = seq;
  inst.round = round;
  for (const u of users) {
    await sql`insert into wf_task (client_id, instance_id, node_seq, round, user_id, status) values (${inst.client_id}, ${inst.id}, ${seq}, ${round}, ${u}, ${TASK_OPEN})`.execute(tx);
  }
  await notifyWaiting(tx, inst, node, users);
  return users;
}

async function notifyWaiting(tx: Db, inst: Instance, node: FlowNode, users: number[]): Promise<void> {
  // Each new approver's to-do list (spec 7 notify-msg tasks, state 10) holds the approval too, linked
  // to the approval task so that the decision completes it (completeDecidedTodos).
  // In each approver's own language, as their notices are.
  const langs = await sql<{ id: number; language: string | null }>`select id, language from users where id in (${sql.join(users)}) and client_id = ${inst.client_id}`.execute(tx);
  const langOf = new Map(langs.rows.map((r) => [Number(r.id), r.language === 'en' ? 'en' : 'zh-CN'] as const));
  for (const u of users) {
    const lang = langOf.get(u) ?? 'zh-CN';
    const subject = translate(lang, 'wf.todo.subject', { doc: inst.doc_no ?? '', process: inst.process_name, node: node.name });
    const todo = await insertTask(tx, { clientId: inst.client_id, userId: u }, { subject, priority: 'high', remark: translate(lang, 'wf.todo.remark') });
    await sql`update wf_task set notify_task_id = ${todo} where instance_id = ${inst.id} and client_id = ${inst.client_id} and user_id = ${u}
      and round = ${inst.round} and status = ${TASK_OPEN} and notify_task_id is null`.execute(tx);
  }
  await raiseNotice(tx, {
    clientId: inst.client_id,
    userIds: users,
    kind: 'approval',
    title: '',
    i18n: { title: 'wf.notice.waiting', body: 'wf.notice.waitingBody', params: { doc: inst.doc_no ?? '', process: inst.process_name, node: node.name } },
    link: '/approvals/todo',
    doc_no: inst.doc_no ?? undefined,
  });
}

async function finish(tx: Db, inst: Instance, status: 'approved' | 'rejected', actor: { userId: number; username: string; ip: string | null }): Promise<void> {
  await cancelOpenTasks(tx, inst);
  await sql`update wf_instance set status = ${status}, node_seq = null, finished_at = now() where id = ${inst.id} and client_id = ${inst.client_id}`.execute(tx);
  inst.status = status;
  await setRecordStatus(tx, inst, status, actor, status === 'approved' ? 'wf_approved' : 'wf_rejected');
  const who = (await sql<{ name: string }>`select coalesce(nullif(fullname, ''), username) as name from users where id = ${actor.userId}`.execute(tx)).rows[0]?.name ?? actor.username;
  await raiseNotice(tx, {
    clientId: inst.client_id,
    userIds: [inst.initiator_id],
    kind: 'approval',
    title: '',
    i18n: {
      title: status === 'approved' ? 'wf.notice.approved' : 'wf.notice.rejected',
      body: status === 'approved' ? 'wf.notice.approvedBody' : 'wf.notice.rejectedBody',
      params: { doc: inst.doc_no ?? '', process: inst.process_name, user: who },
    },
    // The notice opens the document it is about.
    link: flowLink(await flowEntity(tx, inst.client_id, inst.entity), inst.record_id),
    doc_no: inst.doc_no ?? undefined,
  });
}

// ---------------------------------------------------------------------------------------------
// submit

/** The company's enabled definition of a process code (its name and whether it is required), if any. */
async function enabledProcess(tx: Db, clientId: number, code: string): Promise<{ id: number; name: string; required: boolean } | undefined> {
  return (await readRecords<{ id: number; name: string; required: boolean }>(tx, processDef, clientId, { where: { code: code.toUpperCase(), enabled: true }, fields: ['id', 'name', 'required'] }))[0];
}

/** A stored definition's nodes and steps (the child rows of `processdef`). */
async function processRows(tx: Db, clientId: number, id: number): Promise<{ nodes: Row[]; steps: Row[] }> {
  const rowsOf = (child: string) => loadChildren(tx, requireEntity(child), 'process_id', clientId, [id], false);
  return { nodes: await rowsOf('processdef_node'), steps: await rowsOf('processdef_step') };
}

async function activeDefinition(tx: Db, clientId: number, code: string): Promise<{ id: number; name: string; required: boolean; def: FlowDefinition } | null> {
  const p = await enabledProcess(tx, clientId, code);
  if (!p) return null;
  const { nodes, steps } = await processRows(tx, clientId, p.id);
  return { ...p, def: flowDefinition(nodes, steps) };
}

type Actor = { userId: number; username: string; ip: string | null };

/** Submits a document into its flow ("for approval"); returns the instance id and the first node's approvers. */
export async function submitForApproval(ctx: ApprovalContext, entityName: unknown, recordId: number, comment: string | null): Promise<{ pid: number; approvers: number[] }> {
  const auth = signedIn(ctx);
  const entity = await withTenant(ctx.db, auth.clientId, (tx) => flowEntity(tx, auth.clientId, entityName));
  const clientId = await assertCan(auth, entity.menuCode, 'action:submit', ctx);
  // A form's records: no data permission (they name a registry table's columns); its JSON store keeps the lock to the form's rows.
  const scope = await readScope(auth, entity, ctx);
  return withTenant(ctx.db, clientId, (tx) => startFlow(tx, clientId, { userId: auth.userId, username: auth.username, ip: ctx.ip }, entity, recordId, comment, scope));
}

/** The submission inside the caller's tenant transaction (the route's, or a seed's). */
export async function startFlow(tx: Db, clientId: number, actor: Actor, entity: EntityDef, recordId: number, comment: string | null, scope: Parameters<typeof loadRows>[4] = []): Promise<{ pid: number; approvers: number[] }> {
  const [row] = await loadRows(tx, entity, clientId, [recordId], scope, true);
  if (!row) throw notFound();
  const decl = entity.approval!;
  if (entity.states && !decl.submitFrom.includes(String(row[entity.states.field]))) throw new AppError('wf.notSubmittable');
  if (row[APPROVAL_STATUS_FIELD] === 'running') throw new AppError('wf.alreadyRunning');
  if (row[APPROVAL_STATUS_FIELD] === 'approved') throw new AppError('wf.alreadyApproved');
  const process = await activeDefinition(tx, clientId, decl.process);
  if (!process || !process.def.nodes.length) throw new AppError('wf.noProcess', { params: { code: decl.process } });
  const docNo = docNoOf(entity, row);
  const inserted = await sql<Instance>`insert into wf_instance (client_id, process_id, process_code, process_name, definition, entity, record_id, doc_no, status, initiator_id)
    values (${clientId}, ${process.id}, ${decl.process}, ${process.name}, ${JSON.stringify(process.def)}::jsonb, ${entity.name}, ${recordId}, ${docNo}, 'running', ${actor.userId})
    on conflict do nothing returning *`.execute(tx);
  const inst = inserted.rows[0];
  if (!inst) throw new AppError('wf.alreadyRunning');
  const first = firstNodeSeq(process.def)!;
  await history(tx, inst, actor.userId, 'submit', comment, null, first);
  const approvers = await enterNode(tx, inst, first, null);
  await setRecordStatus(tx, inst, 'running', actor, 'wf_submit');
  await flowMoved(tx, clientId, inst.id, false);
  return { pid: inst.id, approvers };
}

// ---------------------------------------------------------------------------------------------
// decisions: a task's declared transitions (approval-task.entity.ts), run by the journal writer

/** A decision or 加签 on a task by its approver (the process bus's push, rollback-node and insert-user-into-node): the transition's data. */
export async function decide(ctx: ApprovalContext, taskId: number, action: Decision | 'insert_user', body: Row): Promise<unknown> {
  return (await journalAction(ctx, approvalTask, action, { ...body, ids: [taskId] })).data[0];
}

/** A decision inside a company's transaction (a seed's), by one of its users. */
export async function decideIn(tx: Db, clientId: number, actor: Actor, taskId: number, decision: Decision, comment: string | null): Promise<unknown> {
  const auth: AuthContext = { userId: actor.userId, username: actor.username, fullname: actor.username, clientId, sessionId: '', roles: [], isSuper: false, platformId: '', language: 'zh-CN', tokenExp: 0 };
  return (await journalTransition(tx, { auth, clientId, ip: actor.ip }, approvalTask, decision, { ids: [taskId], comment })).data[0];
}

/** The last approver before the current node (a return to the previous approver goes to them alone). */
async function previousApprover(tx: Db, inst: Instance): Promise<{ user_id: number; node_seq: number; user_name: string } | null> {
  const r = await sql<{ user_id: number; node_seq: number; user_name: string | null }>`select t.user_id, t.node_seq, u.fullname as user_name from wf_task t
      left join users u on u.id = t.user_id and u.client_id = t.client_id
    where t.instance_id = ${inst.id} and t.client_id = ${inst.client_id} and t.status = ${TASK_DONE} and t.decision = 'approve' and t.round < ${inst.round}
    order by t.decided_at desc, t.id desc limit 1`.execute(tx);
  return r.rows[0] ? { user_id: Number(r.rows[0].user_id), node_seq: Number(r.rows[0].node_seq), user_name: r.rows[0].user_name ?? '' } : null;
}

type ReturnTarget = { target: NonNullable<ReturnType<typeof returnOf>>['value']; seq: number; user_id?: number; user_name?: string };

/**
 * Where a running flow may be returned from its current node: the last approver of an earlier round,
 * the previous node and the first node (the two node returns only from a node after the first).
 * One function for the decision itself, the actions offered and the rollback targets listed, so the
 * screens never offer a return the server refuses, nor the server accept one they do not offer.
 */
async function returnTargets(tx: Db, inst: Instance): Promise<ReturnTarget[]> {
  if (inst.status !== 'running' || inst.node_seq === null) return [];
  const out: ReturnTarget[] = [];
  const p = await previousApprover(tx, inst);
  if (p) out.push({ target: 'return_approver', seq: p.node_seq, user_id: p.user_id, user_name: p.user_name });
  const prev = previousNodeSeq(inst.definition, inst.node_seq);
  if (prev !== null) {
    out.push({ target: 'return_node', seq: prev });
    out.push({ target: 'return_first', seq: firstNodeSeq(inst.definition)! });
  }
  return out;
}

/** The to-do tasks of approval tasks no longer open (decided, or left by another decision) are completed (30). */
async function completeDecidedTodos(tx: Db, clientId: number, pid: number): Promise<void> {
  const target = {
    from: sql`wf_task w`,
    where: sql`w.instance_id = ${pid} and w.client_id = ${clientId} and w.status <> ${TASK_OPEN} and t.id = w.notify_task_id and t.client_id = w.client_id and t.status = '10'`,
  };
  await updateRecords(serviceWrite(tx, { clientId }), 'task', target, { status: '30', completed_at: sql`now()` }, { audit: 'complete', hooks: false });
}

/** Where the flow goes once a task is decided (and closed by the writer): the next node or the end, the rejection, the return's node. */
async function moveAfterDecision(tx: Db, inst: Instance, actor: Actor, decision: Decision, target: ReturnTarget | undefined): Promise<void> {
  const seq = inst.node_seq;
  const node = nodeOf(inst.definition, seq)!;
  if (decision === 'approve') {
    const open = Number((await sql<{ n: number }>`select count(*)::int as n from wf_task where instance_id = ${inst.id} and client_id = ${inst.client_id} and status = ${TASK_OPEN} and round = ${inst.round}`.execute(tx)).rows[0].n);
    // And-sign: the node waits for every approver; or-sign: the first approval decides for all.
    if (node.sign_type === 'and' && open > 0) return;
    await cancelOpenTasks(tx, inst);
    const next = nextNodeSeq(inst.definition, node.seq);
    if (next === null) {
      await history(tx, inst, actor.userId, 'end', null, seq);
      await finish(tx, inst, 'approved', actor);
    } else await enterNode(tx, inst, next, null);
  } else if (decision === 'reject') {
    await finish(tx, inst, 'rejected', actor);
  } else {
    await cancelOpenTasks(tx, inst);
    await enterNode(tx, inst, target!.seq, target!.user_id ?? null);
  }
}

/**
 * What a task's transitions do to its flow, once the journal writer found the task the caller's and
 * waiting: the flow's instance is locked first, so decisions on one flow queue; a return with
 * nowhere to go is refused before anything is written; the writer closes the task (guarded by its
 * waiting state: of concurrent decisions on one step, two clicks or two or-sign approvers, exactly
 * one counts and the others get `wf.alreadyDecided`); then the flow moves, the to-dos of tasks no
 * longer open are completed and the record names who must decide now.
 */
function registerTaskTransitions(): void {
  for (const d of FLOW_DECISIONS) {
    registerActionHandler(approvalTask.name, d.value, async ({ tx, clientId, row, auth, ip, params }) => {
      const actor = { userId: auth.userId, username: auth.username, ip };
      const inst = await lockInstance(tx, clientId, Number(row.instance_id));
      const back = returnOf(d.value);
      // The same targets the screens are offered (cpm-node-actions, cpm-allowed-rollback-nodes).
      const target = back ? (await returnTargets(tx, inst)).find((x) => x.target === d.value) : undefined;
      if (back && !target) throw new AppError(back.refused);
      const seq = inst.node_seq;
      return {
        patch: { decision: d.value, decided_at: sql`now()` },
        after: async () => {
          await history(tx, inst, actor.userId, d.value, (params.comment as string | null) ?? null, seq, target?.seq ?? null);
          await moveAfterDecision(tx, inst, actor, d.value, target);
          await completeDecidedTodos(tx, clientId, inst.id);
          await flowMoved(tx, clientId, inst.id, true);
          return { pid: inst.id, status: inst.status, node_seq: inst.node_seq };
        },
      };
    });
  }
  // 加签 (spec 7 insert-user-into-node): one more approver of the current round, an active user of the company.
  registerActionHandler(approvalTask.name, 'insert_user', async ({ tx, clientId, row, auth, params }) => {
    const inst = await lockInstance(tx, clientId, Number(row.instance_id));
    const userId = Number(params.user_id);
    const user = (await sql<Row>`select id from users where id = ${userId} and client_id = ${clientId} and status = 'active'`.execute(tx)).rows[0];
    if (!user) throw new AppError('err.validation', { fields: { user_id: { key: 'rule.referenceMissing' } } });
    return {
      after: async () => {
        const added = await sql<Row>`insert into wf_task (client_id, instance_id, node_seq, round, user_id, status, inserted_by)
          values (${clientId}, ${inst.id}, ${inst.node_seq}, ${inst.round}, ${userId}, ${TASK_OPEN}, ${auth.userId}) on conflict do nothing returning id`.execute(tx);
        if (!added.rows.length) throw new AppError('wf.alreadyApprover');
        // The history's target of an insertion is the user added.
        await history(tx, inst, auth.userId, 'insert_user', (params.comment as string | null) ?? null, inst.node_seq, userId);
        await notifyWaiting(tx, inst, nodeOf(inst.definition, inst.node_seq)!, [userId]);
        await flowMoved(tx, clientId, inst.id, true);
        return { pid: inst.id, task_id: Number(added.rows[0].id) };
      },
    };
  });
}

// ---------------------------------------------------------------------------------------------
// reads

async function latestInstance(tx: Db, clientId: number, entity: string, recordId: number): Promise<Instance | null> {
  return (await sql<Instance>`select * from wf_instance where client_id = ${clientId} and entity = ${entity} and record_id = ${recordId} order by id desc limit 1`.execute(tx)).rows[0] ?? null;
}

/** A caller may read a record's flow with read access to its kind, or as one of its approvers. */
async function readableInstance(ctx: ApprovalContext, entityName: unknown, recordId: number | null, pid: number | null): Promise<{ auth: AuthContext & { clientId: number }; inst: Instance | null; entity: EntityDef }> {
  const auth = signedIn(ctx);
  const clientId = auth.clientId;
  // The flow (by its id, else the record's latest), the kind it runs on, and whether the caller holds a task in it.
  const { found, entity, mine } = await withTenant(ctx.db, clientId, async (tx) => {
    const found = pid !== null ? ((await instanceOf(tx, clientId, pid)) ?? null) : await latestInstance(tx, clientId, String(entityName), recordId ?? 0);
    const entity = await flowEntity(tx, clientId, found?.entity ?? entityName);
    const mine = found ? (await sql`select 1 from wf_task where instance_id = ${found.id} and client_id = ${clientId} and user_id = ${auth.userId} limit 1`.execute(tx)).rows.length > 0 : false;
    return { found, entity, mine };
  });
  if (!mine && found?.initiator_id !== auth.userId) await assertCan(auth, entity.menuCode, 'read', ctx);
  if (!found && recordId !== null) {
    // Whether the caller sees the record (a form's records are read as its form's rows: their read source).
    const scope = await readScope(auth, entity, ctx);
    if (!(await withTenant(ctx.db, clientId, (tx) => loadRows(tx, entity, clientId, [recordId], scope, false))).length) throw notFound();
  }
  return { auth, inst: found, entity };
}

/** What the caller may do now on a record's flow, decided on the server (spec 7 cpm-node-actions). */
async function allowedActions(tx: Db, inst: Instance | null, entity: EntityDef, record: Row | null, userId: number): Promise<{ task_id: number | null; actions: Array<{ action: string; label_key: string; text?: string | null }> }> {
  const actions: Array<{ action: string; label_key: string; text?: string | null }> = [];
  if (!inst || inst.status !== 'running') {
    const decl = entity.approval!;
    const state = entity.states ? String(record?.[entity.states.field]) : '';
    // A submission is offered only where it can start: the company has the process enabled (issue 35).
    const submittable = record && (!entity.states || decl.submitFrom.includes(state)) && record[APPROVAL_STATUS_FIELD] !== 'approved' && record[APPROVAL_STATUS_FIELD] !== 'running';
    if (record && submittable && (await enabledProcess(tx, Number(record.client_id), decl.process))) actions.push({ action: 'submit', label_key: 'wf.action.submit' });
    return { task_id: null, actions };
  }
  const task = (await sql<Row>`select id from wf_task where instance_id = ${inst.id} and client_id = ${inst.client_id} and user_id = ${userId} and status = ${TASK_OPEN} and round = ${inst.round} limit 1`.execute(tx)).rows[0];
  if (!task) return { task_id: null, actions };
  const node = nodeOf(inst.definition, inst.node_seq)!;
  const next = nextNodeSeq(inst.definition, node.seq);
  // Approve (named by the node's launch text while a node follows), reject, and the returns that have somewhere to go, in their declared order and words.
  const returns = new Set<Decision>((await returnTargets(tx, inst)).map((r) => r.target));
  for (const d of FLOW_DECISIONS) if (!('returns' in d) || returns.has(d.value)) actions.push({ action: d.value, label_key: d.actionKey, ...(d.value === 'approve' ? { text: next !== null ? node.launch_text : null } : {}) });
  actions.push({ action: 'insert_user', label_key: 'wf.action.insertUser' });
  return { task_id: Number(task.id), actions };
}

/** The flow of a record (spec 7 cpm-view): definition, where it stands, tasks and history, and what the caller may do. */
export async function flowView(ctx: ApprovalContext, entityName: unknown, recordId: number | null, pid: number | null): Promise<FlowView> {
  const { auth, inst, entity } = await readableInstance(ctx, entityName, recordId, pid);
  const clientId = auth.clientId;
  return withTenant(ctx.db, clientId, async (tx) => {
    const record = (await recordOf(tx, entity, clientId, inst?.record_id ?? recordId)) ?? null;
    const process = inst ? null : await activeDefinition(tx, clientId, entity.approval!.process);
    const definition = inst?.definition ?? process?.def ?? { nodes: [], steps: [] };
    const tasks = inst
      ? (await sql<FlowTask>`select t.id, t.node_seq, t.round, t.user_id, u.fullname as user_name, t.status, t.decision, t.comment, t.created_at, t.decided_at, t.inserted_by
          from wf_task t left join users u on u.id = t.user_id where t.instance_id = ${inst.id} and t.client_id = ${clientId} order by t.id`.execute(tx)).rows
      : [];
    const hist = inst
      ? (await sql<FlowHistory>`select h.id, h.node_seq, h.node_name, h.user_id, u.fullname as user_name, h.action, h.comment, h.target_seq, h.created_at
          from wf_history h left join users u on u.id = h.user_id where h.instance_id = ${inst.id} and h.client_id = ${clientId} order by h.id`.execute(tx)).rows
      : [];
    const allowed = await allowedActions(tx, inst, entity, record, auth.userId);
    return {
      pid: inst?.id ?? null,
      entity: entity.name,
      record_id: Number(inst?.record_id ?? recordId),
      doc_no: inst?.doc_no ?? (record ? docNoOf(entity, record) : null),
      process_code: inst?.process_code ?? entity.approval!.process,
      process_name: inst?.process_name ?? process?.name ?? null,
      status: inst?.status ?? null,
      approval_status: (record?.[APPROVAL_STATUS_FIELD] as string | null | undefined) ?? null,
      node_seq: inst?.node_seq ?? null,
      initiator_id: inst?.initiator_id ?? null,
      definition,
      tasks,
      history: hist,
      // What the approver reads to decide (issue 29): the document's key figures and lines.
      summary: record ? await documentSummary(tx, entity, clientId, Number(record.id), ctx.language) : null,
      ...allowed,
    };
  });
}

/** The nodes a return may go to now (spec 7 cpm-allowed-rollback-nodes). */
export async function allowedRollbackNodes(ctx: ApprovalContext, entityName: unknown, recordId: number | null, pid: number | null) {
  const { auth, inst } = await readableInstance(ctx, entityName, recordId, pid);
  if (!inst || inst.status !== 'running' || inst.node_seq === null) return { rows: [] };
  return withTenant(ctx.db, auth.clientId, async (tx) => ({ rows: (await returnTargets(tx, inst)).map((r) => ({ ...r, name: nodeOf(inst.definition, r.seq)?.name ?? '' })) }));
}

/**
 * The process of a record as the UI asks for it (spec 7 pid-from-ui): its latest instance, else none
 * yet; and which process applies to it: the code its kind names, the company's definition's name,
 * whether the company has it enabled (a submission needs it) and requires it.
 */
export async function pidFromUi(ctx: ApprovalContext, entityName: unknown, recordId: number) {
  const { auth, inst, entity } = await readableInstance(ctx, entityName, recordId, null);
  const code = inst?.process_code ?? entity.approval!.process;
  const def = await withTenant(ctx.db, auth.clientId, (tx) => enabledProcess(tx, auth.clientId, code));
  return {
    pid: inst?.id ?? null,
    status: inst?.status ?? null,
    process_code: code,
    process_name: inst?.process_name ?? def?.name ?? null,
    enabled: Boolean(def),
    required: def?.required === true,
    node_seq: inst?.node_seq ?? null,
  };
}

/** What the approver reads of a document: the reply type the approval screens declare. */
export type DocumentSummary = ApprovalDocumentSummary;
export type SummaryField = DocumentSummary['fields'][number];

/** A stored value as the approver reads it: a reference by its name, a choice by its label, a number as stored. */
function summaryText(entity: EntityDef, key: string, row: Row, language: Language, options?: Map<string, DictItem[]>): string {
  const f = entity.fields.find((x) => x.key === key);
  const v = row[key];
  if (v === null || v === undefined || v === '') return '';
  if (f?.type === 'reference') return String(row[`${key}__label`] ?? v);
  if (f?.dict) return labelIn(dictValueLabel(f.dict, String(v), options), language);
  return f?.type === 'date' ? String(v).slice(0, 10) : String(v);
}

/**
 * What the approver must see to decide (issue 29): the fields and lines the entity's `approval.summary`
 * names, read in the approver's company (the approver holds a task in it; no menu right is needed).
 */
async function documentSummary(tx: Db, entity: EntityDef, clientId: number, recordId: number, language: Language): Promise<DocumentSummary | null> {
  const decl = isFormRecords(entity) ? { fields: formSummaryFields(entity), lines: undefined } : entity.approval?.summary;
  if (!decl) return null;
  // A form's record is read like any document (its fields as columns of its read source), a choice named by the form's own options.
  const [row] = await loadRows(tx, entity, clientId, [recordId], [], false);
  const form = row && isFormRecords(entity) ? await loadForm(tx, clientId, entity.name).catch(() => null) : null;
  if (!row) return null;
  const options = form ? dynamicDictItems(form.form.code, form.definition) : undefined;
  const label = (e: EntityDef, key: string) => labelIn(e.fields.find((x) => x.key === key)?.label ?? { zh: key, en: key }, language);
  const fields = decl.fields.map((key) => ({ key, label: label(entity, key), value: row[key] ?? null, text: summaryText(entity, key, row, language, options) }));
  let lines: DocumentSummary['lines'] = null;
  const child = decl.lines && entity.children?.find((c) => c.key === decl.lines!.child);
  if (decl.lines && child) {
    const ce = requireEntity(child.entity);
    const rows = await loadChildren(tx, ce, child.foreignKey, clientId, [recordId], true);
    rows.sort((a, b) => Number(a.seq ?? 0) - Number(b.seq ?? 0) || Number(a.id) - Number(b.id));
    const keys = decl.lines.fields;
    const numeric = (key: string) => FIELD_TYPE_TABLE[ce.fields.find((f) => f.key === key)?.type ?? 'text'].nature === 'number';
    lines = { columns: keys.map((key) => ({ key, label: label(ce, key), numeric: numeric(key) })), rows: rows.map((r) => Object.fromEntries(keys.map((k) => [k, summaryText(ce, k, r, language)]))) };
  }
  return { fields, lines };
}

/** Field types a form record's summary leaves out: ids of picked records and structures read as text nowhere. */
const UNSUMMARISED = new Set(['reference', 'tree', 'image', 'markdown']);

/** What the approver reads of a form's record (issue 35): its first six plain fields as filled, no lines. */
const formSummaryFields = (entity: EntityDef) =>
  entity.fields.filter((f) => !isRecordApprovalField(f.key) && FIELD_TYPE_TABLE[f.type].storage === 'scalar' && !UNSUMMARISED.has(f.type)).slice(0, 6).map((f) => f.key);

/**
 * The caller's approval tasks (spec 7 my-tasks: 10 waiting, 30 decided), newest first: the rows of
 * 我的审批's list (the view `wftask`, one reader for both), with the kind's name and what the approver reads.
 */
export async function myTasks(ctx: ApprovalContext, status: number, paging: { page: number; size: number }): Promise<{ total: number; rows: MyTask[] }> {
  const auth = signedIn(ctx);
  const page = await viewPage(ctx, approvalTask, { tab: String(status), page: String(paging.page), size: String(paging.size), sort: '-id' });
  return withTenant(ctx.db, auth.clientId, async (tx) => {
    const rows: MyTask[] = [];
    for (const r of page.rows) {
      // A form's records are named by the form (issue 35); a kind no longer declared keeps its name.
      const e = getEntity(String(r.record_entity)) ?? (await flowEntity(tx, auth.clientId, r.record_entity).catch(() => undefined));
      const summary = e ? await documentSummary(tx, e, auth.clientId, Number(r.record_id), ctx.language) : null;
      rows.push({ ...(r as MyTask), task_id: Number(r.id), status: Number(r.status), pid: Number(r.pid), entity: String(r.record_entity), record_id: Number(r.record_id), entity_label: e ? labelIn(e.label, ctx.language) : String(r.record_entity), summary });
    }
    return { total: page.total ?? 0, rows };
  });
}

// ---------------------------------------------------------------------------------------------
// the writer's guards and the definition's own rules

/**
 * Whether a save changes an approved document: a writable header field, or the lines of a child
 * collection it brings, each compared as the writer's audit compares them (diffRecords), the lines
 * in any order (each brought line matches one stored line it would not change).
 */
async function documentChanged(tx: Db, clientId: number, entity: EntityDef, before: Row, values: Row, children: Record<string, Row[]> | undefined): Promise<boolean> {
  const keys = entity.fields.filter((f) => !f.readonly).map((f) => f.key);
  if (diffRecords(keys, before, { ...before, ...values }).length) return true;
  for (const c of entity.children ?? []) {
    const rows = children?.[c.key];
    if (!rows) continue;
    const child = requireEntity(c.entity);
    const ckeys = child.fields.filter((f) => !f.readonly).map((f) => f.key);
    const pool = await loadChildren(tx, child, c.foreignKey, clientId, [Number(before.id)], false);
    for (const r of rows) {
      const i = pool.findIndex((stored) => !diffRecords(ckeys, stored, r).length);
      if (i < 0) return true;
      pool.splice(i, 1);
    }
    if (pool.length) return true;
  }
  return false;
}

let registered = false;

/**
 * Registers the flow's guards on every entity that declares `approval` (the document writer refuses
 * field edits and removal while a flow holds the record; its gated actions wait for the approval),
 * and the process definition's own rules and its copy action.
 */
export function registerApprovalHooks(): void {
  if (registered) return;
  registered = true;
  for (const entity of allEntities().filter((e) => e.approval)) {
    registerSaveHook(entity.name, flowGuard);
    registerGatedActions(entity);
  }
  // A form's records (entities declared at run time, named by their form, all in one table) are held by their flow as any document is.
  registerTableSaveHook('dyn_form_record', flowGuard);
  registerProcessDefHooks();
  registerTaskTransitions();
}

/** The guards of a flow on a document kind that declares `approval`: saves and removal while in a flow, a changed approved document. */
const flowGuard: SaveHook = {
  validate: async ({ tx, clientId, entity, before, values, children, source, memo }) => {
    // The record says whether its flow's current node allows edits (set whenever the flow enters a node).
    if (before && before[APPROVAL_STATUS_FIELD] === 'running' && before[APPROVAL_EDITABLE_FIELD] !== true) throw new AppError('wf.inFlow');
    // An approved document that a person changes (form or import) is approved no longer: its gated
    // actions wait for a new submission, as they would for a document never approved.
    if (entity.approval && before && before[APPROVAL_STATUS_FIELD] === 'approved' && (source === 'form' || source === 'import') && (await documentChanged(tx, clientId, entity, before, values, children)))
      memo.set(`wf.reset:${entity.name}:${String(before.id)}`, true);
  },
  afterWrite: async ({ tx, clientId, entity, ids, created, memo, actor }) => {
    if (created) return;
    for (const id of ids) {
      if (!memo.get(`wf.reset:${entity.name}:${id}`)) continue;
      const w = serviceWrite(tx, { clientId, userId: actor.userId, username: actor.username, ip: actor.ip });
      // Part of the save that voided the approval (it set version and stamps): derived, audited below as wf_reset.
      await deriveRecords(w, entity, [id], { [APPROVAL_STATUS_FIELD]: null, [APPROVAL_EDITABLE_FIELD]: null });
      const changes: Array<{ field: string; old: unknown; new: unknown }> = [{ field: APPROVAL_STATUS_FIELD, old: 'approved', new: null }];
      // The state the approval set goes back to the initial one with it (it is no longer approved).
      const states = entity.states;
      const approvedState = entity.approval?.approvedState;
      if (states && approvedState) {
        const back = await deriveRecords(w, entity, { where: sql`t.id = ${id} and ${sql.ref(`t.${states.field}`)} = ${approvedState}` }, { [states.field]: states.initial });
        if (back) changes.push({ field: states.field, old: approvedState, new: states.initial });
      }
      await writeAudit(tx, { clientId, userId: actor.userId, username: actor.username, ip: actor.ip }, entity.name, id, 'wf_reset', changes);
    }
  },
  beforeRemove: async ({ rows }) => {
    if (rows.some((r) => r[APPROVAL_STATUS_FIELD] === 'running')) throw new AppError('wf.inFlow');
  },
};

/** An entity's actions the flow gates (`approval.before`): refused while running, after a rejection, and before any submission where required. */
function registerGatedActions(entity: EntityDef): void {
  registerActionGuard(entity.name, async ({ tx, clientId, row, action }) => {
    if (!entity.approval!.before?.includes(action)) return;
    const status = row[APPROVAL_STATUS_FIELD];
    if (status === 'approved') return;
    if (status === 'running') throw new AppError('wf.waitingApproval');
    if (status === 'rejected') throw new AppError('wf.rejectedInApproval');
    if ((await enabledProcess(tx, clientId, entity.approval!.process))?.required) throw new AppError('wf.approvalRequired');
  });
}

/** The process definition's own rules (its nodes' positions and roles exist) and its copy action. */
function registerProcessDefHooks(): void {
  registerSaveHook('processdef', {
    validate: async ({ tx, clientId, before, children, errors }) => {
      const stored = before && !(children?.nodes && children.steps) ? await processRows(tx, clientId, Number(before.id)) : null;
      const nodes = children?.nodes ?? stored?.nodes ?? [];
      const steps = children?.steps ?? stored?.steps ?? [];
      const found: Record<string, FieldError> = { ...processDefErrors({ nodes, steps }) };
      // Positions and roles a node names exist in the company (or are the platform's roles); the first missing code is named.
      for (const [i, n] of nodes.entries()) {
        const field = codesFieldOf(n.access_type);
        const codes = field ? codesOf(n[field] as string | null) : [];
        if (!field || !codes.length) continue;
        const known = new Set((await NAMED_CODES[field].known(clientId, codes).execute(tx)).rows.map((r) => r.code));
        const missing = codes.find((c) => !known.has(c));
        if (missing) found[`nodes[${i}].${field}`] ??= { key: NAMED_CODES[field].unknown, params: { code: missing } };
      }
      for (const [k, v] of Object.entries(found)) errors[k] ??= typeof v === 'string' ? { key: v } : v;
    },
  });

  // Copying a process: its declared copy (a new code and name checked as its parameters), written by the engine's copyRecord.
  registerActionHandler('processdef', 'copy', async (ctx) => {
    const { params, errors } = transitionParams(processDefCopy, ctx.params);
    if (Object.keys(errors).length) throw new AppError('err.validation', { fields: errors });
    return copyRecord({ ...ctx, transition: processDefCopy, params });
  });
}
