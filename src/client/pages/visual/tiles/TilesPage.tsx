import { Badge, Button, Link, Tooltip } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular, GaugeRegular, OpenRegular } from '@fluentui/react-icons';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import '../../../../../reports';
import { getReport, type Label } from '../../../../model';
import type { TileRow } from '../../../../model/calls/tiles';
import { TILE_AGG_LABELS, TILE_CHART_LABELS, TILE_PERIOD_LABELS, tileDrillUrl } from '../../../../model/tiles';
import { toast } from '../../../kernel/toast-bus';
import { AdminPage, AdminTable, useConfirm, type AdminColumn } from '../../common/admin-kit';
import { filtersText } from '../alerts/alert-texts';
import { TileDesigner } from './TileDesigner';
import { TT, fill } from './tile-texts';
import { useTileDesigner } from './use-tile-designer';

/**
 * The tile designer (`/rpt/page/tiles`, menu 报表分析 > 指标卡设计; administrators and the roles
 * granted it): the company's tiles and the caller's personal ones, each with its dataset, measure,
 * chart and where it shows; a wide drawer to compose one with its live preview; remove after a
 * confirmation; each row opens the grid of the tile's rows.
 */
export function TilesPage() {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const tr = useCallback((l: Label) => (en ? l.en : l.zh), [en]);
  const navigate = useNavigate();
  const s = useTileDesigner();
  const [dialog, confirm] = useConfirm();
  const today = new Date().toISOString().slice(0, 10);

  const remove = async (row: TileRow) => {
    if (!(await confirm(fill(tr(TT.confirmRemove), { name: row.name })))) return;
    await s.remove(row);
    toast.success(tr(TT.removed));
  };

  const columns: AdminColumn<TileRow>[] = [
    { key: 'name', header: tr(TT.name), render: (r) => <strong>{r.name}</strong> },
    {
      key: 'measure',
      header: `${tr(TT.dataset)} / ${tr(TT.measure)}`,
      render: (r) => {
        const report = getReport(r.report);
        const m = report?.measures.find((x) => x.key === r.measure);
        return `${report ? tr(report.title) : r.report} · ${m ? tr(m.label) : r.measure}（${tr(TILE_AGG_LABELS[r.aggregation])}）`;
      },
    },
    { key: 'filters', header: tr(TT.filters), render: (r) => `${filtersText(r.report, r.filters, tr)}${r.period !== 'all' ? `；${tr(TILE_PERIOD_LABELS[r.period])}` : ''}` },
    { key: 'chart', header: tr(TT.chart), render: (r) => tr(TILE_CHART_LABELS[r.chart]) },
    {
      key: 'scope',
      header: tr(TT.scope),
      render: (r) => (
        <Badge appearance="tint" color={r.scope === 'company' ? 'brand' : 'informative'} data-testid={`tile-scope-${r.id}`}>
          {tr(r.scope === 'company' ? TT.company : TT.personal)}
          {r.scope === 'company' && r.share_roles.length ? ` · ${r.share_roles.map((c) => s.data?.roles.find((x) => x.code === c)?.name ?? c).join('、')}` : ''}
        </Badge>
      ),
    },
    { key: 'owner', header: tr(TT.owner), render: (r) => r.owner_name ?? '' },
    {
      key: 'actions',
      header: tr(TT.actions),
      render: (r) => (
        <div style={{ display: 'flex', gap: 4 }}>
          <Tooltip content={tr(TT.drill)} relationship="label">
            <Button size="small" appearance="subtle" icon={<OpenRegular />} onClick={() => navigate(tileDrillUrl(getReport(r.report)!, r, today))} data-testid={`tile-drill-${r.id}`} />
          </Tooltip>
          <Tooltip content={tr(TT.edit)} relationship="label">
            <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => s.open(r)} data-testid={`tile-edit-${r.id}`} />
          </Tooltip>
          <Tooltip content={tr(TT.remove)} relationship="label">
            <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => void remove(r)} data-testid={`tile-remove-${r.id}`} />
          </Tooltip>
        </div>
      ),
    },
  ];

  return (
    <AdminPage
      testId="tiles-page"
      title={tr(TT.title)}
      explain={tr(TT.explain)}
      actions={
        <>
          <Link onClick={() => navigate('/visual/control-tower')} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            <GaugeRegular /> {tr(TT.backToTower)}
          </Link>
          <Button appearance="primary" icon={<AddRegular />} onClick={() => s.open(null)} disabled={!s.data} data-testid="tile-add">
            {tr(TT.add)}
          </Button>
        </>
      }
    >
      <AdminTable label={tr(TT.title)} columns={columns} rows={s.data?.rows} rowKey={(r) => r.id} rowTestId={(r) => `tile-row-${r.id}`} loading={s.loading && !s.data} error={s.error} emptyText={tr(TT.empty)} testId="tiles-table" />
      <TileDesigner state={s} tr={tr} onSaved={() => toast.success(tr(TT.saved))} />
      {dialog}
    </AdminPage>
  );
}
