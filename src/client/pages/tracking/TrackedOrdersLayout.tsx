import { Button, Spinner } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CSS } from './tracking-style';
import { SplitPane } from '../../shell/SplitPane';

/** A column of the orders list: its heading and what a row shows in it. */
export type OrderColumn<R> = { header: string; cell: (row: R) => ReactNode };

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
  rowKey: (row: R) => string;
  rowTestId: (row: R) => string;
  isSelected: (row: R) => boolean;
  onOpen: (row: R) => void;
  columns: OrderColumn<R>[];
  /** Whether an order is chosen (its timeline is loading until `timeline` is given). */
  chosen: boolean;
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
                  <tr key={p.rowKey(r)} className={`nt-order${p.isSelected(r) ? ' selected' : ''}`} data-testid={p.rowTestId(r)} onClick={() => p.onOpen(r)}>
                    {p.columns.map((c) => (
                      <td key={c.header}>{c.cell(r)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        <div className="nt-panel">{p.timeline ?? <div>{p.chosen ? <Spinner label={t('nt.loading')} /> : t('nt.pickOrder')}</div>}</div>
      </SplitPane>
    </div>
  );
}
