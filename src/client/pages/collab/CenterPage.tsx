import { Badge, Button, Checkbox, Link, Tab, TabList, Text } from '@fluentui/react-components';
import { ArrowClockwise20Regular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { noticeCalls, type Notice } from '../../../model/calls/notify';
import { callApi, useCall } from '../../api/calls';
import { currentLanguage } from '../../kernel/i18n';
import { onSocketMessage } from '../../session/notification-socket';
import { noticeTimeLabel } from '../../shell/notice-time';
import { AdminPage, AdminTable, type AdminColumn } from '../common/admin-kit';
import { resolvedPageOf } from '../../api/resolved-page';
import { ListPage } from '../../engine/ListPage';
import { AnnouncementsPanel } from './AnnouncementsPanel';
import { NoticeSettingsPanel } from './NoticeSettingsPanel';
import './collab-messages';

const SIZE = 20;

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

/** The tasks tab: the caller's own tasks, the engine's list of the declared page (grids/collab/task.grid.ts). */
function TasksPanel() {
  const resolved = resolvedPageOf('task');
  return resolved ? <ListPage resolved={resolved} /> : null;
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
