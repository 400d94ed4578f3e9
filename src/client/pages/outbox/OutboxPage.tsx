import { Badge, Button, Link, makeStyles, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { ArrowClockwise20Regular, Chat20Regular, Mail20Regular, Phone20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../grid/cell-text';
import { adminCalls, type OutboxRow } from '../../../model/calls/admin';
import { useCall } from '../../api/calls';
import { AdminPage, AdminTable, type AdminColumn } from '../common/admin-kit';

const PAGE_SIZE = 20;

const useStyles = makeStyles({
  body: { whiteSpace: 'pre-wrap', wordBreak: 'break-word', color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
});

/**
 * A link written into a mail points at this site's public URL; the page opens it on the site it
 * was loaded from (the same app), so a demo installation reached by another host name still works.
 */
export function localLink(link: string, origin: string): string {
  try {
    const u = new URL(link, origin);
    return u.pathname + u.search + u.hash;
  } catch {
    return link;
  }
}

const STATUS_COLOR: Record<string, 'informative' | 'success' | 'danger'> = { queued: 'informative', sent: 'success', failed: 'danger' };

/**
 * /page/outbox: the mails and SMS the platform wrote (reset links, verification codes, sign-up
 * notices). Client administrators see their company's rows, the super administrator all rows.
 */
export function OutboxPage() {
  const s = useStyles();
  const { t } = useTranslation();
  const [channel, setChannel] = useState<'all' | 'email' | 'sms' | 'workchat'>('all');
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useCall(adminCalls.outbox, { page, size: PAGE_SIZE, channel: channel === 'all' ? undefined : channel });
  const fmt = (iso: string) => formatDateTime(iso);
  const columns: AdminColumn<OutboxRow>[] = [
    { key: 'time', header: t('ui.outbox.time'), width: 150, render: (r) => fmt(r.created_at) },
    { key: 'channel', header: t('ui.outbox.channel'), width: 90, render: (r) => (r.channel === 'sms' ? t('ui.outbox.sms') : r.channel === 'workchat' ? t('ui.outbox.workchat') : t('ui.outbox.email')) },
    { key: 'to', header: t('ui.outbox.to'), width: 200, render: (r) => <Text truncate wrap={false} data-testid="outbox-to">{r.to_address}</Text> },
    {
      key: 'message',
      header: t('ui.outbox.message'),
      render: (r) => (
        <div style={{ display: 'grid', gap: 4, padding: '8px 0' }}>
          <Text weight="semibold">{r.subject}</Text>
          <div className={s.body} data-testid="outbox-body">{r.body}</div>
          {r.link ? (
            <Link href={localLink(r.link, window.location.origin)} data-testid="outbox-link">
              {t('ui.outbox.openLink')}
            </Link>
          ) : null}
        </div>
      ),
    },
    {
      key: 'status',
      header: t('ui.outbox.status'),
      width: 90,
      render: (r) => (
        <Badge appearance="tint" color={STATUS_COLOR[r.status] ?? 'informative'} title={r.error ?? undefined}>
          {t(`ui.outbox.status.${r.status}`)}
        </Badge>
      ),
    },
  ];

  return (
    <AdminPage
      testId="outbox"
      title={t('ui.outbox.title')}
      explain={t('ui.outbox.explain')}
      actions={
        <Button icon={<ArrowClockwise20Regular />} onClick={() => void mutate()}>
          {t('ui.common.refresh')}
        </Button>
      }
    >
      <TabList selectedValue={channel} onTabSelect={(_, d) => { setChannel(d.value as typeof channel); setPage(1); }}>
        <Tab value="all">{t('ui.outbox.all')}</Tab>
        <Tab value="email" icon={<Mail20Regular />}>{t('ui.outbox.email')}</Tab>
        <Tab value="sms" icon={<Phone20Regular />}>{t('ui.outbox.sms')}</Tab>
        <Tab value="workchat" icon={<Chat20Regular />}>{t('ui.outbox.workchat')}</Tab>
      </TabList>
      <AdminTable
        label={t('ui.outbox.title')}
        size="medium"
        columns={columns}
        rows={data?.rows}
        rowKey={(r) => r.id}
        rowTestId={() => 'outbox-row'}
        loading={isLoading}
        error={error}
        emptyText={t('ui.outbox.empty')}
        forbiddenText={t('ui.outbox.forbidden')}
        paging={data ? { page, size: PAGE_SIZE, total: data.total, onPage: setPage } : undefined}
      />
    </AdminPage>
  );
}
