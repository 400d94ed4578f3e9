import type { EntityDef, TransitionDef } from '../../model';
import type { AuthContext } from '../access/auth-context';
import type { Db } from '../db/database';
import type { CallShape } from '../../model/calls/call';
import { readShapedInput } from '../http/calls';

/**
 * Service hooks for domain logic behind entity actions (ARCHITECTURE: "Domain logic that is not
 * generic lives in services that the entity's actions call"). Keyed `${entity}.${action}`: a handler
 * runs inside the action's transaction, once per row, after the from-state guard and before the
 * state changes. It may refuse with a pre-check message (throw an AppError, e.g.
 * `new AppError('srm.rfq.notActivated')`), return field values to store with the
 * transition (`patch`), and return data for the reply.
 *
 * An action name without a transition in the entity's state machine is still callable when a
 * handler is registered for it (a domain action that changes no state, such as "copy").
 *
 * Example:
 * ```ts
 * registerActionHandler('ticket', 'close', async ({ row }) => ({ patch: { closed_at: new Date().toISOString() } }));
 * ```
 */
export type ActionContext = {
  tx: Db;
  auth: AuthContext;
  clientId: number;
  entity: EntityDef;
  /** The row as stored, locked for the transaction. */
  row: Record<string, unknown>;
  /** The transition being taken, or null for a handler-only action. */
  transition: TransitionDef | null;
  /** The action's validated params (transition.params), or the raw body for handler-only actions. */
  params: Record<string, unknown>;
  ip: string | null;
  /** For a line's transition (`EntityDef.lineOf`): its master record as stored, locked for the transaction. */
  master?: Record<string, unknown>;
};

/**
 * What a handler asks of the stage: field values to store with the transition (`patch`), data for
 * the reply (`data`), or work to do once the stage has written the row, inside the same transaction,
 * whose result is the reply's data (`after`: flags evaluated from the new row, a timeline read back).
 */
export type ActionOutcome = { patch?: Record<string, unknown>; data?: unknown; after?: () => Promise<unknown> };
export type ActionHandler = (ctx: ActionContext) => Promise<ActionOutcome | void>;

export const actionHandlers = new Map<string, ActionHandler>();

export function registerActionHandler(entity: string, action: string, handler: ActionHandler): void {
  const key = `${entity}.${action}`;
  if (actionHandlers.has(key) && actionHandlers.get(key) !== handler) throw new Error(`action handler ${key} is registered twice`);
  actionHandlers.set(key, handler);
}

/**
 * A handler-only action whose body has a declared shape (src/model/calls/input-shape.ts), as a
 * declared call's input has: read once its rows are found, anything else refused with 400 naming
 * the first field that does not hold (under `refuse`, else `err.badInput`); the handler gets it typed.
 *
 * Example: `registerShapedAction('allocationversion', 'save-cells', { input: is.object({ cells }), refuse: 'scm.version.badCells' }, (ctx, { cells }) => saveCells(ctx, cells))`.
 */
export function registerShapedAction<T>(entity: string, action: string, shape: CallShape<T>, handler: (ctx: ActionContext, input: T) => Promise<ActionOutcome | void>): void {
  registerActionHandler(entity, action, (ctx) => handler(ctx, readShapedInput(shape, ctx.params)));
}

/**
 * A check that runs before any action of an entity, per row, inside the action's transaction, after
 * the from-state guard and before the handler: it throws to refuse (an action that must wait for an
 * approval flow, services/approvals). Several modules may guard one entity.
 *
 * Example: `registerActionGuard('purorder', async ({ action, row }) => { if (...) throw new AppError('wf.waitingApproval'); })`.
 */
export type ActionGuard = (ctx: ActionContext & { action: string }) => Promise<void>;

export const actionGuards = new Map<string, ActionGuard[]>();

export function registerActionGuard(entity: string, guard: ActionGuard): void {
  const list = actionGuards.get(entity) ?? [];
  if (!list.includes(guard)) list.push(guard);
  actionGuards.set(entity, list);
}
