import { Button, Link } from '@fluentui/react-components';
import { AddRegular, GaugeRegular } from '@fluentui/react-icons';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import '../../../../../reports';
import type { Label } from '../../../../model';
import type { AlertRow } from '../../../../model/calls/alerts';
import { toast } from '../../../kernel/toast-bus';
import { AdminPage, AdminTable, useConfirm } from '../../common/admin-kit';
import { AlertDrawer } from './AlertDrawer';
import { alertColumns } from './alert-columns';
import { A, fill } from './alert-texts';
import { useAlerts } from './use-alerts';

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

  const columns = alertColumns({ tr, open: s.open, drill: (r) => navigate(r.link), remove: (r) => void remove(r) });

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
