import { ToolbarButton } from '@fluentui/react-components';
import { DataBarHorizontalRegular, PrintRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ResolvedPage } from '../../../model/page-resolve';
import { resolvedPageOf } from '../../api/resolved-page';
import { ListPage, type ListSlots } from '../../engine/ListPage';
import type { ListController } from '../../engine/use-list-controller';
import { toast } from '../../kernel/toast-bus';
import './production-messages';
import { WorkOrderProgressDialog } from './WorkOrderProgressDialog';

type Row = Record<string, unknown>;
export const TICKETS_PATH = '/zp/prodmgm/page/bundletickets';

/**
 * What the declared transitions (下达产线, 完工汇报 asking before finishing short, 分扎) leave to this
 * page: the progress per colour x size with its partial report, and the plan's ticket sheet.
 */
function WorkOrderTools({ list }: { list: ListController }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [progressFor, setProgressFor] = useState<Row | null>(null);
  const single = (run: (row: Row) => void) => list.withSelection((rows) => (rows.length !== 1 ? toast.warning(t('wo.ui.selectOne')) : run(rows[0])));
  return (
    <>
      <ToolbarButton icon={<DataBarHorizontalRegular />} onClick={() => single(setProgressFor)} data-testid="action-progress">{t('wo.ui.progress')}</ToolbarButton>
      <ToolbarButton icon={<PrintRegular />} onClick={() => single((row) => navigate(`${TICKETS_PATH}?plan=${String(row.plan_id)}`))} data-testid="action-tickets">{t('wo.ui.tickets')}</ToolbarButton>
      {progressFor && <WorkOrderProgressDialog id={Number(progressFor.id)} onClose={() => setProgressFor(null)} onDone={() => { setProgressFor(null); list.refresh(); }} />}
    </>
  );
}

/** Work orders (issue 12): the generic list of grids/production, its transitions declared, with the shop floor's two tools. */
export function WorkOrdersPage() {
  const resolved = resolvedPageOf('workorder') as ResolvedPage;
  const slots = useMemo<ListSlots>(() => ({ tools: (list) => <WorkOrderTools list={list} /> }), []);
  return <ListPage key="workorder" resolved={resolved} slots={slots} />;
}
