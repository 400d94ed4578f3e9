import { Badge, Button, Caption1, Text } from '@fluentui/react-components';
import { Add20Regular, ArrowClockwise20Regular, Delete20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ApiKeyView } from '../../../model/calls/gateway';
import { AdminPage, AdminTable, formatTime, useAdminStyles, useLabel, type AdminColumn } from '../common/admin-kit';
import { ApiKeyDialog } from './ApiKeyDialog';
import { SecretOnceDialog } from './SecretOnceDialog';
import { useApiKeys, type ApiKeysState } from './use-api-keys';

const STATUS_COLOR = { active: 'success', revoked: 'danger', expired: 'warning' } as const;

/**
 * /admin/page/apikeys (issue 35): the company's API keys for the third-party gateway. A company
 * administrator creates a key (name, scopes, calls per minute, expiry) and sees it once; the list
 * shows its first characters, scopes, last use and state; revoking asks first.
 */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const st = useApiKeys();
  const data = st.list.data;
  return (
    <AdminPage
      testId="admin-apikeys"
      title={t('gatewayui.keys.title')}
      explain={t('gatewayui.keys.explain', { prefixes: (data?.prefixes ?? []).join(', ') })}
      actions={
        <>
          <Button icon={<ArrowClockwise20Regular />} onClick={() => void st.list.mutate()} aria-label={t('engine.refresh')} />
          <Button appearance="primary" icon={<Add20Regular />} onClick={st.open} disabled={!data} data-testid="apikey-create">{t('gatewayui.keys.create')}</Button>
        </>
      }
    >
      <Caption1>{t('gatewayui.keys.usage')}</Caption1>
      <AdminTable
        label={t('gatewayui.keys.title')}
        columns={useKeyColumns(st)}
        rows={data?.rows}
        rowKey={(k) => k.id}
        rowTestId={(k) => `apikey-row-${k.id}`}
        loading={st.list.isLoading}
        error={st.list.error}
        emptyText={t('gatewayui.keys.empty')}
        testId="apikeys-table"
        size="small"
      />
      <ApiKeyDialog st={st} entities={data?.entities ?? []} />
      <SecretOnceDialog secret={st.shown?.secret ?? null} title={`${t('gatewayui.keys.secretTitle')} — ${st.shown?.name ?? ''}`} explain={t('gatewayui.keys.secretExplain')} onClose={st.hideSecret} testId="apikey-secret" />
      {st.dialog}
    </AdminPage>
  );
}

/** The list's columns: name and first characters, scopes, rate, expiry, creator, last use, state, revoke. */
function useKeyColumns(st: ApiKeysState): AdminColumn<ApiKeyView>[] {
  const { t } = useTranslation();
  const s = useAdminStyles();
  const label = useLabel();
  const names = new Map((st.list.data?.entities ?? []).map((e) => [e.name, label(e.label)]));
  return [
    // Fixed widths stay small so that the name and the scopes keep room at 1366 px.
    { key: 'name', header: t('gatewayui.keys.name'), render: (k) => <Text weight="semibold">{k.name}</Text> },
    { key: 'prefix', header: t('gatewayui.keys.prefix'), width: 120, mono: true, render: (k) => `${k.key_prefix}…` },
    {
      key: 'scopes', header: t('gatewayui.keys.scopes'),
      render: (k) => (
        <div className={s.rowActions}>
          {k.scopes.map((x) => (
            <Badge key={x.entity} appearance={x.access === 'write' ? 'tint' : 'outline'} color={x.access === 'write' ? 'brand' : 'informative'}>
              {names.get(x.entity) ?? x.entity} · {t(x.access === 'write' ? 'gatewayui.keys.write' : 'gatewayui.keys.read')}
            </Badge>
          ))}
        </div>
      ),
    },
    { key: 'rate', header: t('gatewayui.keys.rate'), width: 90, render: (k) => k.rate_per_minute },
    { key: 'expires', header: t('gatewayui.keys.expires'), width: 110, render: (k) => (k.expires_at ? formatTime(k.expires_at) : <span className={s.muted}>{t('gatewayui.keys.never')}</span>) },
    { key: 'by', header: t('gatewayui.keys.createdBy'), render: (k) => <Text size={200}>{k.created_by_name} · {formatTime(k.created_at)}</Text> },
    { key: 'used', header: t('gatewayui.keys.lastUsed'), width: 110, render: (k) => formatTime(k.last_used_at) || '—' },
    { key: 'status', header: t('gatewayui.keys.status'), width: 80, render: (k) => <Badge appearance="tint" color={STATUS_COLOR[k.status]}>{t(`gatewayui.keys.${k.status}`)}</Badge> },
    {
      key: 'actions', header: '', width: 90,
      render: (k) => (k.status === 'revoked' ? null : <Button size="small" icon={<Delete20Regular />} onClick={() => void st.revoke(k)} data-testid={`apikey-revoke-${k.id}`}>{t('gatewayui.keys.revoke')}</Button>),
    },
  ];
}
