import {
  Badge,
  Button,
  Caption1,
  Card,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Tab,
  TabList,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { ArrowClockwise20Regular, ChevronLeft20Regular, ChevronRight20Regular, Mail20Regular, Phone20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { ApiError, request } from '../../api/client';
import { currentLanguage } from '../../app/i18n';

/** An outbox row as GET /utilsapi/outbox answers it (src/server/services/notify). */
export type OutboxRow = {
  id: number;
  client_id: number | null;
  channel: 'email' | 'sms' | string;
  to_address: string;
  subject: string;
  body: string;
  link: string | null;
  status: 'queued' | 'sent' | 'failed' | string;
  error: string | null;
  created_at: string;
  sent_at: string | null;
};
type OutboxPage = { rows: OutboxRow[]; total: number; page: number; size: number };

const PAGE_SIZE = 20;

const useStyles = makeStyles({
  page: { display: 'grid', gap: '16px', maxWidth: '1280px' },
  head: { display: 'flex', alignItems: 'end', justifyContent: 'space-between', gap: '12px', flexWrap: 'wrap' },
  card: { padding: '0', overflow: 'hidden' },
  body: { whiteSpace: 'pre-wrap', wordBreak: 'break-word', color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  footer: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: '8px', padding: '10px 16px' },
  empty: { padding: '32px', textAlign: 'center', color: tokens.colorNeutralForeground3 },
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
  const [channel, setChannel] = useState<'all' | 'email' | 'sms'>('all');
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useSWR(['outbox', channel, page], () =>
    request<OutboxPage>('/utilsapi/outbox', { method: 'GET', query: { page, size: PAGE_SIZE, channel: channel === 'all' ? undefined : channel } }),
  );
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const fmt = (iso: string) => new Date(iso).toLocaleString(currentLanguage());

  return (
    <div className={s.page} data-testid="outbox">
      <div className={s.head}>
        <div>
          <Title3 as="h1">{t('ui.outbox.title')}</Title3>
          <Caption1 block>{t('ui.outbox.explain')}</Caption1>
        </div>
        <Button icon={<ArrowClockwise20Regular />} onClick={() => void mutate()}>
          {t('ui.common.refresh')}
        </Button>
      </div>
      <TabList selectedValue={channel} onTabSelect={(_, d) => { setChannel(d.value as typeof channel); setPage(1); }}>
        <Tab value="all">{t('ui.outbox.all')}</Tab>
        <Tab value="email" icon={<Mail20Regular />}>{t('ui.outbox.email')}</Tab>
        <Tab value="sms" icon={<Phone20Regular />}>{t('ui.outbox.sms')}</Tab>
      </TabList>
      {error instanceof ApiError && error.status === 403 ? (
        <MessageBar intent="warning">
          <MessageBarBody>{t('ui.outbox.forbidden')}</MessageBarBody>
        </MessageBar>
      ) : null}
      <Card className={s.card}>
        {isLoading ? <Spinner style={{ padding: 32 }} /> : null}
        {data && data.rows.length === 0 ? <div className={s.empty}>{t('ui.outbox.empty')}</div> : null}
        {data && data.rows.length > 0 ? (
          <Table aria-label={t('ui.outbox.title')} size="medium">
            <TableHeader>
              <TableRow>
                <TableHeaderCell style={{ width: 150 }}>{t('ui.outbox.time')}</TableHeaderCell>
                <TableHeaderCell style={{ width: 90 }}>{t('ui.outbox.channel')}</TableHeaderCell>
                <TableHeaderCell style={{ width: 200 }}>{t('ui.outbox.to')}</TableHeaderCell>
                <TableHeaderCell>{t('ui.outbox.message')}</TableHeaderCell>
                <TableHeaderCell style={{ width: 90 }}>{t('ui.outbox.status')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.rows.map((r) => (
                <TableRow key={r.id} data-testid="outbox-row">
                  <TableCell>{fmt(r.created_at)}</TableCell>
                  <TableCell>{r.channel === 'sms' ? t('ui.outbox.sms') : t('ui.outbox.email')}</TableCell>
                  <TableCell>
                    <Text truncate wrap={false} data-testid="outbox-to">{r.to_address}</Text>
                  </TableCell>
                  <TableCell>
                    <div style={{ display: 'grid', gap: 4, padding: '8px 0' }}>
                      <Text weight="semibold">{r.subject}</Text>
                      <div className={s.body} data-testid="outbox-body">{r.body}</div>
                      {r.link ? (
                        <Link href={localLink(r.link, window.location.origin)} data-testid="outbox-link">
                          {t('ui.outbox.openLink')}
                        </Link>
                      ) : null}
                    </div>
                  </TableCell>
                  <TableCell>
                    <Badge appearance="tint" color={STATUS_COLOR[r.status] ?? 'informative'} title={r.error ?? undefined}>
                      {t(`ui.outbox.status.${r.status}`)}
                    </Badge>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
        {data ? (
          <div className={s.footer}>
            <Caption1>{t('ui.outbox.total', { total: data.total, page, pages })}</Caption1>
            <Button size="small" icon={<ChevronLeft20Regular />} disabled={page <= 1} onClick={() => setPage((p) => p - 1)} aria-label={t('ui.common.previous')} />
            <Button size="small" icon={<ChevronRight20Regular />} disabled={page >= pages} onClick={() => setPage((p) => p + 1)} aria-label={t('ui.common.next')} />
          </div>
        ) : null}
      </Card>
    </div>
  );
}
