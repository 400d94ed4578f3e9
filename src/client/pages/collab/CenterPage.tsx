import { Button } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { centreTabs } from '../../../../grids/collab/notice.grid';
import { noticeCalls } from '../../../model/calls/notify';
import { callApi } from '../../api/calls';
import type { ListSlots } from '../../engine/ListPage';
import { TabsPage } from '../../engine/TabsPage';
import type { ListController } from '../../engine/use-list-controller';
import { access } from '../../session/access-state';
import './collab-messages';

/** The bell's count follows what the notices tab marks read: read again after each refresh of the list. */
function BellCount({ generation }: { generation: number }) {
  useEffect(() => {
    callApi(noticeCalls.unread, undefined, { quiet: true }).then((r) => { access.unread = r.unread; }, () => undefined);
  }, [generation]);
  return null;
}

/**
 * The notices list's tools (grids/collab/notice.grid.ts; 标为已读 is its declared transition): open
 * the selected notice's document (read first) and mark every notice read (the bell's call).
 */
function useNoticeSlots(): ListSlots {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
  return {
    testId: 'collab-notices',
    tools: (list) => (
      <>
        <Button disabled={!list.one?.link} onClick={() => void open(list)} data-testid="collab-notice-open">{t('collab.notice.open')}</Button>
        <Button onClick={() => void allRead(list)} data-testid="collab-notices-all-read">{t('collab.notice.markAllRead')}</Button>
      </>
    ),
    extras: (list) => <BellCount generation={list.generation} />,
  };
}

/** /collab/center: the notification and task centre (issue 15), the declared page of tabs `centreTabs`. */
export function CenterPage() {
  return <TabsPage decl={centreTabs} slots={{ notice: useNoticeSlots() }} />;
}
