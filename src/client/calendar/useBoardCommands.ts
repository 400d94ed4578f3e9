/**
 * The board page's commands: each is sent to the planning service with the page's range, its reply
 * applied to the board (useBoardSend); a move refused before its plan's material gate goes to
 * `onMaterial` (the page asks the planner, then sends the move again with the answer); undo and redo
 * (board-model `CommandHistory`, Ctrl+Z / Ctrl+Y unless `paused` by a dialog); a stale version's
 * refusal is told, clears the history and reads the board again.
 */
import { startTransition, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardBar, BoardCommand, MaterialGateAsk } from '../../model/schedule-board';
import { commandBars } from '../../model/schedule-board';
import { toast } from '../kernel/toast-bus';
import { historyEntryFor, pushHistoryEntry, settled } from './board-model';
import { useBoardSend } from './useBoardSend';
import type { BoardSource } from './useBoardSource';

/** A move the server refused before its plan's material gate: the command (a push or not), the bar as it was, and the gate. */
export type MaterialAsk = { cmd: Extract<BoardCommand, { op: 'move' }>; before: BoardBar; gate: MaterialGateAsk };

export function useBoardCommands(source: BoardSource, paused: boolean, onMaterial?: (ask: MaterialAsk) => void) {
  const { t } = useTranslation();
  const { history, send, runSteps } = useBoardSend(source);
  const [, bump] = useState(0);

  /** The page's question when a move is refused before its plan's material gate (nothing else asked). */
  const gateOf = useCallback((cmd: BoardCommand, before: BoardBar | BoardBar[]): ((gate: MaterialGateAsk) => void) | undefined => {
    const bar = Array.isArray(before) ? before[0] : before;
    if (cmd.op !== 'move' || !onMaterial || !bar) return undefined;
    const move = cmd;
    return (gate) => onMaterial({ cmd: move, before: bar, gate });
  }, [onMaterial]);

  /** A command of the board or a dialog, from the bar(s) as they were (a merge: all, the kept one first). */
  const onCommand = useCallback(async (cmd: BoardCommand, before: BoardBar | BoardBar[]) => {
    const result = await send(cmd, gateOf(cmd, before));
    if (!result) return false;
    const entry = historyEntryFor(settled(cmd), Array.isArray(before) ? before : [before]);
    if (entry) {
      const named = commandBars(cmd).ids;
      history.current.push(entry, result.bars.map((b) => b.id).filter((id) => !named.includes(id)));
    }
    startTransition(() => bump((n) => n + 1));
    return true;
  }, [send, history, gateOf]);

  /** Move and push the following plans later: one command; its undo puts every bar it moved back. */
  const pushMove = useCallback(async (cmd: BoardCommand, before?: BoardBar) => {
    const full = { ...cmd, push: true } as BoardCommand;
    const result = await send(full, before ? gateOf(full, before) : undefined);
    if (!result) return false;
    history.current.push(pushHistoryEntry(settled(full), result.previous ?? [], result.bars));
    // Told after the board's next frame (the reply is drawn at once), the toolbar's undo follows as a transition.
    const count = Math.max(0, (result.previous?.length ?? 1) - 1);
    requestAnimationFrame(() => setTimeout(() => toast.success(t('board.overload.pushed', { count }))));
    startTransition(() => bump((n) => n + 1));
    return true;
  }, [send, history, t, gateOf]);

  const undo = useCallback(async () => {
    const e = history.current.peekUndo();
    if (!e) return;
    const created = await runSteps(e.undo, history.current.otherOf(e, 'undo'));
    if (created) history.current.confirmUndo(created);
    // As after a push: the reply is drawn at once, the toolbar's buttons follow as a transition.
    startTransition(() => bump((n) => n + 1));
  }, [runSteps, history]);
  const redo = useCallback(async () => {
    const e = history.current.peekRedo();
    if (!e) return;
    const created = await runSteps(e.do, history.current.otherOf(e, 'do'));
    if (created) history.current.confirmRedo(created);
    startTransition(() => bump((n) => n + 1));
  }, [runSteps, history]);

  useUndoRedoKeys(undo, redo, paused);

  return { history: history.current, send, onCommand, pushMove, undo, redo };
}

/** Ctrl+Z undoes, Ctrl+Y or Ctrl+Shift+Z redoes, unless `paused` (a dialog is open). */
function useUndoRedoKeys(undo: () => Promise<void>, redo: () => Promise<void>, paused: boolean) {
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
}
