import { Badge, Button, Dropdown, Option, Text, Tooltip } from '@fluentui/react-components';
import { ArrowRepeatAll20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { PushDeliveryView } from '../../../model/calls/gateway';
import { AdminTable, formatTime, useAdminStyles, type AdminColumn } from '../common/admin-kit';
import { usePushDeliveries } from './use-push';

const COLOR = { queued: 'informative', sending: 'brand', sent: 'success', failed: 'danger' } as const;
const STATUSES = ['', 'queued', 'sending', 'sent', 'failed'];

/** The delivery log: time, endpoint, event, status (retrying with its next try), attempts, HTTP status, last error, replay. */
export function PushDeliveries({ confirm }: { confirm: (text: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  const s = useAdminStyles();
  const log = usePushDeliveries(confirm);
  const statusLabel = (v: string) => (v ? t(`gatewayui.push.st.${v}`) : t('gatewayui.push.allStatuses'));
  const columns: AdminColumn<PushDeliveryView>[] = [
    { key: 'id', header: '#', width: 70, mono: true, render: (d) => d.id },
    { key: 'time', header: t('gatewayui.push.time'), width: 170, render: (d) => formatTime(d.created_at) },
    { key: 'endpoint', header: t('gatewayui.push.endpoints'), width: 170, render: (d) => d.endpoint_name ?? t('gatewayui.push.removedEndpoint') },
    {
      key: 'event', header: t('gatewayui.push.event'),
      render: (d) => (
        <Tooltip content={<pre style={{ margin: 0, maxWidth: 520, whiteSpace: 'pre-wrap', maxHeight: 300, overflow: 'auto' }}>{d.body.slice(0, 2000)}</pre>} relationship="description">
          <span><code>{d.event}</code>{d.replay_of ? <Text size={200} className={s.muted}> · {t('gatewayui.push.replayOf', { id: d.replay_of })}</Text> : null}</span>
        </Tooltip>
      ),
    },
    {
      key: 'status', header: t('gatewayui.push.status'), width: 190,
      render: (d) => {
        const retrying = d.status === 'queued' && d.attempts > 0;
        return (
          <span>
            <Badge appearance="tint" color={retrying ? 'warning' : COLOR[d.status]}>{retrying ? t('gatewayui.push.retrying') : statusLabel(d.status)}</Badge>
            {retrying && d.next_attempt_at ? <Text size={200} className={s.muted}> {t('gatewayui.push.nextAttempt', { time: formatTime(d.next_attempt_at).slice(11) })}</Text> : null}
          </span>
        );
      },
    },
    { key: 'attempts', header: t('gatewayui.push.attempts'), width: 80, render: (d) => d.attempts },
    { key: 'http', header: t('gatewayui.push.http'), width: 70, render: (d) => d.response_status ?? '—' },
    { key: 'error', header: t('gatewayui.push.lastError'), render: (d) => <Text size={200}>{d.error ?? ''}</Text> },
    {
      key: 'replay', header: '', width: 90,
      render: (d) => (d.status === 'sent' || d.status === 'failed') && d.endpoint_id ? (
        <Button size="small" icon={<ArrowRepeatAll20Regular />} onClick={() => void log.replay(d)} data-testid={`push-replay-${d.id}`}>{t('gatewayui.push.replay')}</Button>
      ) : null,
    },
  ];
  return (
    <AdminTable
      label={t('gatewayui.push.deliveries')}
      columns={columns}
      rows={log.list.data?.rows}
      rowKey={(d) => d.id}
      rowTestId={(d) => `push-delivery-${d.id}`}
      loading={log.list.isLoading}
      error={log.list.error}
      emptyText={t('gatewayui.push.deliveriesEmpty')}
      size="small"
      testId="push-deliveries"
      toolbar={
        <Dropdown value={statusLabel(log.status)} selectedOptions={[log.status]} onOptionSelect={(_, v) => log.setStatus(v.optionValue ?? '')} aria-label={t('gatewayui.push.status')}>
          {STATUSES.map((v) => <Option key={v || 'all'} value={v}>{statusLabel(v)}</Option>)}
        </Dropdown>
      }
      paging={log.list.data ? { page: log.page, size: log.size, total: log.list.data.total, onPage: log.setPage } : undefined}
    />
  );
}
