import { sql } from 'kysely';
import type { EntityDef } from '../../../model';
import { task } from '../../../model/entities/task.entity';
import type { Db } from '../../db/database';
import { AppError, notFound, validationError } from '../../http/errors';
import { withTenant } from '../../kernel/rls';
import { writeDocument } from '../../resources/document-writer';
import { insertRecords, removeRecords, serviceWrite, updateRecords } from '../../resources/record-writer';

/** A task as the notify-msg calls answer it (spec 3: subject, status, due date, priority). */
export type TaskRow = {
  id: number; version: number; subject: string; status: string; due_date: string | null; priority: string;
  remark: string | null; completed_at: string | null; created_at: string; updated_at: string;
};

/** The caller: a user of one company. Every statement below filters on both, in SQL. */
export type TaskOwner = { clientId: number; userId: number };

const COLUMNS = sql`id::int as id, version::int as version, subject, status, to_char(due_date, 'YYYY-MM-DD') as due_date, priority, remark,
  completed_at, created_at, updated_at`;

/**
 * The transition of an entity's state machine that moves `from` to `to` (spec 4 states declared in
 * the entity), or null when the machine has none.
 */
export function transitionTo(entity: EntityDef, from: string, to: string): string | null {
  const t = entity.states?.transitions.find((x) => x.to === to && x.from.includes(from));
  return t ? t.action : null;
}

/** Paged list of the caller's tasks, in progress first, then by due date (none last), newest. */
export async function pageTasks(db: Db, who: TaskOwner, q: { page: number; size: number; status?: string; keyword?: string }): Promise<{ rows: TaskRow[]; total: number; page: number; size: number }> {
  return withTenant(db, who.clientId, async (tx) => {
    const where = sql`client_id = ${who.clientId} and user_id = ${who.userId}
      ${q.status ? sql`and status = ${q.status}` : sql``}
      ${q.keyword ? sql`and subject ilike ${`%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``}`;
    const total = (await sql<{ n: number }>`select count(*)::int as n from notify_task where ${where}`.execute(tx)).rows[0].n;
    const rows = await sql<TaskRow>`select ${COLUMNS} from notify_task where ${where}
      order by status asc, due_date asc nulls last, id desc limit ${q.size} offset ${(q.page - 1) * q.size}`.execute(tx);
    return { rows: rows.rows, total, page: q.page, size: q.size };
  });
}

/** The caller's tasks in one state (default in progress), soonest due first: the home page's to-do. */
export async function myTasks(db: Db, who: TaskOwner, status = '10', limit = 50): Promise<TaskRow[]> {
  return (await pageTasks(db, who, { page: 1, size: limit, status })).rows;
}

async function ownTask(tx: Db, who: TaskOwner, id: number): Promise<TaskRow> {
  const r = await sql<TaskRow>`select ${COLUMNS} from notify_task where id = ${id} and client_id = ${who.clientId} and user_id = ${who.userId}`.execute(tx);
  // Another user's task is "not found": the call never tells whether an id exists elsewhere.
  if (!r.rows.length) throw notFound('task.notFound');
  return r.rows[0];
}

/**
 * Creates (no id) or updates (id and version, left out: as read) one of the caller's tasks: a
 * document write through the writer's stages as a form's save is (the entity's rules and defaults,
 * the task's hook making it the caller's, the version, the audit). A stale version is refused (409),
 * a task of someone else is 404; an edit naming none of the task's fields writes nothing.
 */
export async function saveTask(db: Db, who: TaskOwner, input: Record<string, unknown>): Promise<TaskRow> {
  const id = input.id === undefined || input.id === null || input.id === '' ? null : Number(input.id);
  if (id !== null && !Number.isSafeInteger(id)) throw validationError({ id: { key: 'access.invalidValue' } });
  const named = task.fields.some((f) => !f.readonly && f.key in input);
  return withTenant(db, who.clientId, async (tx) => {
    const w = serviceWrite(tx, who, 'form');
    if (id === null) return ownTask(tx, who, await writeDocument(w, task, { body: input }));
    const current = await ownTask(tx, who, id);
    const version = input.version === undefined ? current.version : Number(input.version);
    if (version !== current.version) throw new AppError('err.staleVersion');
    if (named) await writeDocument(w, task, { id, version, body: input });
    return ownTask(tx, who, id);
  });
}

/** Moves one of the caller's tasks to 10 (in progress) or 30 (completed) along the state machine. */
export async function changeTaskStatus(db: Db, who: TaskOwner, id: number, status: string, version?: number): Promise<TaskRow> {
  if (!task.states!.states.some((s) => s.code === status)) throw validationError({ status: { key: 'rule.notInDictionary' } });
  return withTenant(db, who.clientId, async (tx) => {
    const current = await ownTask(tx, who, id);
    if (current.status === status) return current;
    const action = transitionTo(task, current.status, status);
    if (!action) throw new AppError('task.badTransition');
    if ((version ?? current.version) !== current.version) throw new AppError('err.staleVersion');
    await updateRecords(serviceWrite(tx, who), task, [id], { status, completed_at: status === '30' ? sql`now()` : null }, { audit: action, expectVersion: current.version });
    return ownTask(tx, who, id);
  });
}

/** Removes the caller's own tasks among `ids`; an id that is not theirs is 404 and nothing is removed. */
export async function removeTasks(db: Db, who: TaskOwner, ids: number[]): Promise<number> {
  if (!ids.length) throw validationError({ id: { key: 'rule.required' } });
  return withTenant(db, who.clientId, async (tx) => {
    // All of them or none: one that is not the caller's throws, and the transaction takes the rest back.
    const n = (await removeRecords(serviceWrite(tx, who), task, { where: sql`t.id = any(${ids}::int[]) and t.user_id = ${who.userId}` })).length;
    if (n !== new Set(ids).size) throw notFound('task.notFound');
    return n;
  });
}

/** Writes a task for a user from a service (the demo seed, a ticket assigned), inside `tx`'s tenant. */
export async function insertTask(tx: Db, who: TaskOwner, t: { subject: string; due_date?: string | null; priority?: string; status?: string; remark?: string | null }): Promise<number> {
  const [r] = await insertRecords(serviceWrite(tx, who), task, [{
    subject: t.subject, status: t.status ?? '10', due_date: t.due_date ?? null, priority: t.priority ?? 'normal', remark: t.remark ?? null, user_id: who.userId,
    completed_at: t.status === '30' ? sql`now()` : null,
  }]);
  return Number(r.id);
}
