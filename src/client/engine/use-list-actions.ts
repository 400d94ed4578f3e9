import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { TransitionDef } from '../../model/entity';
import type { ToolbarAction } from '../../model/page';
import type { ResolvedPage } from '../../model/page-resolve';
import { storeSavedTable } from '../grid/column-state';
import { access } from '../session/access-state';
import { toast } from '../kernel/toast-bus';
import type { ListController } from './use-list-controller';
import { useTransitionRunner } from './use-transition-runner';

function transitionsFor(resolved: ResolvedPage, actions: ToolbarAction[], roles: readonly string[]): TransitionDef[] {
  return actions
    .filter((a): a is { kind: 'transition'; action: string } => a.kind === 'transition')
    .map((a) => resolved.transitions.find((t) => t.action === a.action))
    .filter((t): t is TransitionDef => Boolean(t))
    // Buttons show for roles that may run them (the server checks again).
    .filter((t) => !t.roles?.length || t.roles.some((r) => roles.includes(r)));
}

/**
 * The commands of a generated list page (ListPage is its view): removing the selected rows, the
 * declared transitions (asked first when they have parameters or a confirmation).
 */
export function useListActions(resolved: ResolvedPage, list: ListController, onReply?: (reply: { data?: unknown[] }) => void) {
  const { t } = useTranslation();
  const { dashroles } = useSnapshot(access);
  const { api, selected, refresh, withSelection } = list;
  const [confirmRemove, setConfirmRemove] = useState(false);
  const { transition, setTransition, runTransition } = useTransitionRunner(list, onReply);
  const actions = resolved.actions;
  const has = (kind: ToolbarAction['kind']) => actions.some((a) => a.kind === kind);
  const transitions = transitionsFor(resolved, actions, dashroles);

  const removeSelected = async () => {
    setConfirmRemove(false);
    try {
      await api.remove(selected.map((r) => ({ id: Number(r.id), version: Number(r.version) })));
      toast.success(t('engine.removed'));
      list.setSelected([]);
      refresh({ deselect: true });
    } catch {
      /* the API reactions showed the reason */
    }
  };

  /** Runs an action; a refused parameter comes back as field errors for the still open dialog. */

  // A transition with parameters or a confirmation asks first; a plain one runs at once.
  const startTransition = (tr: TransitionDef) =>
    withSelection(() => {
      if (tr.params?.length || tr.confirm) setTransition(tr);
      else void runTransition(tr, {});
    });
  return { has, transitions, confirmRemove, setConfirmRemove, removeSelected, transition, setTransition, runTransition, startTransition };
}

export type ListActions = ReturnType<typeof useListActions>;

/** The columns menu: which columns show (the grid follows), and a reset to the saved default. */
export function useColumnChoice(resolved: ResolvedPage, list: ListController) {
  const { username } = useSnapshot(access);
  const { gridApi } = list;
  const [hidden, setHidden] = useState<string[]>(resolved.columns.filter((c) => c.hide).map((c) => c.field));
  const checked = resolved.columns.map((c) => c.field).filter((f) => !hidden.includes(f));
  const show = (visible: string[]) => {
    const nextHidden = resolved.columns.map((c) => c.field).filter((f) => !visible.includes(f));
    setHidden(nextHidden);
    gridApi.current?.setColumnsVisible(resolved.columns.map((c) => c.field).filter((f) => visible.includes(f)), true);
    gridApi.current?.setColumnsVisible(nextHidden, false);
  };
  const reset = () => {
    storeSavedTable(username, resolved.page.opt, null);
    gridApi.current?.resetColumnState();
    setHidden(resolved.columns.filter((c) => c.hide).map((c) => c.field));
  };
  return { checked, show, reset };
}
