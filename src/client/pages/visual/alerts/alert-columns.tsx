import { Badge, Button, Tooltip } from '@fluentui/react-components';
import { DeleteRegular, EditRegular, OpenRegular } from '@fluentui/react-icons';
import { getReport, type Label } from '../../../../model';
import { ALERT_CONDITION_LABELS, alertNumber } from '../../../../model/alerts';
import type { AlertRow } from '../../../../model/calls/alerts';
import { rptAlert } from '../../../../model/entities/rptalert.entity';
import { formatTime, type AdminColumn } from '../../common/admin-kit';
import { A, fill, filtersText } from './alert-texts';

/** An alert's state as the entity declares it (rptalert `states`: label and colour, one source with the audit and exports). */
const stateOf = (code: string | null) => rptAlert.states!.states.find((s) => s.code === (code ?? 'armed')) ?? rptAlert.states!.states[0];

/** The alert list's columns: what each alert watches (a tile, or a dataset's measure), its filters, condition, state, value, firings, owner and actions. */
export function alertColumns({ tr, open, drill, remove }: { tr: (l: Label) => string; open: (r: AlertRow) => void; drill: (r: AlertRow) => void; remove: (r: AlertRow) => void }): AdminColumn<AlertRow>[] {
  return [
    { key: 'name', header: tr(A.name), render: (r) => <strong>{r.name}</strong> },
    {
      key: 'measure',
      header: `${tr(A.dataset)} / ${tr(A.measure)}`,
      render: (r) => {
        const report = getReport(r.report);
        const m = report?.measures.find((x) => x.key === r.measure);
        const figure = `${report ? tr(report.title) : r.report} · ${m ? tr(m.label) : r.measure}`;
        return r.tile_id ? `${tr(A.onTile)}「${r.tile_name ?? `#${r.tile_id}`}」 · ${figure}` : figure;
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
          <Badge appearance="tint" color={stateOf(r.alert_state).color ?? 'informative'} data-testid={`alert-state-${r.id}`}>
            {tr(stateOf(r.alert_state).label)}
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
            <Button size="small" appearance="subtle" icon={<OpenRegular />} onClick={() => drill(r)} data-testid={`alert-drill-${r.id}`} />
          </Tooltip>
          <Tooltip content={tr(A.edit)} relationship="label">
            <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => open(r)} data-testid={`alert-edit-${r.id}`} />
          </Tooltip>
          <Tooltip content={tr(A.remove)} relationship="label">
            <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => remove(r)} data-testid={`alert-remove-${r.id}`} />
          </Tooltip>
        </div>
      ),
    },
  ];
}
