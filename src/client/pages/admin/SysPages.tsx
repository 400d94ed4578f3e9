import {
  Badge,
  Button,
  Dropdown,
  Field,
  Input,
  Option,
  SearchBox,
  Spinner,
  Tab,
  TabList,
  Text,
  Textarea,
} from '@fluentui/react-components';
import { ArrowClockwise20Regular, Checkmark20Regular, Dismiss20Regular, LockClosed20Regular, LockOpen20Regular, Save20Regular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { getDictionary } from '../../../model/dictionaries';
import '../../../model/entities';
import { toast } from '../../kernel/toast-bus';
import { adminApi, type ClientRow, type SettingRow, type SignupRow } from './admin-api';
import { AdminCard, AdminEditDialog, AdminPage, AdminTable, fieldErrorsOf, formatTime, ListState, useAdminStyles, useConfirm, useLabel, type AdminColumn } from '../common/admin-kit';

const PAGE_SIZE = 20;
const STATUS_COLOR: Record<string, 'informative' | 'success' | 'danger' | 'warning' | 'subtle'> = { pending: 'warning', active: 'success', rejected: 'danger', frozen: 'subtle' };

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge appearance="tint" color={STATUS_COLOR[status] ?? 'informative'} data-testid="status-badge">
      {t(`adminui.status.${status}`)}
    </Badge>
  );
}

/** A dictionary value's label (company types, licence types), or the value itself. */
function useDictLabel(): (dict: string, value: string) => string {
  const label = useLabel();
  return (dict, value) => {
    const item = getDictionary(dict)?.items.find((i) => i.value === value);
    return item ? label(item.label) : value;
  };
}

/**
 * /admin/page/signups: the super administrator's sign-up approval (spec 4: pending review,
 * approved, rejected; spec 6: system-wide sign-up approval). Approving creates the company's
 * access and mails its administrator; rejecting asks for the reason that is mailed to them.
 */
export function SignupApprovalPage() {
  const s = useAdminStyles();
  const { t } = useTranslation();
  const [status, setStatus] = useState<'pending' | 'active' | 'rejected' | 'all'>('pending');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<SignupRow | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [busy, setBusy] = useState(false);
  const [dialog, confirm] = useConfirm();
  const { data, error, isLoading, mutate } = useSWR(['signups', status, page], () => adminApi.signups(status, page, PAGE_SIZE));

  const approve = async (row: SignupRow) => {
    if (!(await confirm(t('adminui.signup.confirmApprove', { name: row.name })))) return;
    await adminApi.approveSignup(row.id);
    toast.success(t('adminui.signup.approved', { name: row.name }));
    void mutate();
  };
  const reject = async () => {
    if (!rejecting) return;
    if (!reason.trim()) {
      setReasonError(t('rule.required'));
      return;
    }
    setBusy(true);
    try {
      await adminApi.rejectSignup(rejecting.id, reason.trim());
      toast.success(t('adminui.signup.rejected', { name: rejecting.name }));
      setRejecting(null);
      void mutate();
    } catch (e) {
      setReasonError(fieldErrorsOf(e).reason ?? '');
    } finally {
      setBusy(false);
    }
  };
  const typeLabel = useDictLabel();
  const signupColumns: AdminColumn<SignupRow>[] = [
    {
      key: 'name',
      header: t('adminui.client.name'),
      render: (r) => (
        <div style={{ display: 'grid', padding: '6px 0' }}>
          <Text weight="semibold">{r.name}</Text>
          <Text size={200} className={s.muted}>{r.full_name && r.full_name !== r.name ? `${r.full_name} · ` : ''}{r.code}</Text>
        </div>
      ),
    },
    { key: 'type', header: t('adminui.client.type'), width: 100, render: (r) => typeLabel('company_type', r.type) },
    {
      key: 'contact',
      header: t('adminui.signup.contact'),
      render: (r) => (
        <div style={{ display: 'grid' }}>
          <Text>{r.contact_name}</Text>
          <Text size={200} className={s.muted}>{[r.contact_email, r.contact_mobile].filter(Boolean).join(' · ')}</Text>
        </div>
      ),
    },
    { key: 'admin', header: t('adminui.signup.admin'), width: 140, render: (r) => r.admin_username },
    { key: 'applied', header: t('adminui.signup.appliedAt'), width: 170, render: (r) => formatTime(r.created_at) },
    {
      key: 'status',
      header: t('adminui.status'),
      width: 100,
      render: (r) => (
        <>
          <StatusBadge status={r.status} />
          {r.review_note ? <Text size={200} block className={s.muted} title={r.review_note}>{r.review_note}</Text> : null}
        </>
      ),
    },
    {
      key: 'actions',
      header: t('adminui.actions'),
      width: 190,
      render: (r) =>
        r.status === 'pending' ? (
          <div className={s.rowActions}>
            <Button size="small" appearance="primary" icon={<Checkmark20Regular />} onClick={() => void approve(r)} data-testid="approve">{t('adminui.signup.approve')}</Button>
            <Button size="small" icon={<Dismiss20Regular />} onClick={() => { setRejecting(r); setReason(''); setReasonError(''); }} data-testid="reject">{t('adminui.signup.reject')}</Button>
          </div>
        ) : (
          <Text size={200} className={s.muted}>{formatTime(r.reviewed_at)}</Text>
        ),
    },
  ];

  return (
    <AdminPage testId="admin-signups" title={t('adminui.signup.title')} explain={t('adminui.signup.explain')} actions={<Button icon={<ArrowClockwise20Regular />} onClick={() => void mutate()}>{t('ui.common.refresh')}</Button>}>
      <TabList selectedValue={status} onTabSelect={(_, d) => { setStatus(d.value as typeof status); setPage(1); }}>
        <Tab value="pending" data-testid="tab-pending">{t('adminui.status.pending')}</Tab>
        <Tab value="active" data-testid="tab-active">{t('adminui.status.approved')}</Tab>
        <Tab value="rejected" data-testid="tab-rejected">{t('adminui.status.rejected')}</Tab>
        <Tab value="all">{t('adminui.all')}</Tab>
      </TabList>
      <AdminTable
        label={t('adminui.signup.title')}
        columns={signupColumns}
        rows={data?.rows}
        rowKey={(r) => r.id}
        rowTestId={() => 'signup-row'}
        loading={isLoading}
        error={error}
        emptyText={status === 'pending' ? t('adminui.signup.nonePending') : undefined}
        paging={data ? { page, size: PAGE_SIZE, total: data.total, onPage: setPage } : undefined}
      />
      {dialog}
      <AdminEditDialog
        open={rejecting !== null}
        title={t('adminui.signup.rejectTitle', { name: rejecting?.name ?? '' })}
        onClose={() => setRejecting(null)}
        onSave={() => void reject()}
        busy={busy}
        saveLabel={t('adminui.signup.reject')}
        saveTestId="reject-ok"
      >
        <Field label={t('adminui.signup.reason')} required validationMessage={reasonError || undefined} validationState={reasonError ? 'error' : 'none'}>
          <Textarea value={reason} onChange={(_, d) => setReason(d.value)} maxLength={500} rows={4} data-testid="reject-reason" />
        </Field>
      </AdminEditDialog>
    </AdminPage>
  );
}

/** /admin/page/clients: client management with licence types (spec 6), freeze and activate a company. */
export function ClientsPage() {
  const s = useAdminStyles();
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ClientRow | null>(null);
  const [licence, setLicence] = useState('');
  const [dialog, confirm] = useConfirm();
  const dictLabel = useDictLabel();
  const { data, error, isLoading, mutate } = useSWR(['clients', q, status, page], () => adminApi.clients({ q: q || undefined, status: status || undefined, page, size: PAGE_SIZE }));

  const toggle = async (row: ClientRow) => {
    const freezing = row.status === 'active';
    if (!(await confirm(t(freezing ? 'adminui.client.confirmFreeze' : 'adminui.client.confirmActivate', { name: row.name })))) return;
    await (freezing ? adminApi.freezeClient(row.id) : adminApi.activateClient(row.id));
    toast.success(t(freezing ? 'adminui.client.frozen' : 'adminui.client.activated', { name: row.name }));
    void mutate();
  };
  const saveLicence = async () => {
    if (!editing) return;
    await adminApi.saveClientLicence(editing.id, editing.version, licence);
    toast.success(t('adminui.saved'));
    setEditing(null);
    void mutate();
  };
  const clientColumns: AdminColumn<ClientRow>[] = [
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
          <Button size="small" onClick={() => { setEditing(r); setLicence(r.licence_type); }} data-testid="edit-licence">{t('adminui.client.editLicence')}</Button>
          {r.status === 'active' || r.status === 'frozen' ? (
            <Button size="small" icon={r.status === 'active' ? <LockClosed20Regular /> : <LockOpen20Regular />} onClick={() => void toggle(r)} data-testid={r.status === 'active' ? 'freeze' : 'activate'}>
              {t(r.status === 'active' ? 'adminui.freeze' : 'adminui.activate')}
            </Button>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <AdminPage testId="admin-clients" title={t('adminui.client.title')} explain={t('adminui.client.explain')}>
      <AdminTable
        label={t('adminui.client.title')}
        toolbar={
          <>
            <SearchBox placeholder={t('adminui.client.search')} value={q} onChange={(_, d) => { setQ(d.value); setPage(1); }} style={{ width: 260 }} />
            <Dropdown
              placeholder={t('adminui.allStatuses')}
              value={status ? t(`adminui.status.${status}`) : t('adminui.allStatuses')}
              selectedOptions={[status]}
              onOptionSelect={(_, d) => { setStatus(d.optionValue ?? ''); setPage(1); }}
            >
              <Option value="">{t('adminui.allStatuses')}</Option>
              {['active', 'frozen', 'pending', 'rejected'].map((v) => <Option key={v} value={v}>{t(`adminui.status.${v}`)}</Option>)}
            </Dropdown>
          </>
        }
        columns={clientColumns}
        rows={data?.rows}
        rowKey={(r) => r.id}
        rowTestId={() => 'client-row'}
        loading={isLoading}
        error={error}
        paging={data ? { page, size: PAGE_SIZE, total: data.total, onPage: setPage } : undefined}
      />
      {dialog}
      <AdminEditDialog open={editing !== null} title={`${t('adminui.client.editLicence')} · ${editing?.name ?? ''}`} onClose={() => setEditing(null)} onSave={() => void saveLicence()} saveIcon={<Save20Regular />} saveTestId="licence-save">
        <Field label={t('adminui.client.licence')}>
          <Dropdown value={dictLabel('licence_type', licence)} selectedOptions={[licence]} onOptionSelect={(_, d) => setLicence(d.optionValue ?? licence)} data-testid="licence-select">
            {(data?.licence_types ?? []).map((v) => <Option key={v} value={v}>{dictLabel('licence_type', v)}</Option>)}
          </Dropdown>
        </Field>
      </AdminEditDialog>
    </AdminPage>
  );
}

/** /admin/page/sysdict: the system dictionaries (declared in src/model; tenants extend them in the data dictionary). */
export function SystemDictionaryPage() {
  const s = useAdminStyles();
  const { t } = useTranslation();
  const label = useLabel();
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const { data, error, isLoading } = useSWR('sys-dicts', () => adminApi.dictionaries());
  const shown = (data ?? []).filter((d) => !filter || d.code.includes(filter) || label(d.label).includes(filter));
  const current = data?.find((d) => d.code === selected) ?? shown[0];
  return (
    <AdminPage testId="admin-sysdict" title={t('adminui.sysdict.title')} explain={t('adminui.sysdict.explain')}>
      <ListState loading={isLoading} error={error} empty={!!data && data.length === 0} />
      {data && data.length ? (
        <div style={{ display: 'grid', gridTemplateColumns: 'minmax(220px, 300px) 1fr', gap: 16, alignItems: 'start' }}>
          <AdminCard>
            <div className={s.toolbar}>
              <SearchBox placeholder={t('engine.search')} value={filter} onChange={(_, d) => setFilter(d.value)} style={{ width: '100%' }} />
            </div>
            <TabList vertical selectedValue={current?.code} onTabSelect={(_, d) => setSelected(String(d.value))} style={{ maxHeight: 560, overflow: 'auto', padding: 8 }}>
              {shown.map((d) => (
                <Tab key={d.code} value={d.code} data-testid={`dict-${d.code}`}>
                  {label(d.label)} <Text size={200} className={s.muted}>{d.code}</Text>
                </Tab>
              ))}
            </TabList>
          </AdminCard>
          {current ? (
            <AdminTable
              label={label(current.label)}
              columns={[
                { key: 'value', header: t('adminui.sysdict.value'), width: 180, mono: true, render: (i) => i.value },
                { key: 'zh', header: t('adminui.sysdict.labelZh'), render: (i) => i.label.zh },
                { key: 'en', header: t('adminui.sysdict.labelEn'), render: (i) => i.label.en },
              ]}
              rows={current.items}
              rowKey={(i) => i.value}
              rowTestId={() => 'dict-item'}
              loading={false}
              error={null}
            />
          ) : null}
        </div>
      ) : null}
    </AdminPage>
  );
}

/** /admin/page/sysconfig: the system configuration (spec 6), read by the code that uses it. */
export function SystemConfigPage() {
  const s = useAdminStyles();
  const { t } = useTranslation();
  const label = useLabel();
  const { data, error, isLoading, mutate } = useSWR('sys-config', () => adminApi.settings());
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (data) setValues(Object.fromEntries(data.map((d) => [d.key, String(d.value)])));
  }, [data]);
  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      await adminApi.saveSettings(values);
      toast.success(t('adminui.saved'));
      void mutate();
    } catch (e) {
      setErrors(fieldErrorsOf(e));
    } finally {
      setBusy(false);
    }
  };
  const input = (d: SettingRow) =>
    d.type === 'choice' ? (
      <Dropdown value={label(d.options.find((o) => o.value === values[d.key])?.label)} selectedOptions={[values[d.key] ?? '']} onOptionSelect={(_, o) => setValues((v) => ({ ...v, [d.key]: o.optionValue ?? '' }))} data-testid={`setting-${d.key}`}>
        {d.options.map((o) => <Option key={o.value} value={o.value}>{label(o.label)}</Option>)}
      </Dropdown>
    ) : (
      <Input type="number" min={d.min} max={d.max} value={values[d.key] ?? ''} onChange={(_, o) => setValues((v) => ({ ...v, [d.key]: o.value }))} data-testid={`setting-${d.key}`} />
    );
  return (
    <AdminPage testId="admin-sysconfig" title={t('adminui.sysconfig.title')} explain={t('adminui.sysconfig.explain')}>
      <ListState loading={isLoading} error={error} empty={false} />
      {data ? (
        <AdminCard>
          <div className={s.form} style={{ padding: 16, maxWidth: 560 }}>
            {data.map((d) => (
              <Field key={d.key} label={label(d.label)} hint={`${label(d.help)} · ${t('adminui.sysconfig.default', { value: d.type === 'choice' ? label(d.options.find((o) => o.value === d.default)?.label) : d.default })}`} validationMessage={errors[d.key]} validationState={errors[d.key] ? 'error' : 'none'}>
                {input(d)}
              </Field>
            ))}
            <div>
              <Button appearance="primary" icon={busy ? <Spinner size="tiny" /> : <Save20Regular />} disabled={busy} onClick={() => void save()} data-testid="settings-save">{t('engine.save')}</Button>
            </div>
          </div>
        </AdminCard>
      ) : null}
    </AdminPage>
  );
}
