import type { ReactNode } from 'react';
import type { ResolvedColumn } from '../../model/page-resolve';
import { cellText } from './cell-text';

type Row = Record<string, unknown>;

/** A column the caller draws after the declared ones (a quantity or words it works out itself). */
export type ExtraColumn<T> = { key: string; label: string; align?: 'left' | 'right'; cell: (item: T) => ReactNode };

type Props<T> = {
  columns: readonly ResolvedColumn[];
  items: readonly T[];
  language: 'en' | 'zh-CN';
  /** The record whose declared columns an item shows (the item itself unless given; none leaves them empty). */
  rowOf?: (item: T) => Row | undefined;
  keyOf: (item: T, index: number) => string;
  /** A first column counting the rows (a printed document's lines). */
  numbered?: boolean;
  extra?: ReadonlyArray<ExtraColumn<T>>;
  className?: string;
  testId?: string;
};

/**
 * A plain table of declared columns (issue 30), each cell written as the grid's renderer writes it
 * (`cellText`): a printed document's line tables and a read-only list inside a message (the lines an
 * allocation suggestion could not place). No sorting, editing or paging: that is the grid's.
 */
export function ColumnTable<T>({ columns, items, language, rowOf = (item) => item as Row, keyOf, numbered, extra = [], className, testId }: Props<T>) {
  const label = (l: ResolvedColumn['label']) => (language === 'en' ? l.en || l.zh : l.zh);
  return (
    <table className={className} data-testid={testId}>
      <thead>
        <tr>
          {numbered && <th style={{ width: 40 }}>#</th>}
          {columns.map((c) => <th key={c.field} align="left">{label(c.label)}</th>)}
          {extra.map((x) => <th key={x.key} align={x.align ?? 'left'}>{x.label}</th>)}
        </tr>
      </thead>
      <tbody>
        {items.map((item, i) => {
          const row = rowOf(item);
          return (
            <tr key={keyOf(item, i)}>
              {numbered && <td>{i + 1}</td>}
              {columns.map((c) => <td key={c.field}>{row ? cellText(c.renderer, row[c.field], { column: c, row, language }) : ''}</td>)}
              {extra.map((x) => <td key={x.key} align={x.align}>{x.cell(item)}</td>)}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
