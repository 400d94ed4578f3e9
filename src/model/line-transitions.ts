import type { EntityDef, TransitionDef } from './entity';
import { evaluateCondition } from './expression';

/**
 * The transitions a line of a master record can take now (`EntityDef.lineOf`): those whose `from`
 * holds the master's state, whose roles the user has one of, and whose `when` holds for the line.
 * The browser offers them on the line's row; the server decides again (src/server/resources/
 * line-action.ts).
 *
 * Example: `lineTransitions(orderNode, { status: 'in_progress' }, 'status', { actual_date: null }, ['planner'])` gives `actual` and `plan`.
 */
export function lineTransitions(line: Pick<EntityDef, 'lineOf'>, master: Record<string, unknown> | null, masterStateField: string | null, row: Record<string, unknown>, roles: readonly string[]): TransitionDef[] {
  if (!line.lineOf || !master) return [];
  const state = masterStateField ? String(master[masterStateField] ?? '') : '';
  return line.lineOf.transitions.filter(
    (tr) => (!masterStateField || tr.from.includes(state)) && (!tr.roles?.length || tr.roles.some((r) => roles.includes(r))) && evaluateCondition(tr.when, { form: row }),
  );
}
