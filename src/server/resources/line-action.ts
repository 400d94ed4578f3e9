import { requireEntity, type EntityDef } from '../../model';
import { AppError, forbidden, notFound } from '../http/errors';
import { withTenant } from '../kernel/rls';
import { parseIds, parseVersion, type Row } from './document-input';
import { loadRows } from './document-read';
import { checkFieldReferences } from './document-stages';
import { assertCan, dataScope } from './permissions';
import { actorOf, type ResourceContext } from './resource.service';
import { transitionParams, transitionRow } from './transition-stage';
import { labelIn } from '../../model/label-text';


/**
 * A domain's own words for a master whose state a line's transition does not run in (an order
 * already finished: "订单 X 已完成，不能再修改节点"), instead of the engine's "not in this state".
 *
 * Example: `registerMasterStateRefusal('ordernode', (order) => new AppError('tracking.orderClosed', { params: closedParams(order) }))`.
 */
const masterRefusals = new Map<string, (master: Row) => AppError>();
export function registerMasterStateRefusal(lineEntity: string, refusal: (master: Row) => AppError): void {
  masterRefusals.set(lineEntity, refusal);
}

/**
 * Runs a transition of lines of a master record (`EntityDef.lineOf`; a node line of a customer
 * order completed or re-planned from its row), through the same stage as a master's transition
 * (transition-stage.ts): the `action:<name>` right on the line entity's menu and the transition's
 * roles, then in one tenant transaction the lines locked (another company's id: 404), their masters
 * read within the caller's data permissions on the master's menu (outside them: 404) and locked, a
 * single line's version (stale: 409), the master's state among the transition's `from` (else 409),
 * the parameters validated as a save's fields (400), the guards, the handler (given the master),
 * the write through the record writer audited on the line under the action's name. Replies as a
 * master's action does: the lines read again, and the handlers' data.
 */
export async function runLineAction(ctx: ResourceContext, entity: EntityDef, action: string, body: Row): Promise<{ rows: Row[]; data?: unknown[] }> {
  if (!ctx.auth) throw new AppError('err.unauthorized');
  const auth = ctx.auth;
  const line = entity.lineOf;
  const transition = line?.transitions.find((t) => t.action === action) ?? null;
  if (!line || !transition) throw new AppError('res.unknownAction', { as: 'notFound', params: { action } });
  const clientId = await assertCan(auth, entity.menuCode, `action:${action}`, ctx);
  if (transition.roles?.length && !transition.roles.some((r) => auth.roles.includes(r))) throw forbidden();
  const master = requireEntity(line.master);
  const ids = parseIds(body);
  if (!ids.length) throw new AppError('res.noIds');
  const version = parseVersion(body);
  const { params, errors } = transitionParams(transition, body);

  const data = await withTenant(ctx.db, clientId, async (tx) => {
    const scope = await dataScope(auth, master.menuCode, { db: tx, inTenantScope: true });
    // The masters are locked before their lines, in the order the services that write lines take them.
    const masterIds = [...new Set((await loadRows(tx, entity, clientId, ids, [], false)).map((r) => Number(r[line.foreignKey])))];
    const masters = new Map((await loadRows(tx, master, clientId, masterIds, scope, true)).map((m) => [Number(m.id), m]));
    const rows = await loadRows(tx, entity, clientId, ids, [], true);
    if (rows.length !== ids.length || masters.size !== masterIds.length || rows.some((r) => !masters.has(Number(r[line.foreignKey])))) throw notFound();
    // A reference parameter names a row of the company that its `where` allows.
    await checkFieldReferences(tx, clientId, transition?.params ?? [], params, '', errors);
    if (Object.keys(errors).length) throw new AppError('err.validation', { fields: errors });
    const stage = { tx, auth, actor: actorOf(auth, clientId, ctx.ip), entity, action, transition, params, scope: [] };
    const out: unknown[] = [];
    for (const row of rows) {
      if (version !== null && ids.length === 1 && Number(row.version) !== version) throw new AppError('err.staleVersion');
      const m = masters.get(Number(row[line.foreignKey]))!;
      if (master.states && !transition.from.includes(String(m[master.states.field])))
        throw masterRefusals.get(entity.name)?.(m) ?? new AppError('res.transitionNotAllowed', { params: { action: labelIn(transition.label, ctx.language) } });
      const result = await transitionRow({ ...stage, master: m }, row);
      if (result !== undefined) out.push(result);
    }
    return out;
  });
  const after = await withTenant(ctx.db, clientId, (tx) => loadRows(tx, entity, clientId, ids, [], false));
  return data.length ? { rows: after, data } : { rows: after };
}
