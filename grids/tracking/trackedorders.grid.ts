import { definePage, type ChildGridDecl, type ColumnDecl, type FormSection, type LineTimelineDecl, type RowTone } from '../../src/model';

/**
 * The tracked orders (issue 12): the maker's orders in progress, the brand's orders at its makers,
 * the supplier's copies of the orders whose nodes its customers sent it; each with what its nodes say
 * today (done, late, at risk, current node, projected end), computed by the tracking service. A row
 * opens the order's timeline and node table in the drawer (src/client/pages/tracking): the maker
 * records dates, drags plans, regenerates the plan, sends supplier nodes and exports them; the
 * supplier records the dates of the nodes sent to it; the brand reads.
 */
const figures = (risk = true): ColumnDecl[] => [
  { field: 'progress', width: 80 },
  { field: 'late', width: 80 },
  ...(risk ? [{ field: 'at_risk', width: 80 }] : []),
  { field: 'next_node', width: 130 },
  { field: 'projected_end', width: 120 },
];
const form = (fields: string[]): FormSection[] => [{ modelName: 'base', form: fields.map((field) => ({ field, spanClass: 'quarter' })) }];

/** A late node's line red, one at risk amber (the state's own colours are the timeline's). */
const nodeTones: RowTone[] = [
  { when: "state == 'late'", tone: 'danger' },
  { when: "state == 'at_risk'", tone: 'warning' },
];
/**
 * The order's nodes in the drawer (the view's lines, computed with the record: tracking.views.ts),
 * read-only but for the node lines' own transitions (`ordernode.lineOf`) on the maker's rows.
 */
const nodeGrid = (columns: ColumnDecl[], runs: Pick<ChildGridDecl, 'lineActions' | 'lineCells'> = {}, drag?: string): ChildGridDecl[] => [
  { child: 'nodes', columns, editable: false, rowTone: nodeTones, ...runs, timeline: nodeTimeline(drag) },
];
/**
 * Under the nodes, their timeline (plan against actual): the planned bar from planned start to
 * planned date coloured by the node's state, the projected end of a node that slipped, the actual
 * date, the critical path, today and the order's delivery; `drag`: the maker drags an open node's
 * planned bar to a new planned date (the line's `plan`).
 */
function nodeTimeline(drag?: string): LineTimelineDecl {
  const marker = { field: 'delivery_date', label: { zh: '交货', en: 'Delivery' } };
  return { key: 'node_code', label: 'node_name', start: 'plan_start', end: 'plan_date', actual: 'actual_date', projected: 'projected_date', emphasis: 'critical', state: 'state', marker, ...(drag ? { drag } : {}) };
}

export const nodeTrackingPage = definePage({
  opt: 'node-tracking',
  cata: 'scm',
  kind: 'page',
  entity: 'trackedorder',
  menu: { group: 'tracking', order: 10 },
  title: { zh: '订单节点跟进', en: 'Order node tracking' },
  purpose: { zh: '进行中的订单及其节点：打开订单查看时间轴、录入实际完成日期。', en: 'Orders in progress and their nodes: open one for its timeline and to record actual dates.' },
  columns: [{ field: 'order_no', width: 150 }, { field: 'brand_name', width: 150 }, { field: 'source_no', width: 140 }, { field: 'delivery_date', width: 110 }, ...figures(), { field: 'customer_po', hide: true }],
  actions: [{ kind: 'view' }],
  openParam: 'order',
  quickSearch: ['order_no', 'brand_name', 'source_no', 'customer_po', 'next_node'],
  form: form(['order_no', 'brand_name', 'source_no', 'delivery_date']),
  // The maker types a node's actual date in its cell (the line's `actual`; emptied, it clears), re-plans,
  // sends a supplier node to the supplier's company and takes it back from its row.
  children: nodeGrid(
    [
      // Within the drawer's width at 1366, the actions taking the rest (the planned start and the
      // critical path are the timeline's bar and mark under the grid).
      { field: 'node_name', width: 100 }, { field: 'party', width: 80 }, { field: 'plan_days', width: 70 }, { field: 'plan_date', width: 100 },
      { field: 'forecast_date', width: 100 }, { field: 'forecast_source', width: 90 }, { field: 'state', width: 90 },
      { field: 'actual_date', width: 115 }, { field: 'actual_source', width: 100 }, { field: 'sent_to', width: 90 },
    ],
    { lineActions: ['plan', 'send', 'recall'], lineCells: { actual_date: 'actual' } },
    'plan',
  ),
  commands: [
    // The customer order's plan counted back again from its delivery date (its action `nodeplan`), actual dates kept.
    {
      key: 'regenerate-nodes',
      label: { zh: '重新生成节点计划', en: 'Regenerate node plan' },
      when: "status == 'in_progress'",
      confirm: {
        zh: '按当前交货日期和节点跟进配置重新倒排订单 {{order_no}} 的节点计划？已录入的实际日期会保留。',
        en: 'Count the node plan of order {{order_no}} back again from its delivery date with the current configuration? Recorded actual dates are kept.',
      },
      done: { zh: '已重新生成节点计划（{{nodes}} 个节点）', en: 'Node plan regenerated ({{nodes}} nodes)' },
      run: { entity: 'customerorder', action: 'nodeplan' },
    },
    // The order's node plans as a workbook: the list export of the node plans' view (trackednode), in plan order.
    { key: 'export-nodes', label: { zh: '导出 Excel', en: 'Export to Excel' }, export: { entity: 'trackednode', filters: { 'order_no.eq': 'order_no' }, sort: 'seq,node_code' } },
  ],
});

export const brandNodeTimelinePage = definePage({
  opt: 'order-node-timeline',
  cata: 'scm',
  kind: 'page',
  entity: 'brandnodeorder',
  menu: { group: 'orders', order: 15 },
  title: { zh: '订单节点进度', en: 'Order node progress' },
  purpose: { zh: '已被工厂接单的订单在工厂的节点进度，工厂录入后即时更新。', en: "Your orders' node progress at their makers, live as the maker records dates." },
  columns: [{ field: 'pr_no', width: 150 }, { field: 'maker_name', width: 160 }, { field: 'delivery_date', width: 110 }, ...figures(), { field: 'customer_po', hide: true }],
  actions: [{ kind: 'view' }],
  openParam: 'pr',
  quickSearch: ['pr_no', 'maker_name', 'customer_po', 'next_node'],
  form: form(['pr_no', 'maker_name', 'customer_po', 'delivery_date']),
  children: nodeGrid(['node_name', 'party', 'plan_date', 'actual_date', 'actual_source', 'state', 'critical']),
});

export const supplierNodesPage = definePage({
  opt: 'supplier-nodes',
  cata: 'scm',
  kind: 'page',
  entity: 'suppliernodeorder',
  menu: { group: 'outsource', order: 20 },
  title: { zh: '客户订单节点', en: 'Customer order nodes' },
  purpose: { zh: '客户发给贵司的节点：完成后录入实际完成日期，客户和品牌即时看到。', en: 'Nodes your customers sent you: record the actual date when done; the customer and its brand see it at once.' },
  columns: [{ field: 'source_no', width: 150 }, { field: 'maker_name', width: 150 }, { field: 'style_no', width: 120 }, { field: 'total_qty', width: 90 }, { field: 'delivery_date', width: 110 }, ...figures(false)],
  actions: [{ kind: 'view' }],
  openParam: 'task',
  quickSearch: ['source_no', 'maker_name', 'style_no', 'next_node'],
  form: form(['source_no', 'maker_name', 'style_no', 'total_qty', 'delivery_date']),
  // The supplier types a node's actual date in its cell: the node saved (suppliernode), on the maker's order.
  children: nodeGrid(['node_name', 'plan_start', 'plan_date', 'state', 'actual_date', 'actual_source'], { lineCells: { actual_date: 'save' } }),
});
