import { defineAggregate, defineSourceIndex } from '../../src/model/report-aggregate';

/**
 * Customer orders per delivery month, state, customer and category (B8): the tower's funnel and
 * on-time widgets and headlines, orders-by-status, order-book and this report read it when a run may
 * (docs/architecture-reports.md "Pre-aggregated tables").
 */
export const customerOrderMonth = defineAggregate({
  name: 'customerorder_month',
  entity: 'customerorder',
  source: 'scm_customer_order',
  table: 'rpt_agg_customer_order',
  keys: [
    { field: 'status', type: 'text' },
    { field: 'brand_name', type: 'text' },
    { field: 'category', type: 'text' },
  ],
  month: 'delivery_date',
  count: 'orders',
  measures: {
    orders: '1',
    total_qty: 'coalesce(r.total_qty, 0)',
    total_amount: 'coalesce(r.total_amount, 0)',
    finished: "(r.status = 'finished')::int",
    // The on-time rule of this folder's query: finished on or before the delivery date, the finish
    // time being the order's first `finish` action in the audit log, else its last update.
    on_time: `case when r.status = 'finished' and r.delivery_date is not null then (coalesce(
        (select min(a.at) from audit_log a where a.client_id = r.client_id and a.entity = 'customerorder' and a.record_id = r.id and a.action = 'finish'),
        r.updated_at)::date <= r.delivery_date)::int else 0 end`,
    in_progress: "(r.status = 'in_progress')::int",
  },
});

/**
 * On-time's "open and late" counts this month's in-progress orders already past their date on the
 * orders themselves (one month of open orders; by the state index alone every in-progress order of
 * the company was read: 228 ms at 500,000 orders; with the customer in the index the count reads the
 * index alone: 3,272 orders in a few milliseconds).
 */
defineSourceIndex({ source: 'scm_customer_order', sql: "create index if not exists scm_customer_order_open_due_idx on scm_customer_order (client_id, delivery_date) include (brand_name) where status = 'in_progress'" });
