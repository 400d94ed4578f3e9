import { Button, ToolbarButton } from '@fluentui/react-components';
import { PlayRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { TransitionDef } from '../../model/entity';
import type { ResolvedPage } from '../../model/page-resolve';
import { access } from '../session/access-state';
import { recordTransitions } from './record-transitions';
import { runTransitionCall } from './transition-call';
import { useAskedTransition } from './use-asked-transition';
import type { RecordForm } from './use-record-form';

/**
 * Buttons of one record's transitions (`transitions`: those it can take now), each asked first when
 * it declares a confirmation, its parameters in the generic dialog (starting from the record,
 * `TransitionDef.defaults`), then sent by `call` through the engine's runner (the success toast; a
 * refused parameter stays under its field). `onBusy` brackets each run, `after` follows it whatever
 * the outcome. Test ids `<prefix>-<action>`. Used by the drawer's footer (DrawerTransitions), by
 * a page whose record is read and moved by declared calls (a ticket's page) and, as a toolbar's
 * buttons (`toolbar`, an icon per action), by the allocation workbench's version; `done` gives the
 * success words of a transition (default 操作成功).
 */
export function TransitionButtons(props: {
  transitions: TransitionDef[]; record: Record<string, unknown> | null; prefix: string; busy?: boolean;
  call: (tr: TransitionDef, params: Record<string, unknown>) => Promise<unknown>; onBusy?: (busy: boolean) => void; after?: () => void;
  toolbar?: boolean; icons?: Record<string, ReactElement>; done?: (tr: TransitionDef, params: Record<string, unknown>) => string;
}) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const asked = useAskedTransition(props.record, (tr, params) => run(tr, params));
  const run = async (tr: TransitionDef, params: Record<string, unknown>): Promise<Record<string, string> | null> => {
    props.onBusy?.(true);
    try {
      return await runTransitionCall(tr, () => props.call(tr, params), asked.close, props.done?.(tr, params) ?? t('engine.actionDone'));
    } finally {
      props.onBusy?.(false);
      props.after?.();
    }
  };
  const Shown = props.toolbar ? ToolbarButton : Button;
  return (
    <>
      {props.transitions.map((tr) => (
        <Shown key={tr.action} icon={props.icons?.[tr.action] ?? <PlayRegular />} disabled={props.busy} onClick={() => asked.ask(tr)} data-testid={`${props.prefix}-${tr.action}`}>
          {en ? tr.label.en : tr.label.zh}
        </Shown>
      ))}
      {asked.dialog}
    </>
  );
}

/**
 * The record's own actions in its drawer's footer (`DrawerSlots.transitions`): each transition the
 * record can take now (TransitionButtons), run at the record's version; the record is read again
 * after it, whatever the outcome.
 */
export function DrawerTransitions({ rf, resolved, prefix, onChanged }: { rf: RecordForm; resolved: ResolvedPage; prefix: string; onChanged?: () => void }) {
  const { dashroles } = useSnapshot(access);
  const record = rf.record;
  return (
    <TransitionButtons transitions={recordTransitions(resolved, record, dashroles)} record={record} prefix={prefix} busy={rf.busy} onBusy={rf.setBusy}
      call={(tr, params) => rf.api.action(tr.action, [Number(record?.id)], params, Number(record?.version))}
      after={() => { rf.reload(); onChanged?.(); }} />
  );
}
