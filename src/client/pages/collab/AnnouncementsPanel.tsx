import { Badge, Caption1, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { getDictionary } from '../../../model/dictionaries';
import { announcementCalls, type Announcement } from '../../../model/calls/notify';
import { callApi, useCall } from '../../api/calls';
import { access } from '../../session/access-state';
import { resolvedPageOf } from '../../api/resolved-page';
import { ListPage } from '../../engine/ListPage';
import { AdminCard, formatTime, Pager, useLabel } from '../common/admin-kit';
import './collab-messages';

const SIZE = 10;

function useCategory() {
  const label = useLabel();
  return { of: (v: string) => label(getDictionary('announcement_category')?.items.find((i) => i.value === v)?.label) };
}

/** What the caller reads: published announcements of the company and public ones, unread marked; opening one reads it. */
function AnnouncementList() {
  const { t } = useTranslation();
  const cat = useCategory();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const { data, error, mutate } = useCall(announcementCalls.page, { page, size: SIZE });
  const toggle = async (a: Announcement) => {
    setOpen(open === a.id ? null : a.id);
    if (!a.read) {
      await callApi(announcementCalls.read, { ids: [a.id] }, { failure: 'markRead' });
      await mutate();
    }
  };
  if (error) return <MessageBar intent="error"><MessageBarBody>{String((error as Error).message)}</MessageBarBody></MessageBar>;
  return (
    <AdminCard>
      {data?.unread ? <Badge color="danger" data-testid="announcement-unread">{t('collab.ann.unreadCount', { n: data.unread })}</Badge> : null}
      {data && data.rows.length === 0 ? <Caption1>{t('collab.ann.empty')}</Caption1> : null}
      <div style={{ display: 'grid', gap: 8 }}>
        {(data?.rows ?? []).map((a) => (
          <div key={a.id} data-testid="announcement-item" data-read={a.read ? '1' : '0'}
            style={{ padding: 10, borderRadius: 6, background: a.read ? tokens.colorNeutralBackground2 : tokens.colorBrandBackground2, cursor: 'pointer' }}
            onClick={() => void toggle(a)}>
            <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              {a.read ? null : <Badge size="small" color="brand">{t('collab.ann.unread')}</Badge>}
              <Badge size="small" appearance="tint">{cat.of(a.category)}</Badge>
              {a.is_public ? <Badge size="small" appearance="outline">{t('collab.ann.public')}</Badge> : null}
              <Text weight="semibold" data-testid="announcement-title">{a.title}</Text>
            </div>
            <Caption1>{`${t('collab.ann.from', { company: a.company, department: a.department ?? '' })} · ${formatTime(a.published_at)}`}</Caption1>
            {open === a.id ? (
              <div style={{ marginTop: 6 }}>
                <div style={{ whiteSpace: 'pre-wrap' }} data-testid="announcement-detail">{a.detail}</div>
                {a.contact || a.phone ? <Caption1>{t('collab.ann.contact', { contact: a.contact ?? '', phone: a.phone ?? '' })}</Caption1> : null}
              </div>
            ) : null}
          </div>
        ))}
      </div>
      {data ? <Pager page={page} size={SIZE} total={data.total} onPage={setPage} /> : null}
    </AdminCard>
  );
}

/** The company administrators' part: the engine's list of the company's announcements (grids/collab/announcement.grid.ts). */
function AnnouncementManager() {
  const resolved = resolvedPageOf('announcement');
  return resolved ? <ListPage resolved={resolved} /> : null;
}

/** The centre's announcements tab: what the caller reads, and for company administrators the manager. */
export function AnnouncementsPanel() {
  const { dashroles } = useSnapshot(access);
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <AnnouncementList />
      {dashroles.includes('clientadmin') ? <AnnouncementManager /> : null}
    </div>
  );
}
