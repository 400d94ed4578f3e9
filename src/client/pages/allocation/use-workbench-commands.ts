import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { OverCapacity, SuggestResult, Unplaced } from '../../../model/allocation-suggest';
import type { TransitionDef } from '../../../model/entity';
import { allocationVersion } from '../../../model/entities/allocationversion.entity';
import { useRecordAction, type RecordActionReply } from '../../api/use-record-action';
import { recordTransitions } from '../../form/record-transitions';
import { toast } from '../../kernel/toast-bus';
import { access } from '../../session/access-state';
import type { PendingCells } from './use-pending-cells';
import { VERSIONS, type WorkbenchData } from './use-workbench-data';
import { pendingEdits } from './workbench-model';

/** What a suggestion answers: the solver's result without its cells, each unplaced line with its reason in words. */
export type SuggestReply = Omit<SuggestResult, 'allocations' | 'unplaced' | 'overCapacity'> & { unplaced: Array<Unplaced & { lineId: number; message: string }>; overCapacity: Array<OverCapacity & { vendorId: number }> };

type Data = Pick<WorkbenchData, 'version' | 'versionId' | 'stateRef' | 'totals' | 'loadWorkbench' | 'loadVersions' | 'pick'>;

/**
 * The version's declared transitions (allocationversion: publish, archive, copy) for the engine's
 * buttons (TransitionButtons: asked first, a copy's new code and name in the engine's dialog): those
 * the shown version can take now by its state and the user's roles, run at the version read. A
 * publish holds the planner's pending edits: they are saved first, and the version they made is the
 * planner's own (the action then runs without the version read before). Afterwards the versions are
 * read again and a copy is picked.
 */
function useVersionTransitions(data: Data, saveEdits: (quiet: boolean) => Promise<boolean>) {
  const { t } = useTranslation();
  const { dashroles } = useSnapshot(access);
  const { version, loadWorkbench, loadVersions, pick } = data;
  const made = useRef(0);
  const call = async (tr: TransitionDef, params: Record<string, unknown>) => {
    made.current = 0;
    const saving = tr.to === 'published' && Boolean(data.stateRef.current?.edits.size);
    if (!version || (saving && !(await saveEdits(true)))) throw new Error('not run');
    const reply = (await VERSIONS.action(tr.action, [Number(version.id)], params, saving ? null : Number(version.version))) as RecordActionReply;
    made.current = Number((reply.data?.[0] as { id?: number } | null)?.id) || 0;
  };
  const after = () => void loadVersions().then(() => (made.current ? pick(made.current) : loadWorkbench()));
  const done = (tr: TransitionDef, params: Record<string, unknown>) => (tr.copies ? t('scm.version.copied', { code: String(params.version_code ?? '') }) : t(`alloc.${String(tr.to)}`));
  return { transitions: recordTransitions({ entity: allocationVersion }, version, dashroles), call, after, done };
}

/**
 * The workbench's commands (issue 6): save the pending cells, suggest an allocation (the planner's
 * edits kept), the version's transitions, refresh (discarding pending edits, confirmed).
 */
export function useWorkbenchCommands(data: Data, pending: Pick<PendingCells, 'unsaved' | 'sheetKeys'>) {
  const { t } = useTranslation();
  const { version, stateRef, loadWorkbench, loadVersions } = data;
  // The version's handler actions (suggest, save-cells), `busy` while one runs.
  const { busy, setBusy, act } = useRecordAction(allocationVersion, version);
  const [discarding, setDiscarding] = useState(false);
  const [suggestion, setSuggestion] = useState<SuggestReply | null>(null);

  // Another version shows no suggestion.
  useEffect(() => {
    setSuggestion(null);
  }, [data.versionId]);

  const saveEdits = async (quiet = false): Promise<boolean> => {
    const st = stateRef.current;
    if (!st || !st.edits.size) return true;
    const reply = await act('save-cells', { cells: JSON.stringify(pendingEdits(st)) });
    if (!reply) return false;
    if (!quiet) toast.success(t('alloc.saved', { count: st.edits.size }));
    pending.unsaved.saved();
    pending.sheetKeys.keep();
    await loadWorkbench();
    void loadVersions();
    return true;
  };

  const suggest = async () => {
    // The planner's edits go first, so the suggestion keeps them (issue 6: edits after a suggestion are kept).
    const saving = Boolean(stateRef.current?.edits.size);
    if (!(await saveEdits(true))) return;
    const reply = await act('suggest', {}, saving ? null : undefined);
    if (!reply) return;
    const result = (reply.data?.[0] ?? null) as SuggestReply | null;
    // The grid and the result appear together, from the cells the suggestion stored.
    await loadWorkbench();
    setSuggestion(result);
    toast.success(t('alloc.suggested', { suggested: result?.totals.suggested ?? 0, unplaced: result?.totals.unplaced ?? 0 }));
    void loadVersions();
  };

  const refresh = () => (data.totals?.pending ? setDiscarding(true) : void loadWorkbench());
  const discard = () => {
    setDiscarding(false);
    pending.unsaved.discard();
    void loadWorkbench();
  };

  const transitions = useVersionTransitions(data, saveEdits);
  return { busy, setBusy, discarding, setDiscarding, discard, suggestion, saveEdits, suggest, refresh, transitions };
}

export type WorkbenchCommands = ReturnType<typeof useWorkbenchCommands>;
