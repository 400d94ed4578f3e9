/**
 * What the board page's dialogs run: a merge (checked first, the earliest bar kept and selected),
 * auto-scheduling into a new scenario (then opened), publishing or discarding a scenario (a stale
 * refusal opens the question whether to overwrite the live changes).
 *
 * Example: `const { doMerge, runAuto, closeScenario } = useBoardDialogActions(props);`
 */
import { useTranslation } from 'react-i18next';
import type { BoardBar, ScenarioComparison } from '../../model/schedule-board';
import { ApiError } from '../api/client';
import { callApi } from '../api/calls';
import { scheduleCalls } from '../../model/calls/schedule';
import { toast } from '../kernel/toast-bus';
import { validateMerge } from './board-model';
import type { BoardPageDialogsProps } from './BoardPageDialogs';

export function useBoardDialogActions({ setDialog, source, onCommand, onMerged, onOpenScenario }: Pick<BoardPageDialogsProps, 'setDialog' | 'source' | 'onCommand' | 'onMerged' | 'onOpenScenario'>) {
  const { t } = useTranslation();

  const doMerge = async (bars: BoardBar[]) => {
    const err = validateMerge(bars);
    if (err) { toast.warning(t(err.key)); return false; }
    const sorted = [...bars].sort((a, b) => a.start.localeCompare(b.start));
    const ok = await onCommand({ op: 'merge', bar_ids: sorted.map((b) => b.id), versions: sorted.map((b) => b.version) }, sorted);
    if (ok) onMerged(sorted[0].id);
    return ok;
  };

  const runAuto = async (input: { name: string; from: string; to: string }) => {
    try {
      const s = await callApi(scheduleCalls.auto, input, { quiet: true });
      toast.success(t('board.auto.done', { name: s.name }));
      await source.loadScenarios();
      onOpenScenario(s.id);
      return true;
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
      return false;
    }
  };

  const closeScenario = async (how: 'publish' | 'discard', cmp: ScenarioComparison, force = false): Promise<boolean> => {
    try {
      await callApi(scheduleCalls[how], { id: cmp.scenario.id, ...(force ? { force: true } : {}) }, { quiet: true });
      toast.success(t(how === 'publish' ? 'board.published' : 'board.discarded', { name: cmp.scenario.name }));
      await source.loadScenarios();
      onOpenScenario(null);
      return true;
    } catch (e) {
      // The live schedule changed since the scenario was made: ask before overwriting those changes.
      if (e instanceof ApiError && (e.data as { reason?: string } | null)?.reason === 'scenario_stale') {
        setDialog({ kind: 'stale', cmp, message: e.message });
        return false;
      }
      toast.error(e instanceof Error ? e.message : String(e));
      return true;
    }
  };

  return { doMerge, runAuto, closeScenario };
}
