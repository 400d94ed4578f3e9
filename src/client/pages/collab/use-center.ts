import { useState } from 'react';
import { announcementCalls, taskCalls, type Announcement, type AnnouncementSave, type Task, type TaskStatus } from '../../../model/calls/notify';
import { callApi, useCall } from '../../api/calls';
import { fieldErrorsOf } from '../common/admin-kit';

export const CENTER_PAGE_SIZE = 20;

export type TaskDraft = { id?: number; version?: number; subject: string; due_date: string; priority: string; remark: string };
const EMPTY_TASK: TaskDraft = { subject: '', due_date: '', priority: 'normal', remark: '' };

/**
 * The caller's tasks, paged and filtered by state, with the task dialog's draft and the commands:
 * save (new or edit), complete or reopen, remove once `confirm` says yes.
 */
export function useTasks(confirm: (text: string) => Promise<boolean>, removeText: (t: Task) => string) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<'' | TaskStatus>('10');
  const [draft, setDraft] = useState<TaskDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const list = useCall(taskCalls.page, { page, size: CENTER_PAGE_SIZE, status: status || undefined });
  const open = (x: Task | null) => {
    setErrors({});
    setDraft(x ? { id: x.id, version: x.version, subject: x.subject, due_date: x.due_date ?? '', priority: x.priority, remark: x.remark ?? '' } : { ...EMPTY_TASK });
  };
  const save = async () => {
    if (!draft) return;
    setBusy(true);
    try {
      await callApi(taskCalls.save, { ...draft, due_date: draft.due_date || null, remark: draft.remark || null });
      setDraft(null);
      setErrors({});
      await list.mutate();
    } catch (e) {
      setErrors(fieldErrorsOf(e));
    } finally {
      setBusy(false);
    }
  };
  const change = async (task: Task, to: TaskStatus) => {
    await callApi(taskCalls.changeStatus, { id: task.id, version: task.version, status: to }, { failure: 'action' });
    await list.mutate();
  };
  const remove = async (task: Task) => {
    if (!(await confirm(removeText(task)))) return;
    await callApi(taskCalls.remove, { id: task.id }, { failure: 'delete' });
    await list.mutate();
  };
  const filter = (to: '' | TaskStatus) => {
    setStatus(to);
    setPage(1);
  };
  return { page, setPage, status, filter, list, draft, setDraft, errors, busy, open, save, change, remove };
}

export type AnnouncementDraft = AnnouncementSave;
const EMPTY_ANNOUNCEMENT: AnnouncementDraft = { title: '', category: 'notice', detail: '', department: '', is_public: false, contact: '', phone: '' };

/** The company administrators' announcements: paged, with the edit dialog's draft, publish, withdraw and remove. */
export function useAnnouncementManager(size: number) {
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<AnnouncementDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [rowError, setRowError] = useState<string | null>(null);
  const list = useCall(announcementCalls.manage, { page, size });
  const open = (a: Announcement | null) => {
    setErrors({});
    setDraft(a ? { id: a.id, version: a.version, title: a.title, category: a.category, detail: a.detail, department: a.department ?? '', is_public: a.is_public, contact: a.contact ?? '', phone: a.phone ?? '' } : { ...EMPTY_ANNOUNCEMENT });
  };
  const save = async () => {
    if (!draft) return;
    try {
      await callApi(announcementCalls.save, draft);
      setDraft(null);
      await list.mutate();
    } catch (e) {
      setErrors(fieldErrorsOf(e));
    }
  };
  /** A row's command; its failure is shown above the table. */
  const run = async (fn: () => Promise<unknown>) => {
    setRowError(null);
    try {
      await fn();
      await list.mutate();
    } catch (e) {
      setRowError((e as Error).message);
    }
  };
  const move = (a: Announcement, action: 'publish' | 'withdraw') => run(() => callApi(announcementCalls.move, { action, id: a.id, version: a.version }, { failure: action === 'publish' ? 'publish' : 'action' }));
  const remove = (a: Announcement) => run(() => callApi(announcementCalls.remove, { id: a.id }, { failure: 'delete' }));
  return { page, setPage, list, draft, setDraft, errors, rowError, open, save, move, remove };
}
