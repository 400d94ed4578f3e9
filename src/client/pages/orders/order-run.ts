import type { EntityApi, Row } from '../../api/entity-api';
import { toast } from '../../kernel/toast-bus';
import type { OrderAction } from './order-actions';

/** An action's reply: the changed rows and, per row, what the domain handler said (send's message). */
type ActionReply = { rows: Row[]; data?: Array<Record<string, unknown> | null> };

export type OrderActionOutcome = { row: Row | null; manualMessage: string | null };

/**
 * Runs one state action of one order and tells the user what happened: spec 8's "supplier has not
 * joined the platform" as a warning that stays until closed (the caller also shows it on the order),
 * the maker chosen by `allocate`, or the server's own confirmation. Throws when the server refused
 * (the API reactions already showed why).
 */
export async function performOrderAction(api: EntityApi, action: OrderAction, row: Row, params: Record<string, unknown>, t: (k: string, p?: Record<string, unknown>) => string): Promise<OrderActionOutcome> {
  const reply = (await api.action(action, [Number(row.id)], params, Number(row.version))) as ActionReply;
  const said = reply.data?.[0] ?? null;
  let manualMessage: string | null = null;
  if (action === 'send' && said?.manual) {
    manualMessage = String(said.message ?? t('scm.order.prMakerNotJoined'));
    toast.warning(manualMessage);
  } else if (action === 'allocate' && said) {
    toast.success(t('orders.allocated', { planned: String(said.planned ?? ''), ordered: String(said.ordered ?? '') }));
  } else {
    toast.success(typeof said?.message === 'string' ? said.message : t('engine.actionDone'));
  }
  return { row: reply.rows[0] ?? null, manualMessage };
}
