/**
 * The node table and the timeline panel the three node-tracking pages share (the maker's, the
 * brand's, the supplier's): one component, the columns each page shows chosen by key, the actual date
 * typed and recorded where the page may record it, read as text where it may not.
 */
import { Badge, Button } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dictionaryItems } from '../../../model/dictionaries';
import { orderNode } from '../../../model/entities/nodeconfig.entity';
import type { NodeColumn } from '../../../../grids/tracking/trackedorders.grid';
import { LineActions } from '../../form/LineActions';
import type { Timeline, TimelineNode } from '../../../model/calls/tracking';
import type { NodeState } from '../../../model/node-tracking';
import { NodeTimeline } from './NodeTimeline';
import { columnLabel, STATE_COLOURS, stateLabel } from './timeline-layout';
import { DateText } from '../../form/widgets/date-input';

/** Recording actual dates in the table: the typed drafts and what records one. */
export type NodeEditing = { drafts: Record<string, string>; setDrafts: (f: (d: Record<string, string>) => Record<string, string>) => void; disabled: boolean; onRecord: (n: TimelineNode, date: string | null) => void };

/** A node's actual date: typed, then recorded; a recorded one can be cleared. */
function ActualDateCell(props: { node: TimelineNode; draft: string | undefined; disabled: boolean; onDraft: (value: string) => void; onRecord: (date: string | null) => void }) {
  const { t } = useTranslation();
  const { node: n, draft, disabled } = props;
  return (
    <div style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
      <div style={{ width: 150 }}>
        <DateText kind="date" value={draft ?? n.actual_date ?? ''} disabled={disabled} testId={`actual-${n.node_code}`} onChange={props.onDraft} />
      </div>
      <Button size="small" appearance="primary" disabled={disabled || !(draft ?? '') || draft === n.actual_date} onClick={() => props.onRecord(draft ?? null)} data-testid={`record-${n.node_code}`}>
        {t('nt.record')}
      </Button>
      {n.actual_date && (
        <Button size="small" appearance="subtle" disabled={disabled} onClick={() => props.onRecord(null)}>
          {t('nt.clear')}
        </Button>
      )}
    </div>
  );
}

export function StateTag({ state }: { state: NodeState }) {
  const { i18n } = useTranslation();
  return (
    <span className="nt-state" style={{ background: STATE_COLOURS[state] }} data-testid="node-state">
      {stateLabel(state, i18n.language)}
    </span>
  );
}

function dictLabel(dict: string, value: string | null, language: string, fallback: string): string {
  const item = dictionaryItems(dict)?.find((i) => i.value === value);
  return item ? (language === 'en' ? item.label.en : item.label.zh) : fallback;
}
export const partyLabel = (party: string | null, language: string): string => dictLabel('node_party', party, language, party ?? '');
export const sourceLabel = (source: string | null, language: string): string => dictLabel('node_actual_source', source, language, '');
const forecastLabel = (source: string | null | undefined, language: string): string => dictLabel('node_forecast_source', source ?? null, language, '');

export function Summary({ tl }: { tl: Timeline }) {
  const { t } = useTranslation();
  const tr = tl.tracking;
  return (
    <div className="nt-summary" data-testid="timeline-summary">
      {t('nt.summary', { delivery: tl.order.delivery_date ?? '-', done: tr.done, total: tr.nodes.length, late: tr.late, risk: tr.at_risk, projected: tr.projected_end ?? '-' })}
    </div>
  );
}

type TableProps = {
  nodes: TimelineNode[];
  /** The drawer's columns (grids/tracking/trackedorders.grid.ts `nodeTables`). */
  columns: readonly NodeColumn[];
  /** How a node on the critical path shows: bold with a badge, bold, or as any other. */
  critical: 'badge' | 'bold' | 'none';
  editing?: NodeEditing;
  /** What follows the party (the maker's: the supplier a node went to, and taking it back). */
  partyExtra?: (n: TimelineNode) => ReactNode;
  /** The node line's own transitions offered in the `actions` column (ordernode.lineOf), given the order. */
  lineActions?: { order: Record<string, unknown>; only: string[]; disabled: boolean; onDone: (data: unknown[] | undefined) => void };
};

function NodeCell({ n, column, p }: { n: TimelineNode; column: NodeColumn; p: TableProps }) {
  const { t, i18n } = useTranslation();
  const code = n.node_code;
  switch (column) {
    case 'node_name':
      return (
        <td style={p.critical === 'none' ? undefined : { fontWeight: n.critical ? 700 : 400 }}>
          {n.node_name}
          {p.critical === 'badge' && n.critical && <Badge size="small" appearance="tint" color="danger" style={{ marginLeft: 6 }}>{t('nt.critical')}</Badge>}
        </td>
      );
    case 'party':
      return <td data-testid={`party-${code}`}>{partyLabel(n.party, i18n.language)}{p.partyExtra?.(n)}</td>;
    case 'plan_days':
    case 'plan_start':
    case 'plan_date':
      return <td>{n[column] ?? ''}</td>;
    case 'state':
      return <td><StateTag state={n.state} /></td>;
    case 'actual_date': {
      const e = p.editing;
      if (!e) return <td data-testid={`actual-text-${code}`}>{n.actual_date ?? ''}</td>;
      return (
        <td>
          <ActualDateCell node={n} draft={e.drafts[code]} disabled={e.disabled} onDraft={(v) => e.setDrafts((d) => ({ ...d, [code]: v }))} onRecord={(date) => e.onRecord(n, date)} />
        </td>
      );
    }
    case 'actual_source':
      return <td data-testid={`source-${code}`}>{n.actual_date ? sourceLabel(n.actual_source, i18n.language) : ''}</td>;
    case 'actions':
      return <td>{p.lineActions && <LineActions entity={orderNode} master={p.lineActions.order} line={n} only={p.lineActions.only} disabled={p.lineActions.disabled} testId={`line-${code}`} onDone={p.lineActions.onDone} />}</td>;
    case 'forecast_date':
      // What the board, the scans or a vendor say of an open node's end (issue 31).
      return <td data-testid={`forecast-${code}`}>{!n.actual_date && n.forecast_date ? t('nt.forecastFrom', { date: n.forecast_date, source: forecastLabel(n.forecast_source, i18n.language) }) : ''}</td>;
  }
}

/** One order's nodes, one line each (`node-line-<code>`), in the columns the drawer declares. */
export function NodeTable(p: TableProps) {
  const { i18n } = useTranslation();
  return (
    <div className="nt-table-wrap">
      <table className="nt-table" data-testid="node-table">
        <thead>
          <tr>
            {p.columns.map((c) => <th key={c}>{columnLabel(c, i18n.language)}</th>)}
          </tr>
        </thead>
        <tbody>
          {p.nodes.map((n) => (
            <tr key={n.node_code} data-testid={`node-line-${n.node_code}`}>
              {p.columns.map((c) => <NodeCell key={c} n={n} column={c} p={p} />)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The chosen order's panel (in its drawer, whose title names the order): its head, the summary, the drawn timeline and the node table. */
export function TimelinePanel(props: { tl: Timeline; no: string; head?: ReactNode; table: Omit<TableProps, 'nodes'>; showEmpty?: boolean; onPlanDrag?: (n: TimelineNode, planDate: string) => void }) {
  const { t } = useTranslation();
  const { tl, onPlanDrag: drop } = props;
  const empty = props.showEmpty !== false && !tl.tracking.nodes.length;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 10 }} data-testid="order-timeline" data-order={props.no}>
      {props.head && <div className="nt-head">{props.head}</div>}
      <Summary tl={tl} />
      {empty ? (
        <div>{t('nt.noNodes')}</div>
      ) : (
        <>
          <NodeTimeline nodes={tl.tracking.nodes} today={tl.today} delivery={(tl.order.delivery_date as string | null) ?? null} width={900} onPlanDrag={drop ? (n, d) => drop(n as TimelineNode, d) : undefined} />
          <NodeTable nodes={tl.tracking.nodes} {...props.table} />
        </>
      )}
    </div>
  );
}
