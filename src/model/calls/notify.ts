import type { NoticeChannel, NoticeEvent } from '../notice-events';
import { deleteCall, getCall, postCall } from './call';

/**
 * The notification centre's calls (issue 15; spec 7 notify-msg): notices (the bell and the centre),
 * the caller's tasks, announcements and the caller's notification settings. Served by
 * src/server/services/notify (notice.routes, task.routes, announcement.routes,
 * notice-setting.routes); called by src/client/pages/collab and the shell's bell.
 */
const MSG = '/notifyapi/notify-msg';
const ANN = '/notifyapi/announcement';
const SETTING = '/notifyapi/notify-setting';

export type Paged<T> = { rows: T[]; total: number; page: number; size: number };

/** A notice as the caller reads it. */
export type Notice = { id: number; kind: string; title: string; body: string; link: string | null; doc_no: string | null; read_at: string | null; created_at: string };

/** One of the caller's tasks (spec 3: subject, status 10 in progress / 30 completed, due date, priority). */
export type Task = {
  id: number; version: number; subject: string; status: string; due_date: string | null; priority: string;
  remark: string | null; completed_at: string | null; created_at: string; updated_at: string;
};
export type TaskStatus = '10' | '30';
/** A new task (no id) or an edit (id and version). */
export type TaskSave = { id?: number; version?: number; subject: string; due_date: string | null; priority: string; remark: string | null };

/** An announcement as the caller sees it (`own`: of the caller's company; `read`: the caller's flag). */
export type Announcement = {
  id: number; version: number; title: string; category: string; detail: string; department: string | null; is_public: boolean;
  contact: string | null; phone: string | null; status: string; published_at: string | null; company: string; own: boolean; read: boolean; created_at: string;
};

/** One event's row of the caller's notification settings. */
export type NoticeSettingRow = {
  event: NoticeEvent;
  /** What reaches the person now. */
  channels: string[];
  /** Where that comes from: the person's own choice, the company's setting, or the default (the bell). */
  source: 'own' | 'company' | 'default';
  /** The company's channels for the event (what "use the company's" returns to), null when none. */
  company: string[] | null;
};
export type NoticeSettings = {
  events: NoticeSettingRow[];
  /** How the person can be reached besides the bell: an e-mail address, a workplace-chat binding the company's application serves. */
  reach: { email: boolean; workchat: 'wecom' | 'dingtalk' | null };
};

export const noticeCalls = {
  unread: getCall<void, { unread: number }>(`${MSG}/unread-index`),
  /** `unread: 1` lists only the unread ones. */
  page: getCall<{ page: number; size: number; unread?: 1 }, Paged<Notice>>(`${MSG}/index`),
  /** No ids marks every notice read. */
  read: postCall<{ ids: number[] }, { changed: number }>(`${MSG}/read`),
};

export const taskCalls = {
  mine: getCall<{ status?: TaskStatus }, { rows: Task[] }>(`${MSG}/my-task-list`),
  page: getCall<{ page: number; size: number; status?: TaskStatus; keyword?: string }, Paged<Task>>(`${MSG}/page-task-list`),
  save: postCall<TaskSave, Task>(`${MSG}/task-save`),
  changeStatus: postCall<{ id: number; status: TaskStatus; version?: number }, Task>(`${MSG}/task-change-status`),
  remove: deleteCall<{ id: number }, { removed: number }>(`${MSG}/task-remove`),
};

/** Reading announcements; the administrators write them through the entity's generic API (announcement.entity.ts). */
export const announcementCalls = {
  /** The published ones the caller reads, with the caller's unread count. */
  page: getCall<{ page: number; size: number; unread?: 1 }, Paged<Announcement> & { unread: number }>(`${ANN}/index`),
  read: postCall<{ ids: number[] }, { changed: number }>(`${ANN}/read`),
};

export const noticeSettingCalls = {
  mine: getCall<void, NoticeSettings>(`${SETTING}/mine`),
  /** The caller's channels for one event, or (`reset`) back to the company's. */
  save: postCall<{ event: NoticeEvent; channels?: NoticeChannel[]; reset?: boolean }, NoticeSettings>(`${SETTING}/save`),
};
