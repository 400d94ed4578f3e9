import { ToolbarButton } from '@fluentui/react-components';
import { BoxArrowLeftRegular, PeopleSearchRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResolvedPage } from '../../../model/page-resolve';
import { ListPage, type ListSlots } from '../../engine/ListPage';
import { resolvedPageOf } from '../../api/resolved-page';
import type { ListController } from '../../engine/use-list-controller';
import { toast } from '../../kernel/toast-bus';
import { OutsourceActions } from './outsource-actions';
import { OutsourceReceiptDialog } from './OutsourceReceiptDialog';
import type { Row } from '../../api/entity-api';
import { VendorProposalDialog } from './VendorProposalDialog';
import './outsource-messages';

/** States in which pieces can come back (the declaration's `receive_part` from-states). */
const RECEIVABLE = new Set(['dispatched', 'part_received', 'submitted']);

/**
 * The maker's outsourced orders (issue 12): the page declaration's transitions as the generic list
 * shows them, except "部分收货", which opens the receipt table (one row per colour and size with what
 * the vendor dispatched and what is still to receive); "收货" stays the declared confirmation that
 * takes everything still to come.
 */
function OrderActions({ list }: { list: ListController }) {
  const { t } = useTranslation();
  const [proposing, setProposing] = useState<Row | null>(null);
  const propose = () =>
    list.withSelection((rows) => {
      if (rows.length !== 1) toast.warning(t('os.proposal.selectOne'));
      else setProposing(rows[0]);
    });
  return (
    <>
    <ToolbarButton icon={<PeopleSearchRegular />} onClick={propose} data-testid="action-propose-vendors">{t('os.proposal.open')}</ToolbarButton>
    {proposing && <VendorProposalDialog api={list.api} order={proposing} onClose={() => setProposing(null)} onDone={() => { setProposing(null); list.refresh(); }} />}
    <OutsourceActions
      list={list}
      editors={{
        receive_part: {
          icon: <BoxArrowLeftRegular />,
          pick: (rows) => {
            if (rows.length !== 1) toast.warning(t('os.receipt.selectOne'));
            else if (!RECEIVABLE.has(String(rows[0].status)) || (rows[0].status === 'submitted' && rows[0].tracking !== 'manual')) toast.warning(t('os.receipt.notArrived'));
            else return rows[0];
            return null;
          },
          render: (row, close, done) => <OutsourceReceiptDialog api={list.api} order={row} onClose={close} onDone={done} />,
        },
      }}
    />
    </>
  );
}

export function OutsourceOrdersPage() {
  const resolved = resolvedPageOf('outsourceorder') as ResolvedPage;
  const slots = useMemo<ListSlots>(() => ({ actions: (list) => <OrderActions list={list} /> }), []);
  return <ListPage resolved={resolved} slots={slots} />;
}
