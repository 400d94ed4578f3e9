import { Badge, Button, Input, Spinner, Switch, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { ArrowClockwise20Regular, Save20Regular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { toast } from '../../kernel/toast-bus';
import { adminApi, type ServiceRow } from './admin-api';
import { AdminCard, AdminPage, fieldErrorsOf, formatTime, ListState, useConfirm, useLabel } from '../common/admin-kit';

const NOTE_MAX = 200;

/**
 * /admin/page/services: the super administrator's services (spec 2 "Admin": services). One row per
 * business API module with a switch; putting a module under maintenance asks first, because every
 * call of every company to it is then refused with 503 (enforced by the server's gate).
 */
export function ServicesPage() {
  const { t } = useTranslation();
  const label = useLabel();
  const { data, error, isLoading, mutate } = useSWR('sys-services', () => adminApi.services());
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [dialog, confirm] = useConfirm();
  useEffect(() => {
    if (data) setNotes(Object.fromEntries(data.map((r) => [r.prefix, r.note ?? ''])));
  }, [data]);

  const save = async (row: ServiceRow, enabled: boolean, announce: boolean) => {
    const name = label(row.label);
    if (!enabled && row.enabled && !(await confirm(t('adminui.services.confirmMaintenance', { name })))) return;
    setBusy(row.prefix);
    setErrors({});
    try {
      await adminApi.saveService(row.prefix, enabled, notes[row.prefix] ?? '');
      toast.success(announce ? t(enabled ? 'adminui.services.toService' : 'adminui.services.toMaintenance', { name }) : t('adminui.saved'));
      void mutate();
    } catch (e) {
      const fields = fieldErrorsOf(e);
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${row.prefix}.${k}`, v])));
    } finally {
      setBusy(null);
    }
  };

  return (
    <AdminPage
      testId="admin-services"
      title={t('adminui.services.title')}
      explain={t('adminui.services.explain')}
      actions={<Button icon={<ArrowClockwise20Regular />} onClick={() => void mutate()} aria-label={t('engine.refresh')} />}
    >
      <ListState loading={isLoading} error={error} empty={Boolean(data && !data.length)} />
      {data?.length ? (
        <AdminCard>
          <Table size="small" aria-label={t('adminui.services.title')} data-testid="services-table">
            <TableHeader>
              <TableRow>
                <TableHeaderCell style={{ width: 200 }}>{t('adminui.services.module')}</TableHeaderCell>
                <TableHeaderCell style={{ width: 110 }}>{t('adminui.services.prefix')}</TableHeaderCell>
                <TableHeaderCell style={{ width: 220 }}>{t('adminui.services.state')}</TableHeaderCell>
                <TableHeaderCell>{t('adminui.services.note')}</TableHeaderCell>
                <TableHeaderCell style={{ width: 200 }}>{t('adminui.services.changedBy')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.map((row) => {
                const noteError = errors[`${row.prefix}.note`];
                return (
                  <TableRow key={row.prefix} data-testid={`service-${row.prefix}`}>
                    <TableCell><Text weight="semibold">{label(row.label)}</Text></TableCell>
                    <TableCell><code>/api/{row.prefix}/</code></TableCell>
                    <TableCell>
                      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                        <Switch
                          checked={row.enabled}
                          disabled={busy !== null}
                          onChange={(_, d) => void save(row, d.checked, true)}
                          aria-label={`${label(row.label)} ${t('adminui.services.state')}`}
                          data-testid={`service-switch-${row.prefix}`}
                        />
                        <Badge appearance="tint" color={row.enabled ? 'success' : 'warning'}>
                          {t(row.enabled ? 'adminui.services.inService' : 'adminui.services.maintenance')}
                        </Badge>
                        {busy === row.prefix ? <Spinner size="tiny" /> : null}
                      </div>
                    </TableCell>
                    <TableCell>
                      <div style={{ display: 'flex', gap: 6, alignItems: 'center', padding: '4px 0' }}>
                        <Input
                          style={{ flex: 1, minWidth: 160 }}
                          value={notes[row.prefix] ?? ''}
                          maxLength={NOTE_MAX}
                          placeholder={t('adminui.services.notePlaceholder')}
                          onChange={(_, d) => setNotes((n) => ({ ...n, [row.prefix]: d.value }))}
                          aria-invalid={Boolean(noteError)}
                          data-testid={`service-note-${row.prefix}`}
                        />
                        <Button
                          size="small"
                          icon={<Save20Regular />}
                          disabled={busy !== null || (notes[row.prefix] ?? '') === (row.note ?? '')}
                          onClick={() => void save(row, row.enabled, false)}
                          title={t('adminui.services.saveNote')}
                          aria-label={t('adminui.services.saveNote')}
                        />
                      </div>
                      {noteError ? <Text size={200} style={{ color: 'var(--colorPaletteRedForeground1)' }}>{noteError}</Text> : null}
                    </TableCell>
                    <TableCell>
                      <Text size={200}>{row.updated_by_name ? `${row.updated_by_name} · ${formatTime(row.updated_at)}` : '—'}</Text>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </AdminCard>
      ) : null}
      {dialog}
    </AdminPage>
  );
}
