import { defineAggregate } from '../../src/model/report-aggregate';

/**
 * Purchase orders per order month, status, supplier, purchase kind and the user who raised them
 * (the fields this report groups and filters by, and its data permissions name): the tower's
 * purchase orders in flight and the purchase spend report.
 */
export const purOrderMonth = defineAggregate({
  name: 'purorder_month',
  entity: 'purorder',
  source: 'pur_order',
  table: 'rpt_agg_pur_order',
  keys: [
    { field: 'status', type: 'text' },
    { field: 'vendor_id', type: 'bigint' },
    { field: 'order_kind', type: 'text' },
    { field: 'created_by', type: 'bigint' },
  ],
  month: 'order_date',
  count: 'orders',
  measures: { orders: '1', total_amount: 'coalesce(r.total_amount, 0)', total_qty: 'coalesce(r.total_qty, 0)' },
});
