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
 * The record's own actions in its drawer's footer (`DrawerSlots.transitions`): each transition the
 * record can take now, asked first when it declares a confirmation, its parameters in the generic
 * dialog (starting from the record, `TransitionDef.defaults`). Run at the record's version; the
 * record is read again after it, whatever the outcome; a refused parameter stays under its field.
 */
export function DrawerTransitions({ rf, resolved, prefix, onChanged }: { rf: RecordForm; resolved: ResolvedPage; prefix: string; onChanged?: () => void }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const { dashroles } = useSnapshot(access);
  const record = rf.record;
  const asked = useAskedTransition(record, (tr, params) => run(tr, params));
  const run = async (tr: TransitionDef, params: Record<string, unknown>): Promise<Record<string, string> | null> => {
    if (!record) return null;
    rf.setBusy(true);
    try {
      return await runTransitionCall(tr, () => rf.api.action(tr.action, [Number(record.id)], params, Number(record.version)), asked.close, t('engine.actionDone'));
    } finally {
      rf.setBusy(false);
      rf.reload();
      onChanged?.();
    }
  };
  return (
    <>
      {recordTransitions(resolved, record, dashroles).map((tr) => (
        <Button key={tr.action} icon={<PlayRegular />} disabled={rf.busy} onClick={() => asked.ask(tr)} data-testid={`${prefix}-${tr.action}`}>
          {en ? tr.label.en : tr.label.zh}
        </Button>
      ))}
      {asked.dialog}
    </>
  );
}
