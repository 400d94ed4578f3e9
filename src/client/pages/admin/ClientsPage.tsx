import { Button, Dropdown, Field, Option, SearchBox, Text } from '@fluentui/react-components';
import { LockClosed20Regular, LockOpen20Regular, Save20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ClientRow } from './admin-api';
import { AdminEditDialog, AdminPage, AdminTable, useAdminStyles, type AdminColumn } from '../common/admin-kit';
import { PAGE_SIZE, StatusBadge, useDictLabel } from './sys-shared';
import { useClients } from './use-clients';

/** The client list's columns: code, name and contact, type, licence, users, status, actions. */
function useClientColumns(startEdit: (r: ClientRow) => void, toggle: (r: ClientRow) => void): AdminColumn<ClientRow>[] {
  const s = useAdminStyles();
  const { t } = useTranslation();
  const dictLabel = useDictLabel();
  return [
    { key: 'code', header: t('adminui.client.code'), width: 110, mono: true, render: (r) => r.code },
    {
      key: 'name',
      header: t('adminui.client.name'),
      render: (r) => (
        <div style={{ display: 'grid', padding: '6px 0' }}>
          <Text weight="semibold">{r.name}</Text>
          <Text size={200} className={s.muted}>{r.contact_name} {r.contact_email}</Text>
        </div>
      ),
    },
    { key: 'type', header: t('adminui.client.type'), width: 100, render: (r) => dictLabel('company_type', r.type) },
    { key: 'licence', header: t('adminui.client.licence'), width: 120, render: (r) => dictLabel('licence_type', r.licence_type) },
    { key: 'users', header: t('adminui.client.users'), width: 80, render: (r) => r.users },
    { key: 'status', header: t('adminui.status'), width: 100, render: (r) => <StatusBadge status={r.status} /> },
    {
      key: 'actions',
      header: t('adminui.actions'),
      width: 220,
      render: (r) => (
        <div className={s.rowActions}>
          <Button size="small" onClick={() => startEdit(r)} data-testid="edit-licence">{t('adminui.client.editLicence')}</Button>
          {r.status === 'active' || r.status === 'frozen' ? (
            <Button size="small" icon={r.status === 'active' ? <LockClosed20Regular /> : <LockOpen20Regular />} onClick={() => toggle(r)} data-testid={r.status === 'active' ? 'freeze' : 'activate'}>
              {t(r.status === 'active' ? 'adminui.freeze' : 'adminui.activate')}
            </Button>
          ) : null}
        </div>
      ),
    },
  ];
}

/** /admin/page/clients: client management with licence types (spec 6), freeze and activate a company. */
export function ClientsPage() {
  const { t } = useTranslation();
  const dictLabel = useDictLabel();
  const v = useClients();
  const { data, error, isLoading } = v.list;
  const columns = useClientColumns(v.startEdit, (r) => void v.toggle(r));
  const toolbar = (
    <>
      <SearchBox placeholder={t('adminui.client.search')} value={v.q} onChange={(_, d) => v.search(d.value)} style={{ width: 260 }} />
      <Dropdown placeholder={t('adminui.allStatuses')} value={v.status ? t(`adminui.status.${v.status}`) : t('adminui.allStatuses')} selectedOptions={[v.status]} onOptionSelect={(_, d) => v.filter(d.optionValue ?? '')}>
        <Option value="">{t('adminui.allStatuses')}</Option>
        {['active', 'frozen', 'pending', 'rejected'].map((o) => <Option key={o} value={o}>{t(`adminui.status.${o}`)}</Option>)}
      </Dropdown>
    </>
  );
  return (
    <AdminPage testId="admin-clients" title={t('adminui.client.title')} explain={t('adminui.client.explain')}>
      <AdminTable
        label={t('adminui.client.title')}
        toolbar={toolbar}
        columns={columns}
        rows={data?.rows}
        rowKey={(r) => r.id}
        rowTestId={() => 'client-row'}
        loading={isLoading}
        error={error}
        paging={data ? { page: v.page, size: PAGE_SIZE, total: data.total, onPage: v.setPage } : undefined}
      />
      {v.dialog}
      <AdminEditDialog open={v.editing !== null} title={`${t('adminui.client.editLicence')} · ${v.editing?.name ?? ''}`} onClose={() => v.setEditing(null)} onSave={() => void v.saveLicence()} saveIcon={<Save20Regular />} saveTestId="licence-save">
        <Field label={t('adminui.client.licence')}>
          <Dropdown value={dictLabel('licence_type', v.licence)} selectedOptions={[v.licence]} onOptionSelect={(_, d) => v.setLicence(d.optionValue ?? v.licence)} data-testid="licence-select">
            {(data?.licence_types ?? []).map((o) => <Option key={o} value={o}>{dictLabel('licence_type', o)}</Option>)}
          </Dropdown>
        </Field>
      </AdminEditDialog>
    </AdminPage>
  );
}
