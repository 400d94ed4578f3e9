import { ToolbarButton } from '@fluentui/react-components';
import { PlayRegular, VehicleTruckRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { TransitionDef } from '../../../model/entity';
import type { ResolvedPage } from '../../../model/page-resolve';
import { ApiError } from '../../api/client';
import { fieldErrorsOf } from '../../api/reactions';
import { ListPage, type ListSlots } from '../../engine/ListPage';
import { resolvedPageOf } from '../../engine/resolved-page';
import type { ListController } from '../../engine/use-list-controller';
import { TransitionDialog } from '../../form/dialogs';
import { access } from '../../session/access-state';
import { toast } from '../../shell/toast-bus';
import { ShipmentDialog } from '../purchase/ShipmentDialog';
import './outsource-messages';

/**
 * The supplier's outsourced tasks (issue 12): the page declaration's transitions as the generic list
 * shows them (confirmation or parameter dialog), except "发货", which opens the purchase area's
 * shipment editor (one row per colour and size, ordered by default, 0..ordered whole pieces) and runs
 * `dispatch` with `shipment` = {"<line seq>": qty}; the server checks the same again.
 */
function TaskActions({ list }: { list: ListController }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const { dashroles } = useSnapshot(access);
  const { resolved, one, selected } = list;
  const [transition, setTransition] = useState<TransitionDef | null>(null);
  const [shipFor, setShipFor] = useState<typeof one>(null);
  const transitions = resolved.actions
    .filter((a): a is { kind: 'transition'; action: string } => a.kind === 'transition')
    .map((a) => resolved.transitions.find((x) => x.action === a.action))
    .filter((x): x is TransitionDef => Boolean(x))
    .filter((x) => !x.roles?.length || x.roles.some((r) => dashroles.includes(r)));

  const runTransition = async (tr: TransitionDef, params: Record<string, unknown>): Promise<Record<string, string> | null> => {
    try {
      await list.api.action(tr.action, selected.map((r) => Number(r.id)), params, one ? Number(one.version) : null);
      setTransition(null);
      toast.success(t('engine.actionDone'));
      list.refresh();
      return null;
    } catch (e) {
      const fields = e instanceof ApiError ? fieldErrorsOf(e.errors) : {};
      if ((tr.params ?? []).some((p) => fields[p.key])) return fields;
      setTransition(null);
      return null;
    }
  };

  const start = (tr: TransitionDef) =>
    list.withSelection((rows) => {
      if (tr.action === 'dispatch') {
        if (rows.length !== 1) toast.warning(t('os.ship.selectOne'));
        else if (rows[0].status !== 'accepted') toast.warning(t('os.ship.onlyAccepted'));
        else setShipFor(rows[0]);
      } else if (tr.params?.length || tr.confirm) setTransition(tr);
      else void runTransition(tr, {});
    });

  return (
    <>
      {transitions.map((tr) => (
        <ToolbarButton key={tr.action} icon={tr.action === 'dispatch' ? <VehicleTruckRegular /> : <PlayRegular />} onClick={() => start(tr)} data-testid={`action-${tr.action}`}>
          {en ? tr.label.en : tr.label.zh}
        </ToolbarButton>
      ))}
      {transition && <TransitionDialog transition={transition} count={selected.length} onRun={(p) => runTransition(transition, p)} onCancel={() => setTransition(null)} />}
      {shipFor ? (
        <ShipmentDialog
          api={list.api}
          // The editor titles itself with the order's number (`so_no` in the purchase area).
          order={{ ...shipFor, so_no: shipFor.task_no }}
          onClose={() => setShipFor(null)}
          onDone={() => {
            setShipFor(null);
            list.refresh();
          }}
        />
      ) : null}
    </>
  );
}

/** The supplier's incoming outsourced tasks: "发货" opens the shipment editor. */
export function OutsourceTasksPage() {
  const resolved = resolvedPageOf('outsourcetask') as ResolvedPage;
  const slots = useMemo<ListSlots>(() => ({ actions: (list) => <TaskActions list={list} /> }), []);
  return <ListPage resolved={resolved} slots={slots} />;
}
