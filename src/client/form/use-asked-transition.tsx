import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransitionDef } from '../../model/entity';
import { ConfirmDialog, TransitionDialog } from './dialogs';

/** Runs a transition with its parameters; a reply of field errors keeps the parameters' dialog open. */
export type TransitionRun = (tr: TransitionDef, params: Record<string, unknown>) => Promise<Record<string, string> | null>;

/**
 * A transition of one record (or line) asked for before it runs: its declared confirmation, or its
 * parameters in the engine's dialog starting from the record (`defaults`); one with neither runs at
 * once. `dialog` is the element to render; `close` ends the asking (a run calls it when done). Shared
 * by a drawer's actions, a line's actions and the allocation workbench's version toolbar.
 *
 * Example: `const asked = useAskedTransition(record, (tr, p) => run(tr, p));` then
 * `<Button onClick={() => asked.ask(tr)} />` and `{asked.dialog}`.
 */
export function useAskedTransition(record: Record<string, unknown> | null, run: TransitionRun) {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const [asking, setAsking] = useState<TransitionDef | null>(null);
  const close = () => setAsking(null);
  const ask = (tr: TransitionDef) => (tr.params?.length || tr.confirm ? setAsking(tr) : void run(tr, {}));
  const dialog = asking?.params?.length ? (
    <TransitionDialog transition={asking} count={1} record={record} onRun={(p) => run(asking, p)} onCancel={close} />
  ) : (
    <ConfirmDialog open={asking !== null} text={asking?.confirm ? (en ? asking.confirm.en : asking.confirm.zh) : ''} onConfirm={() => asking && void run(asking, {})} onCancel={close} />
  );
  return { asking, ask, close, dialog };
}
