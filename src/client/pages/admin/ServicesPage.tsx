import { Badge, Button, Input, Spinner, Switch, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { ArrowClockwise20Regular, Save20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ServiceRow } from './admin-api';
import { AdminCard, AdminPage, formatTime, ListState, useLabel } from '../common/admin-kit';
import { useServices, type ServicesState } from './use-services';

const NOTE_MAX = 200;

/**
 * /admin/page/services: the super administrator's services (spec 2 "Admin": services). One row per
 * business API module with a switch; putting a module under maintenance asks first, because every
 * call of every company to it is then refused with 503 (enforced by the server's gate).
 */
export function ServicesPage() {
  const { t } = useTranslation();
  const sv = useServices();
  const { data } = sv;

  return (
    <AdminPage
      testId="admin-services"
      title={t('adminui.services.title')}
      explain={t('adminui.services.explain')}
      actions={<Button icon={<ArrowClockwise20Regular />} onClick={() => void sv.mutate()} aria-label={t('engine.refresh')} />}
    >
      <ListState loading={sv.isLoading} error={sv.error} empty={Boolean(data && !data.length)} />
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
              {data.map((row) => <ServiceTableRow key={row.prefix} row={row} sv={sv} />)}
            </TableBody>
          </Table>
        </AdminCard>
      ) : null}
      {sv.dialog}
    </AdminPage>
  );
}

/** One module: its name, address prefix, switch and state, note with its save button, last change. */
function ServiceTableRow({ row, sv }: { row: ServiceRow; sv: ServicesState }) {
  const { t } = useTranslation();
  const label = useLabel();
  const { busy, notes, save } = sv;
  const noteError = sv.errors[`${row.prefix}.note`];
  return (
    <TableRow data-testid={`service-${row.prefix}`}>
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
            onChange={(_, d) => sv.setNote(row.prefix, d.value)}
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
}
