import { sql } from 'kysely';
import { translate, isLanguage } from '../../../model';
import { AppError } from '../../http/errors';
import { registerActionHandler } from '../../resources/action-handlers';
import { registerSaveHook } from '../../resources/save-hooks';
import { onOrderAccepted } from '../orders';
import { generateNodePlans, regenerateNodePlan } from './tracking.service';

/**
 * Where node tracking joins the order's life: accepting a customer order generates its node plan
 * (nothing when no configuration applies: the planner adds one and regenerates); the customer
 * order's `nodeplan` action ("regenerate node plan") does it again after the delivery date or the
 * configuration changed, keeping recorded actual dates; the configuration refuses a node twice in
 * one category and order type.
 */
export function registerTrackingHandlers(): void {
  onOrderAccepted(async ({ tx, clientId, id, auth }) => {
    await generateNodePlans(tx, { clientId, userId: auth.userId, orderIds: [id] });
  });

  registerActionHandler('customerorder', 'nodeplan', async ({ tx, clientId, auth, row }) => {
    const r = await regenerateNodePlan(tx, { clientId, userId: auth.userId, order: row });
    const lang = isLanguage(auth.language) ? auth.language : 'zh-CN';
    return { data: { nodes: r.nodes, message: translate(lang, 'tracking.regenerated', { n: 1 }) } };
  });

  registerSaveHook('nodeconfig', {
    validate: async ({ tx, clientId, values, before }) => {
      const days = values.plan_days ?? before?.plan_days;
      if (days !== undefined && days !== null && (Number(days) < 0 || Number(days) > 365))
        throw new AppError('validation', 'tracking.planDaysRange', { fields: { plan_days: { key: 'tracking.planDaysRange' } } });
      const pick = (k: string) => (Object.prototype.hasOwnProperty.call(values, k) ? values[k] : before?.[k]) ?? null;
      const code = pick('node_code');
      if (!code) return;
      const category = pick('category');
      const type = pick('order_type');
      const dup = await sql<{ id: number }>`select id from scm_node_config where client_id = ${clientId} and upper(node_code) = upper(${String(code)})
        and category is not distinct from ${category as string | null} and order_type is not distinct from ${type as string | null}
        and id <> ${Number(before?.id ?? 0)} limit 1`.execute(tx);
      if (dup.rows.length)
        throw new AppError('validation', 'tracking.duplicateNode', {
          params: { category: category ?? '*', type: type ?? '*', code },
          fields: { node_code: { key: 'tracking.duplicateNode', params: { category: category ?? '*', type: type ?? '*', code } } },
        });
    },
  });
}
