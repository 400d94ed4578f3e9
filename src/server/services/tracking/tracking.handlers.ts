import { sql } from 'kysely';
import { translate, isLanguage } from '../../../model';
import { afterCommit } from '../../db/after-commit';
import { AppError } from '../../http/errors';
import { registerActionHandler } from '../../resources/action-handlers';
import { registerSaveHook } from '../../resources/save-hooks';
import { onCompanyEvent } from '../../realtime';
import { onOrderAccepted } from '../orders';
import { queueNodeRecalc, queueNodeRecalcOfPlans } from './tracking.recalc';
import { generateNodePlans, regenerateNodePlan } from './tracking.service';

/**
 * Where node tracking joins the order's life: accepting a customer order generates its node plan
 * (nothing when no configuration applies: the planner adds one and regenerates); the customer
 * order's `nodeplan` action ("regenerate node plan") does it again after the delivery date or the
 * configuration changed, keeping recorded actual dates; the configuration refuses a node twice in
 * one category and order type; node forecasts are recomputed after the live schedule, an
 * outsourced order or a material purchase order bought for the order changed (tracking.recalc.ts).
 */
/** The customer orders that purchase orders of one write pointed at before it (save-hook memo key). */
const LEFT_ORDERS = 'tracking.purorder.leftOrders';

export function registerTrackingHandlers(): void {
  onOrderAccepted(async ({ tx, clientId, id, auth }) => {
    await generateNodePlans(tx, { clientId, userId: auth.userId, orderIds: [id] });
  });

  registerActionHandler('customerorder', 'nodeplan', async ({ tx, clientId, auth, row }) => {
    const r = await regenerateNodePlan(tx, { clientId, userId: auth.userId, order: row });
    const lang = isLanguage(auth.language) ? auth.language : 'zh-CN';
    return { data: { nodes: r.nodes, message: translate(lang, 'tracking.regenerated', { n: 1 }) } };
  });

  // Node forecasts follow the live schedule (a move, a cascade, a published scenario: any order's
  // bars may have moved) and the outsourced orders (their state and delivery dates).
  onCompanyEvent('schedule.changed', (clientId, payload) => {
    if (payload.scenario_id === null || payload.scenario_id === undefined) queueNodeRecalc(clientId, null);
  });
  registerSaveHook('outsourceorder', {
    afterWrite: async ({ tx, clientId, ids }) => {
      const plans = await sql<{ plan_id: number }>`select distinct plan_id from scm_outsource_order where client_id = ${clientId} and id = any(${sql.val(ids)}::bigint[]) and plan_id is not null`.execute(tx);
      await queueNodeRecalcOfPlans(tx, clientId, plans.rows.map((r) => Number(r.plan_id)));
    },
  });

  // A material purchase order bought for a customer order (its delivery date, its state) moves the
  // forecast of that order's material nodes; one re-pointed to another order moves the forecasts of
  // the order it left too (remembered before the write).
  registerSaveHook('purorder', {
    validate: async ({ before, values, memo }) => {
      const left = before?.customer_order_id;
      if (left === null || left === undefined || !('customer_order_id' in values) || Number(values.customer_order_id) === Number(left)) return;
      const list = (memo.get(LEFT_ORDERS) as number[] | undefined) ?? [];
      memo.set(LEFT_ORDERS, [...list, Number(left)]);
    },
    afterWrite: async ({ tx, clientId, ids, memo }) => {
      const orders = await sql<{ order_id: number }>`select distinct customer_order_id as order_id from pur_order
        where client_id = ${clientId} and id = any(${sql.val(ids)}::bigint[]) and customer_order_id is not null`.execute(tx);
      const named = [...new Set([...orders.rows.map((r) => Number(r.order_id)), ...((memo.get(LEFT_ORDERS) as number[] | undefined) ?? [])])];
      if (named.length) afterCommit(tx, () => queueNodeRecalc(clientId, named));
    },
  });

  registerSaveHook('nodeconfig', {
    validate: async ({ values, before }) => {
      const days = values.plan_days ?? before?.plan_days;
      if (days !== undefined && days !== null && (Number(days) < 0 || Number(days) > 365))
        throw new AppError('tracking.planDaysRange', { fields: { plan_days: { key: 'tracking.planDaysRange' } } });
      // A node code once per category and order type: the field's `uniqueWith` declaration.
    },
  });
}
