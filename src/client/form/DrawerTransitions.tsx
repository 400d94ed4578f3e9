import { Button } from '@fluentui/react-components';
import { PlayRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { TransitionDef } from '../../model/entity';
import type { ResolvedPage } from '../../model/page-resolve';
import { access } from '../session/access-state';
import { ConfirmDialog, TransitionDialog } from './dialogs';
import { recordTransitions } from './record-transitions';
import { runTransitionCall } from './transition-call';
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
  const [asking, setAsking] = useState<TransitionDef | null>(null);
  const record = rf.record;
  const run = async (tr: TransitionDef, params: Record<string, unknown>): Promise<Record<string, string> | null> => {
    if (!record) return null;
    rf.setBusy(true);
    try {
      return await runTransitionCall(tr, () => rf.api.action(tr.action, [Number(record.id)], params, Number(record.version)), () => setAsking(null), t('engine.actionDone'));
    } finally {
      rf.setBusy(false);
      rf.reload();
      onChanged?.();
    }
  };
  const start = (tr: TransitionDef) => (tr.params?.length || tr.confirm ? setAsking(tr) : void run(tr, {}));
  return (
    <>
      {recordTransitions(resolved, record, dashroles).map((tr) => (
        <Button key={tr.action} icon={<PlayRegular />} disabled={rf.busy} onClick={() => start(tr)} data-testid={`${prefix}-${tr.action}`}>
          {en ? tr.label.en : tr.label.zh}
        </Button>
      ))}
      {asking?.params?.length ? (
        <TransitionDialog transition={asking} count={1} record={record} onRun={(p) => run(asking, p)} onCancel={() => setAsking(null)} />
      ) : (
        <ConfirmDialog open={asking !== null} text={asking?.confirm ? (en ? asking.confirm.en : asking.confirm.zh) : ''} onConfirm={() => asking && void run(asking, {})} onCancel={() => setAsking(null)} />
      )}
    </>
  );
}
