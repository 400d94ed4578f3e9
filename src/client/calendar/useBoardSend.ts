/**
 * Sending the board's commands: one command to the planning service with the page's range, its reply
 * applied to the board (a stale version's refusal is told, clears the history and reads the windows
 * in view again), and a history sequence run step by step. Holds the board's undo/redo history.
 *
 * Example: `const { history, send, runSteps } = useBoardSend(source); await send({ op: 'lock', bar_id, version });`
 */
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardCommand, BoardCommandResult, MaterialGateAsk } from '../../model/schedule-board';
import { commandBars } from '../../model/schedule-board';
import { api, ApiError, STALE_VERSION_CODE } from '../api/client';
import { toast } from '../kernel/toast-bus';
import { CommandHistory, type HistoryStep, withVersion } from './board-model';
import type { BoardSource } from './useBoardSource';

export function useBoardSend(source: BoardSource) {
  const { t } = useTranslation();
  const history = useRef(new CommandHistory());

  /**
   * Sends one command; the reply is applied to the board. Null when it was refused (told to the user,
   * or a move before its plan's material gate handed to `onGate`, the page's question).
   */
  const send = useCallback(async (cmd: BoardCommand, onGate?: (ask: MaterialGateAsk) => void): Promise<BoardCommandResult | null> => {
    try {
      const result = await api.post<BoardCommandResult>(source.decl.source.command!, { ...cmd, ...source.range }, { quiet: true });
      source.applyReply(result);
      if (source.scenarioRef.current !== null) source.bumpCompare();
      return result;
    } catch (e) {
      const gate = materialGateOf(e);
      if (gate) {
        // Nothing changed on the server: the history and the board stay as they are.
        if (onGate) onGate(gate);
        else toast.warning((e as Error).message);
      } else if (e instanceof ApiError && (e.code === STALE_VERSION_CODE || e.status === 409)) {
        toast.warning(e.message || t('board.stale'));
        history.current.clear();
        source.refresh();
      } else {
        toast.error(e instanceof Error ? e.message : String(e));
      }
      return null;
    }
  }, [source, t]);

  /**
   * The versions of the bars the board holds, by id: one pass, made when a step needs a version its
   * sequence's replies did not give. (A search of the held bars per bar made the undo of a push of a
   * few hundred bars at 100,000 bars held cost more than the push itself: tests/bench/b5-scale.ts.)
   */
  const heldVersions = useCallback(() => {
    const out = new Map<number, number>();
    for (const b of source.dataRef.current?.bars ?? []) out.set(b.id, b.version);
    return out;
  }, [source]);

  /**
   * Runs a history sequence (board-model `HistoryEntry`) step by step, each with the versions the
   * previous replies gave; returns the bars it created, or null when a step was refused. A sequence
   * stopped half-way leaves the board as the server has it (reloaded), and the history is cleared.
   */
  const runSteps = useCallback(async (steps: HistoryStep[], other: number[]): Promise<number[] | null> => {
    const own: number[] = [];
    const versions = new Map<number, number>();
    for (const [i, step] of steps.entries()) {
      const raw = step({ own, other });
      if (!raw) continue;
      let held: Map<number, number> | null = null;
      const cmd = withVersion(raw, (id) => versions.get(id) ?? (held ??= heldVersions()).get(id));
      const result = await send(cmd);
      if (!result) {
        if (i > 0) { history.current.clear(); source.refresh(); }
        return null;
      }
      const named = commandBars(cmd).ids;
      for (const b of result.bars) {
        versions.set(b.id, b.version);
        if (!named.includes(b.id)) own.push(b.id);
      }
    }
    return own;
  }, [send, source, heldVersions]);

  return { history, send, runSteps };
}

/** The server's answer to a move with `material: 'ask'` that would start its plan before the material is in, else null. */
export function materialGateOf(e: unknown): MaterialGateAsk | null {
  if (!(e instanceof ApiError)) return null;
  const data = e.data as Partial<MaterialGateAsk> | null;
  return data?.reason === 'material_gate' && data.gate ? (data as MaterialGateAsk) : null;
}
