import { Badge, Button, Checkbox, Dropdown, Field, Input, Link, Option, Tab, TabList, Text, Textarea } from '@fluentui/react-components';
import { Add20Regular, ArrowClockwise20Regular, Checkmark20Regular, Delete20Regular, Edit20Regular, ArrowUndo20Regular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { noticeCalls, type Notice, type Task } from '../../../model/calls/notify';
import { callApi, useCall } from '../../api/calls';
import { currentLanguage } from '../../kernel/i18n';
import { onSocketMessage } from '../../session/notification-socket';
import { noticeTimeLabel } from '../../shell/notice-time';
import { AdminEditDialog, AdminPage, AdminTable, useConfirm, type AdminColumn } from '../common/admin-kit';
import { AnnouncementsPanel } from './AnnouncementsPanel';
import { task } from '../../../model/entities/task.entity';
import { StateBadge } from './StateBadge';
import { CENTER_PAGE_SIZE, useTasks } from './use-center';
import { NoticeSettingsPanel } from './NoticeSettingsPanel';
import './collab-messages';
import { DateBox } from '../../form/widgets/date-input';

const SIZE = CENTER_PAGE_SIZE;
const today = () => new Date().toISOString().slice(0, 10);

/** The notices tab: every notice of the caller, paged, unread first highlighted; reloads when one arrives. */
function NoticesPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const { data, error, isLoading, mutate } = useCall(noticeCalls.page, { page, size: SIZE, unread: unreadOnly ? 1 : undefined });
  useEffect(() => onSocketMessage((m) => {
    if ((m as { type?: string })?.type === 'notifyto2') void mutate();
  }), [mutate]);
  const read = async (ids: number[]) => {
    await callApi(noticeCalls.read, { ids }, { failure: 'markRead' });
    await mutate();
  };
  const columns: AdminColumn<Notice>[] = [
    { key: 'title', header: t('collab.notice.title'), render: (n) => (
      <div style={{ display: 'grid', gap: 2, padding: '6px 0' }}>
        <Text weight={n.read_at ? 'regular' : 'semibold'}>{n.read_at ? null : <Badge size="small" color="brand" style={{ marginRight: 6 }}>{t('collab.notice.unread')}</Badge>}{n.title}</Text>
        <Text size={200}>{n.body}</Text>
      </div>
    ) },
    { key: 'time', header: t('collab.notice.time'), width: 130, render: (n) => noticeTimeLabel(n.created_at, Date.now(), t, currentLanguage()) },
    { key: 'actions', header: '', width: 200, render: (n) => (
      <div style={{ display: 'flex', gap: 6 }}>
        {n.link ? <Link onClick={() => { void (n.read_at ? Promise.resolve() : read([n.id])).then(() => navigate(n.link!)); }}>{t('collab.notice.open')}</Link> : null}
        {n.read_at ? null : <Link onClick={() => void read([n.id])} data-testid="notice-mark-read">{t('collab.notice.markRead')}</Link>}
      </div>
    ) },
  ];
  return (
    <AdminTable
      label={t('collab.tab.notices')}
      testId="collab-notices"
      columns={columns}
      rows={data?.rows}
      rowKey={(n) => n.id}
      rowTestId={() => 'collab-notice-row'}
      loading={isLoading}
      error={error}
      emptyText={t('collab.notice.empty')}
      toolbar={
        <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
          <Checkbox label={t('collab.notice.onlyUnread')} checked={unreadOnly} onChange={(_, d) => { setUnreadOnly(!!d.checked); setPage(1); }} />
          <Button size="small" onClick={() => void read([])} data-testid="collab-notices-all-read">{t('collab.notice.markAllRead')}</Button>
        </div>
      }
      paging={data ? { page, size: SIZE, total: data.total, onPage: setPage } : undefined}
    />
  );
}

/** The task dialog: subject, due date, priority and remark. */
function TaskDialog({ tasks }: { tasks: ReturnType<typeof useTasks> }) {
  const { t } = useTranslation();
  const { draft, setDraft, errors } = tasks;
  return (
    <AdminEditDialog open={draft !== null} title={draft?.id ? t('collab.task.edit') : t('collab.task.new')} onClose={() => setDraft(null)} onSave={() => void tasks.save()} busy={tasks.busy} saveTestId="task-save">
      {draft ? (
        <div style={{ display: 'grid', gap: 12 }}>
          <Field label={t('collab.task.subject')} required validationMessage={errors.subject}>
            <Input value={draft.subject} onChange={(_, d) => setDraft({ ...draft, subject: d.value })} data-testid="task-subject-input" />
          </Field>
          <Field label={t('collab.task.due')} validationMessage={errors.due_date}>
            <DateBox value={draft.due_date} onChange={(v) => setDraft({ ...draft, due_date: v })} testId="task-due-input" width={180} />
          </Field>
          <Field label={t('collab.task.priority')} validationMessage={errors.priority}>
            <Dropdown value={t(`collab.task.priority.${draft.priority}`)} selectedOptions={[draft.priority]} onOptionSelect={(_, d) => setDraft({ ...draft, priority: String(d.optionValue) })}>
              {['high', 'normal', 'low'].map((p) => <Option key={p} value={p}>{t(`collab.task.priority.${p}`)}</Option>)}
            </Dropdown>
          </Field>
          <Field label={t('collab.task.remark')} validationMessage={errors.remark}>
            <Textarea value={draft.remark} onChange={(_, d) => setDraft({ ...draft, remark: d.value })} />
          </Field>
        </div>
      ) : null}
    </AdminEditDialog>
  );
}

/** The tasks tab: the caller's tasks with create, edit, complete, reopen and remove (confirmed first). */
function TasksPanel() {
  const { t } = useTranslation();
  const [dialog, confirm] = useConfirm();
  const tasks = useTasks(confirm, (x) => t('collab.task.removeConfirm', { subject: x.subject }));
  const { data, error, isLoading } = tasks.list;
  const columns: AdminColumn<Task>[] = [
    { key: 'subject', header: t('collab.task.subject'), render: (x) => <Text data-testid="task-subject" strikethrough={x.status === '30'}>{x.subject}</Text> },
    { key: 'due', header: t('collab.task.due'), width: 140, render: (x) => (
      <span>{x.due_date ?? ''}{x.due_date && x.status === '10' && x.due_date < today() ? <Badge size="small" color="danger" style={{ marginLeft: 6 }}>{t('collab.task.overdue')}</Badge> : null}</span>
    ) },
    { key: 'priority', header: t('collab.task.priority'), width: 80, render: (x) => <Badge appearance="tint" color={x.priority === 'high' ? 'danger' : x.priority === 'low' ? 'subtle' : 'informative'}>{t(`collab.task.priority.${x.priority}`)}</Badge> },
    { key: 'status', header: t('collab.task.status'), width: 90, render: (x) => <StateBadge entity={task} code={x.status} testId="task-status" /> },
    { key: 'actions', header: t('collab.task.actions'), width: 280, render: (x) => (
      <div style={{ display: 'flex', gap: 4 }}>
        {x.status === '10'
          ? <Button size="small" icon={<Checkmark20Regular />} onClick={() => void tasks.change(x, '30')} data-testid="task-complete">{t('collab.task.complete')}</Button>
          : <Button size="small" icon={<ArrowUndo20Regular />} onClick={() => void tasks.change(x, '10')} data-testid="task-reopen">{t('collab.task.reopen')}</Button>}
        <Button size="small" icon={<Edit20Regular />} onClick={() => tasks.open(x)}>{t('collab.task.edit')}</Button>
        <Button size="small" icon={<Delete20Regular />} onClick={() => void tasks.remove(x)} data-testid="task-remove">{t('collab.task.remove')}</Button>
      </div>
    ) },
  ];
  return (
    <>
      {dialog}
      <AdminTable
        label={t('collab.tab.tasks')}
        testId="collab-tasks"
        columns={columns}
        rows={data?.rows}
        rowKey={(x) => x.id}
        rowTestId={() => 'collab-task-row'}
        loading={isLoading}
        error={error}
        emptyText={t('collab.task.empty')}
        toolbar={
          <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
            <TabList size="small" selectedValue={tasks.status} onTabSelect={(_, d) => tasks.filter(d.value as typeof tasks.status)}>
              <Tab value="10">{t('collab.task.status.10')}</Tab>
              <Tab value="30">{t('collab.task.status.30')}</Tab>
              <Tab value="">{t('collab.task.all')}</Tab>
            </TabList>
            <Button appearance="primary" size="small" icon={<Add20Regular />} onClick={() => tasks.open(null)} data-testid="task-new">{t('collab.task.new')}</Button>
          </div>
        }
        paging={data ? { page: tasks.page, size: CENTER_PAGE_SIZE, total: data.total, onPage: tasks.setPage } : undefined}
      />
      <TaskDialog tasks={tasks} />
    </>
  );
}

/** /collab/center: the notification and task centre (issue 15): notices, my tasks, announcements, my notification settings. */
export function CenterPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'notices';
  return (
    <AdminPage testId="collab-center" title={t('collab.center.title')} explain={t('collab.center.explain')}
      actions={<Button icon={<ArrowClockwise20Regular />} onClick={() => window.location.reload()}>{t('ui.common.refresh')}</Button>}>
      <TabList selectedValue={tab} onTabSelect={(_, d) => setParams({ tab: String(d.value) })}>
        <Tab value="notices" data-testid="tab-notices">{t('collab.tab.notices')}</Tab>
        <Tab value="tasks" data-testid="tab-tasks">{t('collab.tab.tasks')}</Tab>
        <Tab value="announcements" data-testid="tab-announcements">{t('collab.tab.announcements')}</Tab>
        <Tab value="settings" data-testid="tab-settings">{t('collab.tab.settings')}</Tab>
      </TabList>
      {tab === 'tasks' ? <TasksPanel /> : tab === 'announcements' ? <AnnouncementsPanel /> : tab === 'settings' ? <NoticeSettingsPanel /> : <NoticesPanel />}
    </AdminPage>
  );
}
