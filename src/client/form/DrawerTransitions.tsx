import { Button } from '@fluentui/react-components';
import { PlayRegular } from '@fluentui/react-icons';
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
 * the outcome. Test ids `<prefix>-<action>`. Used by the drawer's footer (DrawerTransitions) and by
 * a page whose record is read and moved by declared calls (a ticket's page).
 */
export function TransitionButtons(props: {
  transitions: TransitionDef[]; record: Record<string, unknown> | null; prefix: string; busy?: boolean;
  call: (tr: TransitionDef, params: Record<string, unknown>) => Promise<unknown>; onBusy?: (busy: boolean) => void; after?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const asked = useAskedTransition(props.record, (tr, params) => run(tr, params));
  const run = async (tr: TransitionDef, params: Record<string, unknown>): Promise<Record<string, string> | null> => {
    props.onBusy?.(true);
    try {
      return await runTransitionCall(tr, () => props.call(tr, params), asked.close, t('engine.actionDone'));
    } finally {
      props.onBusy?.(false);
      props.after?.();
    }
  };
  return (
    <>
      {props.transitions.map((tr) => (
        <Button key={tr.action} icon={<PlayRegular />} disabled={props.busy} onClick={() => asked.ask(tr)} data-testid={`${props.prefix}-${tr.action}`}>
          {en ? tr.label.en : tr.label.zh}
        </Button>
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
