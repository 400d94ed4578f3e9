import { Badge, Button, Field, Input, MessageBar, MessageBarBody, Tab, TabList, Text } from '@fluentui/react-components';
import { Add20Regular, ArrowClockwise20Regular, Delete20Regular, Edit20Regular, Key20Regular, Send20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PushEndpointView, PushHost } from '../../../model/calls/gateway';
import { AdminPage, AdminTable, formatTime, useAdminStyles, useLabel, type AdminColumn } from '../common/admin-kit';
import { PushDeliveries } from './PushDeliveries';
import { PushEndpointDialog } from './PushEndpointDialog';
import { SecretOnceDialog } from './SecretOnceDialog';
import { usePush, type PushState } from './use-push';

type TabKey = 'endpoints' | 'hosts' | 'deliveries';

/**
 * /admin/page/push (issue 35, spec 7 out-api auto-push): the company's push endpoints (the events
 * each receives), the hosts they may be on, and the delivery log with replay.
 */
export function PushPage() {
  const { t } = useTranslation();
  const st = usePush();
  const [tab, setTab] = useState<TabKey>('endpoints');
  const data = st.setup.data;
  return (
    <AdminPage
      testId="admin-push"
      title={t('gatewayui.push.title')}
      explain={t('gatewayui.push.explain')}
      actions={
        <>
          <Button icon={<ArrowClockwise20Regular />} onClick={() => void st.setup.mutate()} aria-label={t('engine.refresh')} />
          <Button appearance="primary" icon={<Add20Regular />} onClick={() => st.edit()} disabled={!data} data-testid="push-endpoint-create">{t('gatewayui.push.newEndpoint')}</Button>
        </>
      }
    >
      {data?.allow_loopback ? <MessageBar intent="info"><MessageBarBody>{t('gatewayui.push.loopbackNote')}</MessageBarBody></MessageBar> : null}
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as TabKey)}>
        <Tab value="endpoints" data-testid="push-tab-endpoints">{t('gatewayui.push.endpoints')}</Tab>
        <Tab value="hosts" data-testid="push-tab-hosts">{t('gatewayui.push.hosts')}</Tab>
        <Tab value="deliveries" data-testid="push-tab-deliveries">{t('gatewayui.push.deliveries')}</Tab>
      </TabList>
      {tab === 'endpoints' ? <EndpointTable st={st} /> : null}
      {tab === 'hosts' ? <HostTable st={st} /> : null}
      {tab === 'deliveries' ? <PushDeliveries confirm={st.confirm} /> : null}
      <PushEndpointDialog st={st} entities={data?.entities ?? []} />
      <SecretOnceDialog secret={st.shown?.secret ?? null} title={`${t('gatewayui.push.secretTitle')} — ${st.shown?.name ?? ''}`} explain={t('gatewayui.push.secretExplain')} onClose={st.hideSecret} testId="push-secret" />
      {st.dialog}
    </AdminPage>
  );
}

function EndpointTable({ st }: { st: PushState }) {
  const { t } = useTranslation();
  const s = useAdminStyles();
  const label = useLabel();
  const names = new Map((st.setup.data?.entities ?? []).map((e) => [e.name, label(e.label)]));
  const columns: AdminColumn<PushEndpointView>[] = [
    { key: 'name', header: t('gatewayui.push.name'), width: 180, render: (e) => <Text weight="semibold">{e.name}</Text> },
    { key: 'url', header: t('gatewayui.push.url'), mono: true, render: (e) => e.url },
    {
      key: 'events', header: t('gatewayui.push.events'),
      render: (e) => <Text size={200}>{e.events.map((x) => `${names.get(x.entity) ?? x.entity}: ${x.events.map((ev) => t(`gatewayui.push.event.${ev}`)).join('/')}`).join('; ')}</Text>,
    },
    { key: 'enabled', header: t('gatewayui.keys.status'), width: 80, render: (e) => <Badge appearance="tint" color={e.enabled ? 'success' : 'subtle'}>{t(e.enabled ? 'gatewayui.push.enabled' : 'gatewayui.push.disabled')}</Badge> },
    { key: 'recent', header: t('gatewayui.push.recent'), width: 190, render: (e) => <Text size={200}>{t('gatewayui.push.recentText', e.recent)}</Text> },
    {
      key: 'actions', header: '', width: 170,
      render: (e) => (
        <div className={s.rowActions}>
          <Button size="small" icon={<Edit20Regular />} onClick={() => st.edit(e)} aria-label={t('gatewayui.push.editEndpoint')} title={t('gatewayui.push.editEndpoint')} />
          <Button size="small" icon={<Send20Regular />} onClick={() => void st.ping(e)} aria-label={t('gatewayui.push.ping')} title={t('gatewayui.push.ping')} data-testid={`push-ping-${e.id}`} />
          <Button size="small" icon={<Key20Regular />} onClick={() => void st.rotate(e)} aria-label={t('gatewayui.push.rotate')} title={t('gatewayui.push.rotate')} />
          <Button size="small" icon={<Delete20Regular />} onClick={() => void st.remove(e)} aria-label={t('gatewayui.push.remove')} title={t('gatewayui.push.remove')} />
        </div>
      ),
    },
  ];
  return (
    <AdminTable label={t('gatewayui.push.endpoints')} columns={columns} rows={st.setup.data?.endpoints} rowKey={(e) => e.id} rowTestId={(e) => `push-endpoint-${e.id}`}
      loading={st.setup.isLoading} error={st.setup.error} emptyText={t('gatewayui.push.endpointsEmpty')} size="small" testId="push-endpoints" />
  );
}

function HostTable({ st }: { st: PushState }) {
  const { t } = useTranslation();
  const columns: AdminColumn<PushHost>[] = [
    { key: 'host', header: t('gatewayui.push.host'), mono: true, render: (h) => h.host },
    { key: 'time', header: t('gatewayui.push.time'), width: 180, render: (h) => formatTime(h.created_at) },
    { key: 'remove', header: '', width: 100, render: (h) => <Button size="small" icon={<Delete20Regular />} onClick={() => void st.removeHost(h)}>{t('gatewayui.push.removeHost')}</Button> },
  ];
  return (
    <AdminTable
      label={t('gatewayui.push.hosts')} columns={columns} rows={st.setup.data?.hosts} rowKey={(h) => h.id} loading={st.setup.isLoading} error={st.setup.error}
      emptyText={t('gatewayui.push.hostsEmpty')} size="small" testId="push-hosts"
      toolbar={
        <>
          <Field label={t('gatewayui.push.host')} hint={t('gatewayui.push.hostsExplain')} validationMessage={st.hostError} validationState={st.hostError ? 'error' : 'none'}>
            <Input value={st.hostText} onChange={(_, v) => st.setHostText(v.value)} placeholder="erp.example.com" data-testid="push-host-input" />
          </Field>
          <Button icon={<Add20Regular />} onClick={() => void st.addHost()} disabled={!st.hostText.trim()} data-testid="push-host-add">{t('gatewayui.push.addHost')}</Button>
        </>
      }
    />
  );
}
