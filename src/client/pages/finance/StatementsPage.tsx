import { ToolbarButton } from '@fluentui/react-components';
import { DocumentTableRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ResolvedPage } from '../../../model/page-resolve';
import { ListPage, type ListSlots } from '../../engine/ListPage';
import { resolvedPageOf } from '../../api/resolved-page';
import type { ListController } from '../../engine/use-list-controller';
import { toast } from '../../kernel/toast-bus';
import { OutsourceActions } from '../outsource/outsource-actions';
import './finance-messages';

/** The statement page (routes.tsx; the same path as grids/finance/menu.ts names). */
const STATEMENT_PAGE_PATH = '/fin/page/statement';

function StatementActions({ list }: { list: ListController }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = () => {
    if (list.selected.length !== 1) toast.warning(t('fin.page.selectOne'));
    else navigate(`${STATEMENT_PAGE_PATH}?id=${Number(list.selected[0].id)}`);
  };
  return (
    <>
      <ToolbarButton icon={<DocumentTableRegular />} onClick={open} data-testid="action-open-statement">
        {t('fin.page.open')}
      </ToolbarButton>
      <OutsourceActions list={list} editors={{}} />
    </>
  );
}

/**
 * Statements of the company (issue 18): the engine's list of the page declaration (grids/finance),
 * its declared transitions (send, cancel), and a button that opens the selected statement's page.
 */
export function StatementsPage() {
  const resolved = resolvedPageOf('finstatement') as ResolvedPage;
  const slots = useMemo<ListSlots>(() => ({ actions: (list) => <StatementActions list={list} /> }), []);
  return <ListPage resolved={resolved} slots={slots} />;
}
