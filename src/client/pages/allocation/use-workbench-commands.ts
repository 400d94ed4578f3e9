import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/entity-api';
import { resolvedPageOf } from '../../api/resolved-page';
import { toast } from '../../kernel/toast-bus';
import type { PendingCells } from './use-pending-cells';
import { VERSIONS, type WorkbenchData } from './use-workbench-data';
import { pendingEdits } from './workbench-model';

type Unplaced = { lineId: number; qty: number; reason: string; message: string };
export type SuggestReply = { totals: { demand: number; kept: number; suggested: number; unplaced: number }; unplaced: Unplaced[]; overCapacity: Array<{ vendorId: number; cycle: string; load: number; capacity: number }> };
export type ActionReply = { rows: Row[]; data?: Array<Record<string, unknown> | null> };
export type ConfirmKind = 'publish' | 'archive' | 'discard';

type Data = Pick<WorkbenchData, 'version' | 'versionId' | 'stateRef' | 'totals' | 'loadWorkbench' | 'loadVersions'>;

/** The version's actions through its entity's action route, `busy` while one runs. */
function useVersionAction(version: Data['version']) {
  const [busy, setBusy] = useState(false);
  const act = async (action: string, params: Record<string, unknown> = {}): Promise<ActionReply | null> => {
    if (!version) return null;
    setBusy(true);
    try {
      return (await VERSIONS.action(action, [Number(version.id)], params, Number(version.version))) as ActionReply;
    } catch {
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { busy, setBusy, act };
}

/**
 * The workbench's commands (issue 6): save the pending cells, suggest an allocation (the planner's
 * edits kept), publish and archive the version (confirmed, with the entity's transition text),
 * refresh (discarding pending edits, confirmed).
 */
export function useWorkbenchCommands(data: Data, pending: Pick<PendingCells, 'unsaved' | 'sheetKeys'>) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const { version, stateRef, loadWorkbench, loadVersions } = data;
  const { busy, setBusy, act } = useVersionAction(version);
  const [confirm, setConfirm] = useState<ConfirmKind | null>(null);
  const [suggestion, setSuggestion] = useState<SuggestReply | null>(null);
  const transitions = resolvedPageOf('allocationversion')?.entity.states?.transitions ?? [];

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
    await loadWorkbench(Number(st.data.version.id));
    void loadVersions();
    return true;
  };

  const suggest = async () => {
    // The planner's edits go first, so the suggestion keeps them (issue 6: edits after a suggestion are kept).
    if (!(await saveEdits(true))) return;
    const reply = await act('suggest');
    if (!reply) return;
    const result = (reply.data?.[0] ?? null) as SuggestReply | null;
    // The grid and the result appear together, from the cells the suggestion stored.
    await loadWorkbench(Number(version!.id));
    setSuggestion(result);
    toast.success(t('alloc.suggested', { suggested: result?.totals.suggested ?? 0, unplaced: result?.totals.unplaced ?? 0 }));
    void loadVersions();
  };

  const transition = async (action: 'publish' | 'archive') => {
    setConfirm(null);
    if (action === 'publish' && !(await saveEdits(true))) return;
    const reply = await act(action);
    if (!reply) return;
    toast.success(t(action === 'publish' ? 'alloc.published' : 'alloc.archived'));
    await loadWorkbench(Number(version!.id));
    void loadVersions();
  };

  const refresh = () => (data.totals?.pending ? setConfirm('discard') : version && void loadWorkbench(Number(version.id)));

  const transitionConfirm = (a: 'publish' | 'archive') => {
    const tr = transitions.find((x) => x.action === a);
    return tr?.confirm ? (en ? tr.confirm.en : tr.confirm.zh) : '';
  };
  const confirmText = confirm === 'discard' ? t('alloc.discard', { count: data.totals?.pending ?? 0 }) : confirm ? transitionConfirm(confirm) : '';
  const onConfirm = () => {
    if (confirm === 'discard') {
      setConfirm(null);
      pending.unsaved.discard();
      if (version) void loadWorkbench(Number(version.id));
    } else if (confirm) void transition(confirm);
  };

  return { busy, setBusy, confirm, setConfirm, confirmText, onConfirm, suggestion, saveEdits, suggest, refresh };
}

export type WorkbenchCommands = ReturnType<typeof useWorkbenchCommands>;
