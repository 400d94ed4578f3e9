import { Badge, Button, Link, Tooltip } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular, GaugeRegular, OpenRegular } from '@fluentui/react-icons';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import '../../../../../reports';
import { getReport, type Label } from '../../../../model';
import { ALERT_CONDITION_LABELS, alertNumber } from '../../../../model/alerts';
import type { AlertRow } from '../../../../model/calls/alerts';
import { toast } from '../../../kernel/toast-bus';
import { AdminPage, AdminTable, formatTime, useConfirm, type AdminColumn } from '../../common/admin-kit';
import { AlertDrawer } from './AlertDrawer';
import { A, fill, filtersText } from './alert-texts';
import { useAlerts } from './use-alerts';

const STATE: Record<string, { label: Label; color: 'success' | 'danger' | 'warning' | 'informative' }> = {
  armed: { label: { zh: '未触发', en: 'Not crossed' }, color: 'success' },
  crossed: { label: { zh: '已越过阈值', en: 'Across the line' }, color: 'danger' },
  error: { label: { zh: '无法计算', en: 'Cannot be measured' }, color: 'warning' },
};

/**
 * The company's figure alerts (`/rpt/page/alerts`, menu 报表分析 > 指标预警; also from the control
 * tower): the list with each alert's dataset, measure and filters, condition, state, current value
 * and last firing; a drawer to add or change one; remove after a confirmation; each row opens the
 * grid of the rows its figure counts.
 */
export function AlertsPage() {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const tr = useCallback((l: Label) => (en ? l.en : l.zh), [en]);
  const navigate = useNavigate();
  const s = useAlerts();
  const [dialog, confirm] = useConfirm();

  const remove = async (row: AlertRow) => {
    if (!(await confirm(fill(tr(A.confirmRemove), { name: row.name })))) return;
    await s.remove(row);
    toast.success(tr(A.removed));
  };

  const columns: AdminColumn<AlertRow>[] = [
    { key: 'name', header: tr(A.name), render: (r) => <strong>{r.name}</strong> },
    {
      key: 'measure',
      header: `${tr(A.dataset)} / ${tr(A.measure)}`,
      render: (r) => {
        const report = getReport(r.report);
        const m = report?.measures.find((x) => x.key === r.measure);
        return `${report ? tr(report.title) : r.report} · ${m ? tr(m.label) : r.measure}`;
      },
    },
    { key: 'filters', header: tr(A.filters), render: (r) => filtersText(r.report, r.filters, tr) },
    {
      key: 'condition',
      header: tr(A.condition),
      render: (r) => `${tr(ALERT_CONDITION_LABELS[r.condition])}${r.condition === 'late_by' ? ` ${r.days}` : ''} ${r.condition === 'late_by' ? `> ${r.threshold}` : alertNumber(getReport(r.report), r.measure, r.threshold)}`,
    },
    {
      key: 'state',
      header: tr(A.state),
      width: 100,
      render: (r) =>
        !r.enabled ? (
          <Badge appearance="outline" color="subtle">{tr(A.off)}</Badge>
        ) : (
          <Badge appearance="tint" color={STATE[r.alert_state ?? 'armed'].color} data-testid={`alert-state-${r.id}`}>
            {tr(STATE[r.alert_state ?? 'armed'].label)}
          </Badge>
        ),
    },
    { key: 'value', header: tr(A.value), width: 80, render: (r) => <span data-testid={`alert-value-${r.id}`}>{alertNumber(getReport(r.report), r.measure, r.last_value)}</span> },
    { key: 'fired', header: tr(A.fired), render: (r) => (r.fired_at ? `${formatTime(r.fired_at)} · ${fill(tr(A.times), { n: r.fired_count })}` : tr(A.never)) },
    { key: 'owner', header: tr(A.owner), width: 110, render: (r) => r.owner_name ?? '' },
    {
      key: 'actions',
      header: tr(A.actions),
      width: 110,
      render: (r) => (
        <div style={{ display: 'flex', gap: 4 }}>
          <Tooltip content={tr(A.drill)} relationship="label">
            <Button size="small" appearance="subtle" icon={<OpenRegular />} onClick={() => navigate(r.link)} data-testid={`alert-drill-${r.id}`} />
          </Tooltip>
          <Tooltip content={tr(A.edit)} relationship="label">
            <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => s.open(r)} data-testid={`alert-edit-${r.id}`} />
          </Tooltip>
          <Tooltip content={tr(A.remove)} relationship="label">
            <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => void remove(r)} data-testid={`alert-remove-${r.id}`} />
          </Tooltip>
        </div>
      ),
    },
  ];

  return (
    <AdminPage
      testId="alerts-page"
      title={tr(A.title)}
      explain={tr(A.explain)}
      actions={
        <>
          <Link onClick={() => navigate('/visual/control-tower')} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            <GaugeRegular /> {tr(A.backToTower)}
          </Link>
          <Button appearance="primary" icon={<AddRegular />} onClick={() => s.open(null)} data-testid="alert-add">
            {tr(A.add)}
          </Button>
        </>
      }
    >
      <AdminTable label={tr(A.title)} columns={columns} rows={s.data?.rows} rowKey={(r) => r.id} rowTestId={(r) => `alert-row-${r.id}`} loading={s.loading && !s.data} error={s.error} emptyText={tr(A.empty)} testId="alerts-table" />
      <AlertDrawer state={s} tr={tr} onSaved={() => toast.success(tr(A.saved))} />
      {dialog}
    </AdminPage>
  );
}
