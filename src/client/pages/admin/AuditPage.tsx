import { Badge, Button, Dropdown, Field, Input, Option, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { ArrowClockwise20Regular, Dismiss20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { DateText } from '../../form/widgets/date-input';
import { access } from '../../session/access-state';
import { adminApi, type AuditChange, type AuditRow } from './admin-api';
import { AdminCard, AdminPage, formatTime, ListState, Pager, useAdminStyles } from '../common/admin-kit';

const PAGE_SIZE = 30;
type Filters = { entity: string; username: string; from: string; to: string; client: string };
const EMPTY: Filters = { entity: '', username: '', from: '', to: '', client: '' };

/** One change as text: field old -> new (values as JSON when not plain). Pure. */
export function changeText(c: AuditChange): string {
  const show = (v: unknown, label: string | null | undefined) => (label !== undefined && label !== null ? label : v === null || v === undefined ? '∅' : typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v));
  const name = c.label ?? c.field;
  const text = c.old === null || c.old === undefined ? `${name}：${show(c.new, c.new_text)}` : `${name}：${show(c.old, c.old_text)} → ${show(c.new, c.new_text)}`;
  return text.length > 240 ? `${text.slice(0, 237)}…` : text;
}

const ACTION_COLOR: Record<string, 'success' | 'danger' | 'warning' | 'informative' | 'brand'> = { create: 'success', remove: 'danger', freeze: 'warning', update: 'brand' };

/**
 * /admin/page/audit: who changed what, when and from where (issue 5), filtered by record type,
 * user and dates. The super administrator may look at any company.
 */
export function AuditPage() {
  const s = useAdminStyles();
  const { t } = useTranslation();
  const me = useSnapshot(access);
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const clients = useSWR(me.isSuper ? 'audit-clients' : null, () => adminApi.clientOptions());
  const { data, error, isLoading, mutate } = useSWR(['audit', filters, page], () =>
    adminApi.audit({ entity: filters.entity || undefined, username: filters.username || undefined, from: filters.from || undefined, to: filters.to || undefined, page, size: PAGE_SIZE, ...(filters.client ? { client_id: Number(filters.client) } : {}) }),
  );
  const apply = () => {
    setFilters(draft);
    setPage(1);
  };
  const set = (k: keyof Filters) => (_: unknown, d: { value: string }) => setDraft({ ...draft, [k]: d.value });
  const clientName = (id: string) => clients.data?.rows.find((c) => String(c.id) === id)?.name ?? '';

  return (
    <AdminPage testId="admin-audit" title={t('adminui.audit.title')} explain={t('adminui.audit.explain')} actions={<Button icon={<ArrowClockwise20Regular />} onClick={() => void mutate()}>{t('ui.common.refresh')}</Button>}>
      <AdminCard>
        <form className={s.toolbar} onSubmit={(e) => { e.preventDefault(); apply(); }}>
          <Field label={t('adminui.audit.entity')}><Input value={draft.entity} onChange={set('entity')} placeholder="vendor, role, user…" data-testid="audit-entity" /></Field>
          <Field label={t('adminui.audit.user')}><Input value={draft.username} onChange={set('username')} data-testid="audit-user" /></Field>
          <Field label={t('adminui.audit.from')}><DateText kind="date" value={draft.from} onChange={(v) => setDraft((d) => ({ ...d, from: v }))} testId="audit-from" /></Field>
          <Field label={t('adminui.audit.to')}><DateText kind="date" value={draft.to} onChange={(v) => setDraft((d) => ({ ...d, to: v }))} testId="audit-to" /></Field>
          {me.isSuper ? (
            <Field label={t('adminui.audit.client')}>
              <Dropdown value={draft.client ? clientName(draft.client) : t('adminui.audit.ownClient')} selectedOptions={[draft.client]} onOptionSelect={(_, d) => setDraft({ ...draft, client: d.optionValue ?? '' })}>
                <Option value="">{t('adminui.audit.ownClient')}</Option>
                {(clients.data?.rows ?? []).map((c) => <Option key={c.id} value={String(c.id)}>{c.name}</Option>)}
              </Dropdown>
            </Field>
          ) : null}
          <Button appearance="primary" type="submit" data-testid="audit-apply">{t('engine.search')}</Button>
          <Button icon={<Dismiss20Regular />} onClick={() => { setDraft(EMPTY); setFilters(EMPTY); setPage(1); }}>{t('adminui.clear')}</Button>
        </form>
        <ListState loading={isLoading} error={error} empty={!!data && data.rows.length === 0} />
        {data && data.rows.length > 0 ? (
          <Table aria-label={t('adminui.audit.title')} size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell style={{ width: 170 }}>{t('adminui.audit.at')}</TableHeaderCell>
                <TableHeaderCell style={{ width: 130 }}>{t('adminui.audit.user')}</TableHeaderCell>
                <TableHeaderCell style={{ width: 130 }}>{t('adminui.audit.ip')}</TableHeaderCell>
                <TableHeaderCell style={{ width: 170 }}>{t('adminui.audit.record')}</TableHeaderCell>
                <TableHeaderCell style={{ width: 110 }}>{t('adminui.audit.action')}</TableHeaderCell>
                <TableHeaderCell>{t('adminui.audit.changes')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.rows.map((r: AuditRow) => (
                <TableRow key={r.id} data-testid="audit-row">
                  <TableCell>{formatTime(r.at)}</TableCell>
                  <TableCell>{r.username}</TableCell>
                  <TableCell className={s.mono}>{r.ip}</TableCell>
                  <TableCell><Text>{r.entity_label ?? r.entity}</Text>{r.record_title ? <Text weight="semibold"> {r.record_title}</Text> : r.record_id ? <Text className={s.muted}> #{r.record_id}</Text> : null}</TableCell>
                  <TableCell><Badge appearance="tint" color={ACTION_COLOR[r.action] ?? 'informative'} title={r.action}>{r.action_label ?? t(`adminui.auditAction.${r.action}`, { defaultValue: r.action })}</Badge></TableCell>
                  <TableCell>
                    <div style={{ display: 'grid', padding: '4px 0' }}>
                      {(Array.isArray(r.changes) ? r.changes : []).slice(0, 6).map((c, i) => <Text key={i} size={200} className={s.mono} style={{ wordBreak: 'break-all' }}>{changeText(c)}</Text>)}
                      {Array.isArray(r.changes) && r.changes.length > 6 ? <Text size={200} className={s.muted}>{t('adminui.audit.more', { count: r.changes.length - 6 })}</Text> : null}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
        {data ? <Pager page={page} size={PAGE_SIZE} total={data.total} onPage={setPage} /> : null}
      </AdminCard>
    </AdminPage>
  );
}
