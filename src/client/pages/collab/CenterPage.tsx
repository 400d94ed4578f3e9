import { Button, Tab, TabList } from '@fluentui/react-components';
import { ArrowClockwise20Regular } from '@fluentui/react-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { noticeCalls } from '../../../model/calls/notify';
import { callApi } from '../../api/calls';
import { AdminPage } from '../common/admin-kit';
import { resolvedPageOf } from '../../api/resolved-page';
import { ListPage } from '../../engine/ListPage';
import type { ListController } from '../../engine/use-list-controller';
import { access } from '../../session/access-state';
import { AnnouncementsPanel } from './AnnouncementsPanel';
import './collab-messages';

const LIST_AREA = { height: 'calc(100vh - 270px)', minHeight: 420 } as const;

/** The bell's count follows what the notices tab marks read: read again after each refresh of the list. */
function BellCount({ generation }: { generation: number }) {
  useEffect(() => {
    callApi(noticeCalls.unread, undefined, { quiet: true }).then((r) => { access.unread = r.unread; }, () => undefined);
  }, [generation]);
  return null;
}

/**
 * The notices tab: the engine's list of the caller's notices (grids/collab/notice.grid.ts; 标为已读 is
 * its declared transition), with two tools of the page: open the selected notice's document (read
 * first) and mark every notice read (the bell's call).
 */
function NoticesPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const resolved = resolvedPageOf('notice');
  const open = async (list: ListController) => {
    const n = list.one;
    if (!n?.link) return;
    if (n.status === 'unread') await list.api.action('read', [Number(n.id)], {}, Number(n.version));
    navigate(String(n.link));
  };
  const allRead = async (list: ListController) => {
    await callApi(noticeCalls.read, { ids: [] }, { failure: 'markRead' });
    list.refresh();
  };
  return resolved ? (
    <ListPage resolved={resolved} slots={{
      testId: 'collab-notices',
      tools: (list) => (
        <>
          <Button disabled={!list.one?.link} onClick={() => void open(list)} data-testid="collab-notice-open">{t('collab.notice.open')}</Button>
          <Button onClick={() => void allRead(list)} data-testid="collab-notices-all-read">{t('collab.notice.markAllRead')}</Button>
        </>
      ),
      extras: (list) => <BellCount generation={list.generation} />,
    }} />
  ) : null;
}

/** A tab that is the engine's list of a declared page: the caller's own tasks (grids/collab/task.grid.ts), my notification settings (notice.grid.ts). */
function EngineList({ opt }: { opt: string }) {
  const resolved = resolvedPageOf(opt);
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
      {tab === 'announcements' ? <AnnouncementsPanel /> : (
        // A list tab fills the window below the centre's head (the engine's list takes its container's height).
        <div style={LIST_AREA}>{tab === 'tasks' ? <EngineList opt="task" /> : tab === 'settings' ? <EngineList opt="noticesetting" /> : <NoticesPanel />}</div>
      )}
    </AdminPage>
  );
}
