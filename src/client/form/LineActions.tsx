import { Button } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { EntityDef, TransitionDef } from '../../model/entity';
import { lineTransitions } from '../../model/line-transitions';
import { requireEntity } from '../../model';
import { entityApiFor } from '../api/entity-api';
import { access } from '../session/access-state';
import { runTransitionCall } from './transition-call';
import { useAskedTransition } from './use-asked-transition';

type Row = Record<string, unknown>;

/**
 * A line's own actions on its row in a detail grid (`EntityDef.lineOf`, issue 30): each transition
 * of the line entity the line can take now (the master's state among the transition's `from`, the
 * user's roles, its `when` on the line), asked first when it declares a confirmation, its parameters
 * in the generic `TransitionDialog` starting from the line (`defaults`); run at the line's version
 * through the line entity's action route, then `onDone` with the handlers' data (and `doneText`, or
 * the engine's 操作成功, as a toast). `only` keeps the actions a page does not draw another way. Test
 * ids `<testId>-<action>`.
 *
 * Example: `<LineActions entity={orderNode} master={order} line={node} only={['plan']} testId={`line-${code}`} onDone={reload} />`.
 */
export function LineActions(p: { entity: EntityDef; master: Row | null; line: Row; only?: string[]; disabled?: boolean; testId: string; doneText?: string; onDone: (data: unknown[] | undefined) => void }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const { dashroles } = useSnapshot(access);
  const master = p.entity.lineOf ? requireEntity(p.entity.lineOf.master) : null;
  const offered = lineTransitions(p.entity, p.master, master?.states?.field ?? null, p.line, dashroles).filter((tr) => !p.only || p.only.includes(tr.action));
  const run = (tr: TransitionDef, params: Row) =>
    runTransitionCall(
      tr,
      async () => p.onDone((await entityApiFor(p.entity).action(tr.action, [Number(p.line.id)], params, Number(p.line.version))).data),
      asked.close,
      p.doneText ?? t('engine.actionDone'),
    );
  const asked = useAskedTransition(p.line, run);
  return (
    <>
      {offered.map((tr) => (
        <Button key={tr.action} size="small" appearance="subtle" disabled={p.disabled} onClick={() => asked.ask(tr)} data-testid={`${p.testId}-${tr.action}`}>
          {en ? tr.label.en : tr.label.zh}
        </Button>
      ))}
      {asked.dialog}
    </>
  );
}
