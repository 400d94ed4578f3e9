/**
 * The board page's dialogs and bar menu: split, merge, an overloading drop (move anyway, move and
 * push the following plans later, cancel), a move before its plan's material is in (start on the
 * material's day, keep the planner's day, cancel), auto-schedule into a scenario, publish / discard a
 * scenario and the stale-scenario question; each runs its command or call and says the outcome.
 */
import { Menu, MenuDivider, MenuItem, MenuList, MenuPopover, type PositioningVirtualElement } from '@fluentui/react-components';
import { LockClosedRegular, LockOpenRegular, MergeRegular, SplitHorizontalRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardBar, BoardCommand, ScenarioComparison } from '../../model/schedule-board';
import { gateDayOverload, type OverloadAsk } from './board-model';
import { BoardAutoDialog, BoardConfirm, BoardMergeDialog, BoardSplitDialog } from './BoardDialogs';
import { BoardMaterialDialog } from './BoardMaterialDialog';
import { BoardOverloadDialog } from './BoardOverloadDialog';
import type { MaterialAsk } from './useBoardCommands';
import { useBoardDialogActions } from './useBoardDialogActions';
import type { BoardSource } from './useBoardSource';

export type BoardDialog =
  | { kind: 'split'; bar: BoardBar }
  | { kind: 'merge'; bars: BoardBar[] }
  | { kind: 'auto' }
  // A drop that would overload its target line: move anyway, move and push the following plans, or cancel.
  | { kind: 'overload'; ask: OverloadAsk }
  // A move the server refused before its plan's material gate: start on the gate day, keep the planner's day, or cancel.
  | { kind: 'material'; ask: MaterialAsk }
  | { kind: 'publish' | 'discard'; cmp: ScenarioComparison }
  // The server refused a publish because the live schedule changed since the scenario was made.
  | { kind: 'stale'; cmp: ScenarioComparison; message: string }
  | null;

export type BoardPageDialogsProps = {
  dialog: BoardDialog;
  setDialog: (d: BoardDialog) => void;
  source: BoardSource;
  onCommand: (cmd: BoardCommand, before: BoardBar | BoardBar[]) => Promise<boolean>;
  pushMove: (cmd: BoardCommand, before?: BoardBar) => Promise<boolean>;
  /** After a merge: the kept bar is the selection. */
  onMerged: (kept: number) => void;
  onOpenScenario: (id: number | null) => void;
};

export function BoardPageDialogs({ dialog, setDialog, source, onCommand, pushMove, onMerged, onOpenScenario }: BoardPageDialogsProps) {
  const { t } = useTranslation();
  const { data, horizon } = source;
  const close = () => setDialog(null);

  const { doMerge, runAuto, closeScenario } = useBoardDialogActions({ setDialog, source, onCommand, onMerged, onOpenScenario });

  if (!dialog) return null;
  switch (dialog.kind) {
    case 'split': {
      const b = dialog.bar;
      return data ? <BoardSplitDialog data={data} bar={b} onSplit={(qty, lineId) => onCommand({ op: 'split', bar_id: b.id, version: b.version, qty, ...(lineId ? { line_id: lineId } : {}) }, b)} onClose={close} /> : null;
    }
    case 'merge':
      return <BoardMergeDialog bars={dialog.bars} onMerge={() => doMerge(dialog.bars)} onClose={close} />;
    case 'overload':
      return data ? <BoardOverloadDialog data={data} ask={dialog.ask} onAnyway={() => onCommand(dialog.ask.cmd, dialog.ask.before)} onPush={() => pushMove(dialog.ask.cmd, dialog.ask.before)} onClose={close} /> : null;
    case 'material': {
      const { cmd, before } = dialog.ask;
      // The planner's answer: the same move (pushing or not) with the choice, not asked again.
      const choose = async (material: 'gate' | 'keep') => {
        // Started on the material's day, the move asks what a drop there asks when that day overloads the line.
        const over = material === 'gate' && data ? gateDayOverload(data, cmd, before, dialog.ask.gate.gate.day) : null;
        if (over) return setDialog({ kind: 'overload', ask: over });
        return cmd.push ? pushMove({ ...cmd, material }, before) : onCommand({ ...cmd, material }, before);
      };
      return <BoardMaterialDialog ask={dialog.ask} onChoose={choose} onClose={close} />;
    }
    case 'auto':
      return <BoardAutoDialog from={horizon.from} to={horizon.to} onRun={runAuto} onClose={close} />;
    case 'publish':
    case 'discard': {
      const how = dialog.kind;
      return (
        <BoardConfirm
          testid={`scenario-${how}-confirm`}
          title={t(how === 'publish' ? 'board.publish' : 'board.discard')}
          text={t(`board.${how}.confirm`, { name: dialog.cmp.scenario.name })}
          ok={t(how === 'publish' ? 'board.publish' : 'board.discard')}
          danger={how === 'discard'}
          // A stale refusal replaces this dialog by the one that asks to overwrite; otherwise it closes.
          onOk={async () => { if (await closeScenario(how, dialog.cmp)) close(); }}
          onClose={close}
          closeAfterOk={false}
        />
      );
    }
    case 'stale':
      return (
        <BoardConfirm
          testid="scenario-stale-confirm"
          title={t('board.publish.staleTitle')}
          text={dialog.message}
          ok={t('board.publish.anyway')}
          danger
          onOk={async () => { await closeScenario('publish', dialog.cmp, true); }}
          onClose={close}
        />
      );
  }
}

/** The bar's menu at the pointer (right click, Shift+F10): split, merge the selection or the plan's splits, lock / unlock. */
export function BoardBarMenu({ at, bar, canEdit, selection, siblings, onClose, onSplit, onMerge, onLock }: {
  at: { x: number; y: number } | null;
  bar: BoardBar | null;
  canEdit: boolean;
  selection: BoardBar[];
  siblings: BoardBar[];
  onClose: () => void;
  onSplit: (bar: BoardBar) => void;
  onMerge: (bars: BoardBar[]) => void;
  onLock: () => void;
}) {
  const { t } = useTranslation();
  const target = useMemo<PositioningVirtualElement | undefined>(() => (at ? { getBoundingClientRect: () => new DOMRect(at.x, at.y, 0, 0) } : undefined), [at]);
  return (
    <Menu open={!!at && !!bar} onOpenChange={(_, d) => !d.open && onClose()} positioning={{ target, position: 'below', align: 'start' }}>
      <MenuPopover data-testid="board-bar-menu">
        <MenuList aria-label={t('board.menu')}>
          <MenuItem data-testid="menu-split" icon={<SplitHorizontalRegular />} disabled={!bar || !canEdit || bar.locked} onClick={() => { onClose(); if (bar) onSplit(bar); }}>{t('board.split')}</MenuItem>
          <MenuItem data-testid="menu-merge" icon={<MergeRegular />} disabled={!canEdit || selection.length < 2} onClick={() => { onClose(); onMerge(selection); }}>{t('board.merge')}</MenuItem>
          <MenuItem data-testid="menu-merge-plan" icon={<MergeRegular />} disabled={!canEdit || siblings.length < 2} onClick={() => { onClose(); onMerge(siblings); }}>{t('board.mergePlan')}</MenuItem>
          <MenuDivider />
          <MenuItem data-testid="menu-lock" icon={bar?.locked ? <LockOpenRegular /> : <LockClosedRegular />} disabled={!bar || !canEdit} onClick={() => { onClose(); onLock(); }}>
            {bar?.locked ? t('board.unlock') : t('board.lock')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
