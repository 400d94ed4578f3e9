import { Badge, Button, Caption1, Checkbox, Dropdown, Field, Input, MessageBar, MessageBarBody, Option, Text, Textarea, tokens } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { getDictionary } from '../../../model/dictionaries';
import { announcement as announcementEntity } from '../../../model/entities/announcement.entity';
import { announcementCalls, type Announcement } from '../../../model/calls/notify';
import { callApi, useCall } from '../../api/calls';
import { access } from '../../session/access-state';
import { AdminCard, AdminEditDialog, AdminTable, formatTime, Pager, useConfirm, useLabel, type AdminColumn } from '../common/admin-kit';
import { StateBadge } from './StateBadge';
import { useAnnouncementManager } from './use-center';
import './collab-messages';

const SIZE = 10;

function useCategory() {
  const label = useLabel();
  return {
    of: (v: string) => label(getDictionary('announcement_category')?.items.find((i) => i.value === v)?.label),
    items: (getDictionary('announcement_category')?.items ?? []).map((i) => ({ value: i.value, text: label(i.label) })),
  };
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

/** The announcement dialog: title, category, detail, department, public, contact and phone. */
function AnnouncementDialog({ m }: { m: ReturnType<typeof useAnnouncementManager> }) {
  const { t } = useTranslation();
  const cat = useCategory();
  const { draft, setDraft, errors } = m;
  return (
    <AdminEditDialog open={draft !== null} title={draft?.id ? t('collab.ann.edit') : t('collab.ann.new')} onClose={() => setDraft(null)} onSave={() => void m.save()} saveTestId="announcement-save" maxWidth={640}>
      {draft ? (
        <div style={{ display: 'grid', gap: 10 }}>
          <Field label={t('collab.ann.title')} required validationMessage={errors.title}><Input value={draft.title} onChange={(_, v) => setDraft({ ...draft, title: v.value })} data-testid="announcement-title-input" /></Field>
          <Field label={t('collab.ann.category')} required validationMessage={errors.category}>
            <Dropdown value={cat.of(draft.category)} selectedOptions={[draft.category]} onOptionSelect={(_, o) => setDraft({ ...draft, category: String(o.optionValue) })}>
              {cat.items.map((i) => <Option key={i.value} value={i.value}>{i.text}</Option>)}
            </Dropdown>
          </Field>
          <Field label={t('collab.ann.detail')} required validationMessage={errors.detail}><Textarea rows={5} value={draft.detail} onChange={(_, v) => setDraft({ ...draft, detail: v.value })} data-testid="announcement-detail-input" /></Field>
          <Field label={t('collab.ann.department')} validationMessage={errors.department}><Input value={draft.department} onChange={(_, v) => setDraft({ ...draft, department: v.value })} /></Field>
          <Checkbox label={t('collab.ann.isPublic')} checked={draft.is_public} onChange={(_, v) => setDraft({ ...draft, is_public: !!v.checked })} />
          <Field label={t('collab.ann.contactField')} validationMessage={errors.contact}><Input value={draft.contact} onChange={(_, v) => setDraft({ ...draft, contact: v.value })} /></Field>
          <Field label={t('collab.ann.phone')} validationMessage={errors.phone}><Input value={draft.phone} onChange={(_, v) => setDraft({ ...draft, phone: v.value })} /></Field>
        </div>
      ) : null}
    </AdminEditDialog>
  );
}

/** The company administrators' part: every announcement of the company with edit, publish, withdraw and remove. */
function AnnouncementManager() {
  const { t } = useTranslation();
  const cat = useCategory();
  const [dialog, confirm] = useConfirm();
  const m = useAnnouncementManager(SIZE);
  const { data, error, isLoading } = m.list;
  const confirmed = (text: string, fn: () => Promise<unknown>) => void confirm(text).then((y) => { if (y) void fn(); });
  const columns: AdminColumn<Announcement>[] = [
    { key: 'title', header: t('collab.ann.title'), render: (a) => <Text data-testid="manage-title">{a.title}</Text> },
    { key: 'category', header: t('collab.ann.category'), width: 90, render: (a) => cat.of(a.category) },
    { key: 'public', header: t('collab.ann.public'), width: 60, render: (a) => (a.is_public ? '✓' : '') },
    { key: 'status', header: t('collab.ann.status'), width: 80, render: (a) => <StateBadge entity={announcementEntity} code={a.status} testId="manage-status" /> },
    { key: 'published', header: t('collab.ann.publishedAt'), width: 150, render: (a) => formatTime(a.published_at) },
    { key: 'actions', header: t('collab.ann.actions'), width: 260, render: (a) => (
      <div style={{ display: 'flex', gap: 4 }}>
        {a.status !== 'published' ? <Button size="small" onClick={() => m.open(a)}>{t('collab.ann.edit')}</Button> : null}
        {a.status !== 'published' ? <Button size="small" appearance="primary" data-testid="manage-publish" onClick={() => void m.move(a, 'publish')}>{t('collab.ann.publish')}</Button> : null}
        {a.status === 'published' ? <Button size="small" onClick={() => confirmed(t('collab.ann.withdrawConfirm', { title: a.title }), () => m.move(a, 'withdraw'))}>{t('collab.ann.withdraw')}</Button> : null}
        {a.status !== 'published' ? <Button size="small" onClick={() => confirmed(t('collab.ann.removeConfirm', { title: a.title }), () => m.remove(a))}>{t('collab.ann.remove')}</Button> : null}
      </div>
    ) },
  ];
  return (
    <>
      {dialog}
      {m.rowError ? <MessageBar intent="error" data-testid="manage-error"><MessageBarBody>{m.rowError}</MessageBarBody></MessageBar> : null}
      <AdminTable
        label={t('collab.ann.manage')}
        testId="announcement-manage"
        columns={columns}
        rows={data?.rows}
        rowKey={(a) => a.id}
        loading={isLoading}
        error={error}
        emptyText={t('collab.ann.empty')}
        toolbar={
          <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
            <Text weight="semibold">{t('collab.ann.manage')}</Text>
            <Button size="small" appearance="primary" icon={<Add20Regular />} onClick={() => m.open(null)} data-testid="announcement-new">{t('collab.ann.new')}</Button>
          </div>
        }
        paging={data ? { page: m.page, size: SIZE, total: data.total, onPage: m.setPage } : undefined}
      />
      <AnnouncementDialog m={m} />
    </>
  );
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
