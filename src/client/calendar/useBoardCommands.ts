/**
 * The board page's commands: each is sent to the planning service with the page's range, its reply
 * applied to the board; undo and redo (board-model `CommandHistory`, Ctrl+Z / Ctrl+Y unless `paused`
 * by a dialog); a stale version's refusal is told, clears the history and reads the board again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardBar, BoardCommand, BoardCommandResult } from '../../model/schedule-board';
import { api, ApiError, STALE_VERSION_CODE } from '../api/client';
import { toast } from '../kernel/toast-bus';
import { applyResult, CommandHistory, historyEntryFor, type HistoryStep, pushHistoryEntry, withVersion } from './board-model';
import type { BoardSource } from './useBoardSource';


export function useBoardCommands(source: BoardSource, paused: boolean) {
  const { t } = useTranslation();
  const history = useRef(new CommandHistory());
  const [, bump] = useState(0);

  /** Sends one command; the reply is applied to the board. Null when it was refused (told to the user). */
  const send = useCallback(async (cmd: BoardCommand): Promise<BoardCommandResult | null> => {
    try {
      const result = await api.post<BoardCommandResult>(source.decl.source.command!, { ...cmd, ...source.range }, { quiet: true });
      source.setData((d) => (d ? applyResult(d, result) : d));
      if (source.scenarioRef.current !== null) source.bumpCompare();
      return result;
    } catch (e) {
      if (e instanceof ApiError && (e.code === STALE_VERSION_CODE || e.status === 409)) {
        toast.warning(e.message || t('board.stale'));
        history.current.clear();
        void source.load();
      } else {
        toast.error(e instanceof Error ? e.message : String(e));
      }
      return null;
    }
  }, [source, t]);

  const versionOf = useCallback((id: number) => source.dataRef.current?.bars.find((b) => b.id === id)?.version, [source]);

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
      const cmd = withVersion(raw, (id) => versions.get(id) ?? versionOf(id));
      const result = await send(cmd);
      if (!result) {
        if (i > 0) { history.current.clear(); void source.load(); }
        return null;
      }
      const named = cmd.op === 'merge' ? cmd.bar_ids : [cmd.bar_id];
      for (const b of result.bars) {
        versions.set(b.id, b.version);
        if (!named.includes(b.id)) own.push(b.id);
      }
    }
    return own;
  }, [send, source, versionOf]);

  /** A command of the board or a dialog, from the bar(s) as they were (a merge: all, the kept one first). */
  const onCommand = useCallback(async (cmd: BoardCommand, before: BoardBar | BoardBar[]) => {
    const result = await send(cmd);
    if (!result) return false;
    const entry = historyEntryFor(cmd, Array.isArray(before) ? before : [before]);
    if (entry) {
      const named = cmd.op === 'merge' ? cmd.bar_ids : [cmd.bar_id];
      history.current.push(entry, result.bars.map((b) => b.id).filter((id) => !named.includes(id)));
    }
    bump((n) => n + 1);
    return true;
  }, [send]);

  /** Move and push the following plans later: one command; its undo puts every bar it moved back. */
  const pushMove = useCallback(async (cmd: BoardCommand) => {
    const full = { ...cmd, push: true } as BoardCommand;
    const result = await send(full);
    if (!result) return false;
    history.current.push(pushHistoryEntry(full, result.previous ?? [], result.bars));
    toast.success(t('board.overload.pushed', { count: Math.max(0, (result.previous?.length ?? 1) - 1) }));
    bump((n) => n + 1);
    return true;
  }, [send, t]);

  const undo = useCallback(async () => {
    const e = history.current.peekUndo();
    if (!e) return;
    const created = await runSteps(e.undo, history.current.otherOf(e, 'undo'));
    if (created) history.current.confirmUndo(created);
    bump((n) => n + 1);
  }, [runSteps]);
  const redo = useCallback(async () => {
    const e = history.current.peekRedo();
    if (!e) return;
    const created = await runSteps(e.do, history.current.otherOf(e, 'do'));
    if (created) history.current.confirmRedo(created);
    bump((n) => n + 1);
  }, [runSteps]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || paused) return;
      const k = e.key.toLowerCase();
      if (k === 'z' && !e.shiftKey) { e.preventDefault(); void undo(); }
      else if (k === 'y' || (k === 'z' && e.shiftKey)) { e.preventDefault(); void redo(); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo, paused]);

  return { history: history.current, send, onCommand, pushMove, undo, redo };
}
