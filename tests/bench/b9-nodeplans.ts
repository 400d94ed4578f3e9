/**
 * Bench B9 (issue 12): node plans for 10,000 customer orders of one maker, counted back from their
 * delivery dates with the demo maker's time-and-action configuration (12 or 13 nodes an order, about
 * 120,000 rows), generated set-based by `generateNodePlans` (one INSERT ... SELECT with window
 * functions) against a per-row baseline in the same run: per order, read the configuration that
 * applies, count the dates back in TypeScript (`planBackFromDelivery`) and insert each node with its
 * own INSERT. The baseline runs on a sample of the orders (B9_BASELINE, default 1,000; set it to
 * 10000 for the whole set) and its time per order is scaled to 10,000 for the ratio. Both must give
 * the same dates (checked). Also timed: regenerating all 10,000 plans (replace, keeping actuals).
 * Target: generating the 10,000 plans takes at most 2 s.
 *
 * Runs on in-memory PGlite, or on PostgreSQL with TEST_DATABASE_URL. Usage: `npm run bench -- b9`.
 */
import { sql } from 'kysely';
import { planBackFromDelivery } from '../../src/model/node-tracking';
import type { Db } from '../../src/server/db/database';
import { withTenant } from '../../src/server/kernel/rls';
import { generateNodePlans } from '../../src/server/services/tracking';
import { createTestApp } from '../support/test-app';
import type { Bench } from './run';

const ORDERS = Number(process.env.B9_ORDERS ?? 10_000);
const SAMPLE = Math.min(ORDERS, Number(process.env.B9_BASELINE ?? 1_000));
const TARGET_MS = 2000;

/** 10,000 accepted orders of the demo maker in one statement: categories rotated, deliveries 30 to 120 days out. */
async function fillOrders(db: Db, clientId: number): Promise<number[]> {
  await sql`insert into scm_customer_order (client_id, order_no, brand_name, pr_type, category, receive_date, delivery_date, currency, status)
    select ${clientId}, 'B9' || lpad(g::text, 6, '0'), '基准品牌', case when g % 7 = 0 then 'repeat' else 'bulk' end,
      (array['knit-top','woven-shirt','denim','sportswear','outerwear','knit-dress'])[1 + g % 6],
      current_date - 10, current_date + 30 + (g % 90), 'CNY', 'in_progress'
    from generate_series(1, ${ORDERS}) g`.execute(db);
  await sql`analyze scm_customer_order`.execute(db);
  return (await sql<{ id: number }>`select id from scm_customer_order where client_id = ${clientId} and order_no like 'B9%' order by id`.execute(db)).rows.map((r) => Number(r.id));
}

type Cfg = { category: string | null; order_type: string | null; node_code: string; node_name: string; seq: number; plan_days: number; party: string };

/** The per-row way: per order, the applicable configuration, dates counted in TypeScript, one INSERT per node. */
async function perRow(tx: Db, clientId: number, orderIds: number[]): Promise<number> {
  let n = 0;
  for (const id of orderIds) {
    const o = (await sql<{ category: string; pr_type: string; delivery_date: string }>`select category, pr_type, delivery_date from scm_customer_order where client_id = ${clientId} and id = ${id}`.execute(tx)).rows[0];
    const cfg = (await sql<Cfg>`select category, order_type, node_code, node_name, seq::int as seq, plan_days::int as plan_days, party from scm_node_config
      where client_id = ${clientId} and coalesce(active, true) and (category is null or category = ${o.category}) and (order_type is null or order_type = ${o.pr_type})`.execute(tx)).rows;
    const rank = (c: Cfg) => (c.category ? 2 : 0) + (c.order_type ? 1 : 0);
    const best = Math.max(...cfg.map(rank));
    const nodes = planBackFromDelivery(cfg.filter((c) => rank(c) === best), o.delivery_date);
    for (const x of nodes) {
      await sql`insert into scm_order_node (client_id, order_id, node_code, node_name, seq, party, plan_days, plan_start, plan_date)
        values (${clientId}, ${id}, ${x.node_code}, ${x.node_name}, ${x.seq}, ${x.party}, ${x.plan_days}, ${x.plan_start}, ${x.plan_date})`.execute(tx);
      n++;
    }
  }
  return n;
}

async function snapshot(db: Db, clientId: number, ids: number[]): Promise<string> {
  const r = await sql<{ order_id: number; node_code: string; plan_start: string; plan_date: string }>`select order_id, node_code, plan_start, plan_date from scm_order_node
    where client_id = ${clientId} and order_id = any(${ids}::bigint[]) order by order_id, node_code`.execute(db);
  return JSON.stringify(r.rows.map((x) => [Number(x.order_id), x.node_code, x.plan_start, x.plan_date]));
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await work();
  return { ms: performance.now() - t0, value };
}

export const bench: Bench = {
  id: 'B9',
  title: `node plans for ${ORDERS.toLocaleString('en')} orders, set-based vs per-row inserts`,
  run: async () => {
    const t = await createTestApp();
    try {
      const db = t.app.db;
      const clientId = (await sql<{ id: number }>`select id from clients where code = 'MAKER01'`.execute(db)).rows[0].id;
      const ids = await withTenant(db, clientId, (tx) => fillOrders(tx, clientId));
      const gen = await timed(() => withTenant(db, clientId, (tx) => generateNodePlans(tx, { clientId, userId: null, orderIds: ids })));
      const regen = await timed(() => withTenant(db, clientId, (tx) => generateNodePlans(tx, { clientId, userId: null, orderIds: ids })));
      const sample = ids.slice(0, SAMPLE);
      const setBased = await snapshot(db, clientId, sample);
      await withTenant(db, clientId, (tx) => sql`delete from scm_order_node where client_id = ${clientId} and order_id = any(${sample}::bigint[])`.execute(tx));
      const base = await timed(() => withTenant(db, clientId, (tx) => perRow(tx, clientId, sample)));
      const same = (await snapshot(db, clientId, sample)) === setBased;
      const baseFull = (base.ms / SAMPLE) * ORDERS;
      const ratio = baseFull / gen.ms;
      const driver = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)';
      return {
        lines: [
          { label: 'database', value: driver },
          { label: 'orders / nodes written', value: `${gen.value.orders.toLocaleString('en')} / ${gen.value.nodes.toLocaleString('en')}` },
          { label: 'set-based generation', value: `${gen.ms.toFixed(0)} ms (${((gen.ms / gen.value.nodes) * 1000).toFixed(1)} µs a node)` },
          { label: 'set-based regeneration (replace)', value: `${regen.ms.toFixed(0)} ms` },
          { label: `per-row baseline, ${SAMPLE.toLocaleString('en')} orders`, value: `${base.ms.toFixed(0)} ms (${base.value.toLocaleString('en')} inserts), ${(base.ms / SAMPLE).toFixed(2)} ms an order` },
          { label: `per-row baseline scaled to ${ORDERS.toLocaleString('en')}`, value: `${(baseFull / 1000).toFixed(1)} s` },
          { label: 'ratio per-row / set-based', value: `${ratio.toFixed(1)}x` },
          { label: 'same dates both ways (sample)', value: same ? 'yes' : 'NO' },
        ],
        passed: gen.ms <= TARGET_MS && same,
        target: `${ORDERS.toLocaleString('en')} node plans in <= ${TARGET_MS} ms, same dates as the per-row way`,
      };
    } finally {
      await t.close();
    }
  },
};
