import { VehicleTruckRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResolvedPage } from '../../../model/page-resolve';
import { ListPage, type ListSlots } from '../../engine/ListPage';
import { resolvedPageOf } from '../../api/resolved-page';
import type { ListController } from '../../engine/use-list-controller';
import { toast } from '../../kernel/toast-bus';
import { ShipmentDialog } from '../purchase/ShipmentDialog';
import { OutsourceActions } from './outsource-actions';
import './outsource-messages';

/**
 * The supplier's outsourced tasks (issue 12): the page declaration's transitions as the generic list
 * shows them (confirmation or parameter dialog), except "发货", which opens the purchase area's
 * shipment editor (one row per colour and size, ordered by default, 0..ordered whole pieces) and runs
 * `dispatch` with `shipment` = {"<line seq>": qty}; the server checks the same again.
 */
function TaskActions({ list }: { list: ListController }) {
  const { t } = useTranslation();
  return (
    <OutsourceActions
      list={list}
      editors={{
        dispatch: {
          icon: <VehicleTruckRegular />,
          pick: (rows) => {
            if (rows.length !== 1) toast.warning(t('os.ship.selectOne'));
            else if (rows[0].status !== 'accepted') toast.warning(t('os.ship.onlyAccepted'));
            else return rows[0];
            return null;
          },
          render: (row, close, done) => (
            // The editor titles itself with the order's number (`so_no` in the purchase area).
            <ShipmentDialog api={list.api} order={{ ...row, so_no: row.task_no }} onClose={close} onDone={done} />
          ),
        },
      }}
    />
  );
}

/** The supplier's incoming outsourced tasks: "发货" opens the shipment editor. */
export function OutsourceTasksPage() {
  const resolved = resolvedPageOf('outsourcetask') as ResolvedPage;
  const slots = useMemo<ListSlots>(() => ({ actions: (list) => <TaskActions list={list} /> }), []);
  return <ListPage resolved={resolved} slots={slots} />;
}
