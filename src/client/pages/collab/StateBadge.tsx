import { Badge } from '@fluentui/react-components';
import type { EntityDef } from '../../../model/entity';
import { useLabel } from '../common/admin-kit';

/** A record's state as its entity declares it: the state's label in the interface language and its colour. */
export function StateBadge(props: { entity: EntityDef; code: string; testId?: string }) {
  const label = useLabel();
  const state = props.entity.states?.states.find((s) => s.code === props.code);
  return <Badge appearance="tint" color={state?.color ?? 'informative'} data-testid={props.testId}>{state ? label(state.label) : props.code}</Badge>;
}
