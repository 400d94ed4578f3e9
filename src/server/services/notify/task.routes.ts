import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf, pagingOf, text, type Input } from '../../access/input.util';
import { taskCalls } from '../../../model/calls/notify';
import { serveCall } from '../../http/calls';
import { forbidden, validationError } from '../../http/errors';
import { MAX_INT_ID, parseIdList } from '../../http/id-list';
import { changeTaskStatus, myTasks, pageTasks, removeTasks, saveTask, type TaskOwner } from './task.service';

/** The caller as a task owner: a user of a company (the platform's super administrator has none). */
export function taskOwnerOf(req: FastifyRequest): TaskOwner {
  const auth = authOf(req);
  if (auth.clientId == null) throw forbidden();
  return { clientId: auth.clientId, userId: auth.userId };
}

/** Spec 7 bodies are form-encoded `data` (JSON text) or plain fields: both are read, `data` first. */
export function dataOf(req: FastifyRequest): Input {
  const input = inputOf(req);
  const raw = input.data;
  if (typeof raw === 'string' && raw.trim().startsWith('{')) {
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return { ...input, ...(parsed as Input) };
    } catch {
      throw validationError({ data: { key: 'access.invalidValue' } });
    }
  }
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) return { ...input, ...(raw as Input) };
  return input;
}

/** Ids from `id` or `ids` (a list, or text "1,2,3"); at most MAX_IDS_PER_CALL (http/id-list.ts). */
export function idsOf(input: Input): number[] {
  return parseIdList(input.ids ?? input.id, { maxId: MAX_INT_ID, invalid: () => validationError({ id: { key: 'access.invalidValue' } }) });
}

const STATUS = new Set(['10', '30']);

/**
 * Spec 7 notify-msg, the task part (spec 3 task; spec 4 states 10 in progress, 30 completed). Every
 * call is the caller's own tasks in their own company (SQL filter plus row-level security):
 *   GET    /notifyapi/notify-msg/my-task-list?status=10        -> { rows }
 *   GET    /notifyapi/notify-msg/page-task-list?page&size&status&keyword -> { rows, total, page, size }
 *   POST   /notifyapi/notify-msg/task-save { id?, version?, subject, due_date, priority, remark } -> task
 *   POST   /notifyapi/notify-msg/task-change-status { id, status, version? } -> task
 *   DELETE /notifyapi/notify-msg/task-remove?id=1 (or ids=1,2) -> { removed }
 */
export async function taskRoutes(app: FastifyInstance): Promise<void> {
  const statusOf = (input: Input): string | undefined => {
    const s = text(input, 'status', { max: 4 });
    if (s !== undefined && !STATUS.has(s)) throw validationError({ status: { key: 'rule.notInDictionary' } });
    return s;
  };
  const guard = { preHandler: requireAuth };
  serveCall(app, taskCalls.mine, guard, async (req) => {
    const input = inputOf(req);
    return { rows: await myTasks(app.db, taskOwnerOf(req), statusOf(input) ?? '10') };
  });
  serveCall(app, taskCalls.page, guard, async (req) => {
    const input = inputOf(req);
    return pageTasks(app.db, taskOwnerOf(req), { ...pagingOf(input), status: statusOf(input), keyword: text(input, 'keyword', { max: 100 }) });
  });
  serveCall(app, taskCalls.save, guard, async (req) => saveTask(app.db, taskOwnerOf(req), dataOf(req)));
  serveCall(app, taskCalls.changeStatus, guard, async (req) => {
    const input = dataOf(req);
    const [id] = idsOf({ id: input.id });
    if (!id) throw validationError({ id: { key: 'rule.required' } });
    const status = statusOf(input);
    if (!status) throw validationError({ status: { key: 'rule.required' } });
    const version = input.version === undefined || input.version === '' ? undefined : Number(input.version);
    return changeTaskStatus(app.db, taskOwnerOf(req), id, status, Number.isSafeInteger(version) ? version : undefined);
  });
  serveCall(app, taskCalls.remove, guard, async (req) => ({ removed: await removeTasks(app.db, taskOwnerOf(req), idsOf(inputOf(req))) }));
}
