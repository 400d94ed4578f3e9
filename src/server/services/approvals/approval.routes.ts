import type { FastifyInstance, FastifyRequest } from 'fastify';
import { processBusCalls } from '../../../model/calls/approvals';
import { requireAuth } from '../../access/auth-context';
import { serveCall } from '../../http/calls';
import { AppError, notFound } from '../../http/errors';
import { parsePaging } from '../../http/paging';
import { parseId } from '../../resources/document-input';
import { TASK_DONE, TASK_OPEN } from '../../../model/approval-flow';
import { decisionOf, returnOf } from '../../../model/entities/approval-task.entity';
import { bodyOf, contextOf } from '../../resources/resource.routes';
import { dynamicFormRoutes } from './dynamic-form.routes';
import { allowedRollbackNodes, decide, flowView, myTasks, pidFromUi, submitForApproval } from './approval.service';

type Body = Record<string, unknown>;

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 1000) : null);

function required(v: unknown): number {
  const id = parseId(v);
  if (id === null) throw notFound();
  return id;
}

/**
 * The process bus of spec 7 (`crossapi/ccommonapi/cpm-bus/...`) and the designer's insert-user call,
 * with the shapes the browser needs; which actions and nodes are allowed always comes from here.
 *
 *   GET  cpm-bus/pid-from-ui?entity=&id=                 { pid, status, process_code, process_name, enabled, required, node_seq }
 *   POST cpm-bus/push { entity, id, action: submit, comment }             starts the flow
 *   POST cpm-bus/push { task_id, action: approve|reject|return_*, comment } one decision
 *   POST cpm-bus/rollback-node { task_id, target: return_approver|return_node|return_first, comment }
 *   GET  cpm-bus/cpm-view?entity=&id= | ?pid=            definition, tasks, history, task_id, actions
 *   GET  cpm-bus/cpm-node-actions?entity=&id=            { task_id, actions }
 *   GET  cpm-bus/cpm-allowed-rollback-nodes?entity=&id=  { rows: [{ target, seq, name, user_name? }] }
 *   GET  cpm-bus/my-tasks?status=10|30&page&size         the caller's approval to-do (10) and done (30)
 *   POST superdesignapi/cpm-process/insert-user-into-node { task_id, user_id, comment }
 */
export async function approvalRoutes(app: FastifyInstance): Promise<void> {
  const guard = { preHandler: requireAuth };
  const q = (req: FastifyRequest) => (req.query ?? {}) as Body;
  const target = (b: Body) => ({ entity: b.entity, id: b.id === undefined ? null : required(b.id), pid: b.pid === undefined || b.pid === '' ? null : required(b.pid) });

  serveCall(app, processBusCalls.pidFromUi, guard, async (req) => pidFromUi(contextOf(app, req), q(req).entity, required(q(req).id)));

  serveCall(app, processBusCalls.push, guard, async (req) => {
    const b = bodyOf(req);
    const action = String(b.action ?? '');
    if (action === 'submit') return submitForApproval(contextOf(app, req), b.entity, required(b.id), text(b.comment));
    const decision = decisionOf(action);
    if (!decision) throw new AppError('res.unknownAction', { params: { action } });
    return decide(contextOf(app, req), required(b.task_id), decision.value, { comment: text(b.comment) });
  });

  serveCall(app, processBusCalls.rollback, guard, async (req) => {
    const b = bodyOf(req);
    const to = String(b.target ?? '');
    const back = returnOf(to);
    if (!back) throw new AppError('res.unknownAction', { params: { action: to } });
    return decide(contextOf(app, req), required(b.task_id), back.value, { comment: text(b.comment) });
  });

  const viewOf = (req: FastifyRequest) => {
    const t = target(q(req));
    return flowView(contextOf(app, req), t.entity, t.id, t.pid);
  };
  serveCall(app, processBusCalls.view, guard, viewOf);
  serveCall(app, processBusCalls.nodeActions, guard, async (req) => {
    const v = await viewOf(req);
    // What the drawer's decision buttons need (the record, its number for the dialog's title, the open task and the actions).
    return { pid: v.pid, entity: v.entity, record_id: v.record_id, doc_no: v.doc_no, task_id: v.task_id, actions: v.actions };
  });

  serveCall(app, processBusCalls.rollbackNodes, guard, async (req) => {
    const t = target(q(req));
    return allowedRollbackNodes(contextOf(app, req), t.entity, t.id, t.pid);
  });

  serveCall(app, processBusCalls.myTasks, guard, async (req) => {
    const query = q(req);
    const paging = parsePaging(query.page, query.size, { defaultSize: 20, maxSize: 100 });
    const status = String(query.status ?? TASK_OPEN) === String(TASK_DONE) ? TASK_DONE : TASK_OPEN;
    return { ...(await myTasks(contextOf(app, req), status, paging)), page: paging.page, size: paging.size };
  });

  serveCall(app, processBusCalls.insertUser, guard, async (req) => {
    const b = bodyOf(req);
    return decide(contextOf(app, req), required(b.task_id), 'insert_user', { user_id: required(b.user_id), comment: text(b.comment) });
  });

  // Dynamic forms: cpm-ot/scenario and the records of the company's forms.
  await dynamicFormRoutes(app);
}
