import { ToolbarButton } from '@fluentui/react-components';
import { PlayRegular } from '@fluentui/react-icons';
import { useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { TransitionDef } from '../../../model/entity';
import type { Row } from '../../api/entity-api';
import type { ListController } from '../../engine/use-list-controller';
import { TransitionDialog } from '../../form/dialogs';
import { access } from '../../session/access-state';
import { useTransitionRunner } from '../../engine/use-transition-runner';

/** A state action that opens its own editor instead of the generic parameter dialog. */
export type EditorAction = {
  icon: ReactElement;
  /** The row to edit from the selection, or null after telling the user why not (a toast). */
  pick: (rows: Row[]) => Row | null;
  render: (row: Row, close: () => void, done: () => void) => ReactNode;
};

/**
 * The toolbar of an outsourcing list (issue 12): the page declaration's transitions as the generic
 * list shows them (confirmation or parameter dialog, roles respected), except the actions named in
 * `editors`, which open their own table editor (the vendor's shipment, the maker's receipt).
 */
export function OutsourceActions({ list, editors }: { list: ListController; editors: Record<string, EditorAction> }) {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const { dashroles } = useSnapshot(access);
  const { resolved, selected } = list;
  const { transition, setTransition, runTransition } = useTransitionRunner(list);
  const [editing, setEditing] = useState<{ action: string; row: Row } | null>(null);
  const transitions = resolved.actions
    .filter((a): a is { kind: 'transition'; action: string } => a.kind === 'transition')
    .map((a) => resolved.transitions.find((x) => x.action === a.action))
    .filter((x): x is TransitionDef => Boolean(x))
    .filter((x) => !x.roles?.length || x.roles.some((r) => dashroles.includes(r)));


  const start = (tr: TransitionDef) =>
    list.withSelection((rows) => {
      const editor = editors[tr.action];
      if (editor) {
        const row = editor.pick(rows);
        if (row) setEditing({ action: tr.action, row });
      } else if (tr.params?.length || tr.confirm) setTransition(tr);
      else void runTransition(tr, {});
    });

  const editor = editing ? editors[editing.action] : null;
  return (
    <>
      {transitions.map((tr) => (
        <ToolbarButton key={tr.action} icon={editors[tr.action]?.icon ?? <PlayRegular />} onClick={() => start(tr)} data-testid={`action-${tr.action}`}>
          {en ? tr.label.en : tr.label.zh}
        </ToolbarButton>
      ))}
      {transition && <TransitionDialog transition={transition} count={selected.length} onRun={(p) => runTransition(transition, p)} onCancel={() => setTransition(null)} />}
      {editing && editor
        ? editor.render(
            editing.row,
            () => setEditing(null),
            () => {
              setEditing(null);
              list.refresh();
            },
          )
        : null}
    </>
  );
}
