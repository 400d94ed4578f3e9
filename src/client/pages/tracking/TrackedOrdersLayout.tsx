import { Button, Spinner } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TrackedOrderRow } from '../../../model/calls/tracking';
import { Count } from './NodeTable';
import { CSS } from './tracking-style';
import { SplitPane } from '../../shell/SplitPane';

/** A column of the orders list: its heading and what a row shows in it. */
export type OrderColumn<R> = { header: string; cell: (row: R) => ReactNode };

/** What every tracked order's nodes say today, the last columns of each page's list (the supplier's without the risk). */
export function figureColumns<R extends TrackedOrderRow>(t: TFunction, withRisk = true): OrderColumn<R>[] {
  return [
    { header: t('nt.col.progress'), cell: (r) => `${r.done}/${r.nodes}` },
    { header: t('nt.col.late'), cell: (r) => <Count n={r.late} tone="bad" /> },
    ...(withRisk ? [{ header: t('nt.col.risk'), cell: (r: R) => <Count n={r.at_risk} tone="warn" /> }] : []),
    { header: t('nt.col.next'), cell: (r) => r.next_node ?? '' },
  ];
}

/**
 * The one layout of the node-tracking pages (the maker's, the brand's, the supplier's): a heading
 * with reload, the orders on the left (a row opens its timeline), the selected order's timeline on
 * the right. Each page says its columns, its row identity and what its timeline panel holds.
 */
export function TrackedOrdersLayout<R>(p: {
  testId: string;
  title: string;
  explain?: ReactNode;
  error: string | null;
  onReload: () => void;
  rows: R[] | null;
  emptyText: string;
  listTestId: string;
  /** A row's id, the one `onOpen` is given and `selected` names. */
  rowId: (row: R) => number;
  rowTestId: (row: R) => string;
  /** The chosen order (its timeline is loading until `timeline` is given), or null. */
  selected: number | null;
  onOpen: (id: number) => void;
  columns: OrderColumn<R>[];
  /** The chosen order's timeline panel, once loaded. */
  timeline: ReactNode | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="nt-page" data-testid={p.testId}>
      <style>{CSS}</style>
      <div className="nt-head">
        <h2>{p.title}</h2>
        <Button icon={<ArrowClockwiseRegular />} appearance="subtle" aria-label={t('nt.reload')} onClick={p.onReload} />
      </div>
      {p.explain}
      {p.error && <div role="alert" style={{ color: '#d13438' }}>{t('nt.loadFailed', { message: p.error })}</div>}
      <SplitPane id="node-tracking-orders" sized="start" defaultSize={460} min={320} maxShare={0.65} otherMin={360} label={t('nt.listWidth')} className="nt-split">
        <div className="nt-panel nt-list">
          {!p.rows ? (
            <Spinner label={t('nt.loading')} />
          ) : !p.rows.length ? (
            <div>{p.emptyText}</div>
          ) : (
            <table className="nt-table" data-testid={p.listTestId}>
              <thead>
                <tr>
                  {p.columns.map((c) => (
                    <th key={c.header}>{c.header}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {p.rows.map((r) => (
                  <tr key={p.rowId(r)} className={`nt-order${p.rowId(r) === p.selected ? ' selected' : ''}`} data-testid={p.rowTestId(r)} onClick={() => p.onOpen(p.rowId(r))}>
                    {p.columns.map((c) => (
                      <td key={c.header}>{c.cell(r)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        <div className="nt-panel">{p.timeline ?? <div>{p.selected !== null ? <Spinner label={t('nt.loading')} /> : t('nt.pickOrder')}</div>}</div>
      </SplitPane>
    </div>
  );
}
