import { Badge, Button, Caption1, mergeClasses, Spinner, Text } from '@fluentui/react-components';
import { ChevronRight16Regular, Megaphone20Regular, MailUnread20Regular, ShieldTask16Regular, TaskListLtr20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { currentLanguage } from '../../kernel/i18n';
import { access } from '../../session/access-state';
import { noticeTimeLabel } from '../../shell/notice-time';
import { T } from './board-texts';
import { workspaceApi, type NotifyTask } from './workspace-api';

import { useBlockStyles as useStyles, today, useLive, useTr } from './board-block-kit';

export { AppsBlock, entriesOf, EntryTiles, FavouritesBlock, QuickLinksBlock, type Entry } from './board-blocks-apps';

/**
 * The to-do list (spec 7 my-task-list, state 10 "in progress"): the user's open tasks, approval
 * tasks among them (issue 14 gives each approver's task a to-do), due first; the approvals waiting
 * for the user open the approval to-do page.
 */
export function TodoBlock() {
  const s = useStyles();
  const tr = useTr();
  const navigate = useNavigate();
  const tasks = useSWR('board:tasks', () => workspaceApi.openTasks());
  const approvals = useSWR('board:approvals', () => workspaceApi.openApprovals());
  useLive(tasks.mutate);
  if (tasks.error) return <div className={s.empty}>{tr(T.failed)}</div>;
  if (!tasks.data) return <Spinner size="tiny" />;
  const rows = [...tasks.data.rows].sort((a, b) => (a.due_date ?? '9999').localeCompare(b.due_date ?? '9999') || b.id - a.id);
  const open = (_: NotifyTask) => navigate('/collab/center?tab=tasks');
  return (
    <div data-testid="board-todo">
      <div className={s.strip}>
        <Text weight="semibold" data-testid="todo-count">{tr(T.openCount).replace('{n}', String(rows.length))}</Text>
        {approvals.data && approvals.data.total > 0 ? (
          <Button size="small" appearance="secondary" icon={<ShieldTask16Regular />} onClick={() => navigate('/approvals/todo')} data-testid="todo-approvals">
            {tr(T.approvals)} {approvals.data.total}
          </Button>
        ) : null}
      </div>
      {!rows.length ? <div className={s.empty}>{tr(T.noTodo)}</div> : null}
      <ul className={s.list}>
        {rows.slice(0, 6).map((t) => {
          const late = !!t.due_date && t.due_date < today();
          return (
            <li key={t.id} className={s.row} onClick={() => open(t)} data-testid="todo-row">
              <span className={mergeClasses(s.rowIcon, t.priority === 'high' && s.warnIcon)}>
                <TaskListLtr20Regular />
              </span>
              <span className={s.text}>
                <Text truncate wrap={false} block title={t.subject}>{t.subject}</Text>
                {t.remark ? <Caption1 truncate wrap={false} block className={s.meta}>{t.remark}</Caption1> : null}
              </span>
              <span style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
                {t.priority === 'high' ? <Badge size="small" appearance="tint" color="danger">{tr(T.high)}</Badge> : null}
                {t.due_date ? <Caption1 className={late ? s.late : s.meta}>{late ? tr(T.overdue) : tr(T.due)} {t.due_date}</Caption1> : null}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Items to read: the user's unread notices, newest first; opening one reads it and goes to its page. */
export function ToReadBlock() {
  const s = useStyles();
  const tr = useTr();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, error, mutate } = useSWR('board:toread', () => workspaceApi.unreadNotices());
  useLive(mutate);
  if (error) return <div className={s.empty}>{tr(T.failed)}</div>;
  if (!data) return <Spinner size="tiny" />;
  const read = async (ids: number[]) => {
    await workspaceApi.markRead(ids);
    access.unread = Math.max(0, access.unread - ids.length);
    await mutate();
  };
  return (
    <div data-testid="board-toread">
      {!data.rows.length ? <div className={s.empty}>{tr(T.noUnread)}</div> : null}
      <ul className={s.list}>
        {data.rows.map((n) => (
          <li key={n.id} className={s.row} onClick={() => void read([n.id]).then(() => navigate(n.link ?? '/collab/center?tab=notices'))} data-testid="toread-row">
            <span className={mergeClasses(s.rowIcon, s.noteIcon)}>
              <MailUnread20Regular />
            </span>
            <span className={s.text}>
              <Text truncate wrap={false} block weight="semibold" title={n.title}>{n.title}</Text>
              <Caption1 truncate wrap={false} block className={s.meta}>{n.body}</Caption1>
            </span>
            <Caption1 className={s.meta}>{noticeTimeLabel(n.created_at, Date.now(), t, currentLanguage())}</Caption1>
          </li>
        ))}
      </ul>
      {data.rows.length > 1 ? (
        <Button size="small" appearance="subtle" onClick={() => void read(data.rows.map((n) => n.id))}>{tr(T.markAllRead)}</Button>
      ) : null}
    </div>
  );
}

/** Recent announcements the user reads (the company's and public ones), unread marked. */
export function AnnouncementsBlock() {
  const s = useStyles();
  const tr = useTr();
  const navigate = useNavigate();
  const { data, error } = useSWR('board:announcements', () => workspaceApi.announcements());
  if (error) return <div className={s.empty}>{tr(T.failed)}</div>;
  if (!data) return <Spinner size="tiny" />;
  return (
    <div data-testid="board-announcements">
      {!data.rows.length ? <div className={s.empty}>{tr(T.noAnnouncements)}</div> : null}
      <ul className={s.list}>
        {data.rows.map((a) => (
          <li key={a.id} className={s.row} onClick={() => navigate('/collab/center?tab=announcements')} data-testid="announcement-row">
            <span className={s.rowIcon}>
              <Megaphone20Regular />
            </span>
            <span className={s.text}>
              <Text truncate wrap={false} block weight={a.read ? 'regular' : 'semibold'} title={a.title}>{a.title}</Text>
              <Caption1 truncate wrap={false} block className={s.meta}>{a.company}{a.published_at ? ` · ${a.published_at.slice(0, 10)}` : ''}</Caption1>
            </span>
            {a.read ? <ChevronRight16Regular /> : <Badge size="small" appearance="tint" color="brand">{tr(T.unread)}</Badge>}
          </li>
        ))}
      </ul>
    </div>
  );
}

