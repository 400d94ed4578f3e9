import type { TransitionDef } from '../../model/entity';
import { evaluateCondition } from '../../model/expression';
import type { ResolvedPage } from '../../model/page-resolve';

/**
 * The entity's transitions a stored record can take now (its drawer's buttons): from its state, by
 * the user's roles, where the transition's `when` holds for the record. The server decides again.
 *
 * Example: `recordTransitions(resolved, { status: 'locked', side: 'buyer', outstanding_total: 40 }, ['common'])` gives `pay`.
 */
export function recordTransitions(resolved: Pick<ResolvedPage, 'entity'>, record: Record<string, unknown> | null, roles: readonly string[]): TransitionDef[] {
  const machine = resolved.entity.states;
  if (!machine || !record) return [];
  const state = String(record[machine.field] ?? '');
  return machine.transitions.filter(
    (tr) => tr.from.includes(state) && (!tr.roles?.length || tr.roles.some((r) => roles.includes(r))) && evaluateCondition(tr.when, { form: record }),
  );
}
