import { useMemo } from 'react';
import type { ResolvedPage } from '../../../model/page-resolve';
import { resolvedPageOf } from '../../api/resolved-page';
import { ListPage, type ListSlots } from '../../engine/ListPage';
import { RatesField, StatementTools } from './statement-slots';
import './finance-messages';

/**
 * Statements of the company (issue 18): the engine's list and drawer of the page declaration
 * (grids/finance/finstatement.grid.ts). The drawer is the statement: its declared result, lines,
 * invoices and payments, state notices and transitions; the page adds the rates as text, its own
 * side's confirmation, the workbook and the printed document. Only a draft is edited.
 */
export function StatementsPage() {
  const resolved = resolvedPageOf('finstatement') as ResolvedPage;
  const slots = useMemo<ListSlots>(() => ({
    drawer: (list) => ({
      testIdPrefix: 'statement',
      transitions: true,
      readOnly: (r) => r.status !== 'draft',
      widgets: { rates: RatesField },
      extraActions: (rf) => <StatementTools rf={rf} onChanged={list.refresh} />,
    }),
  }), []);
  return <ListPage resolved={resolved} slots={slots} />;
}
