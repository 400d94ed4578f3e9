import { definePage, type ColumnDecl, type FormSection } from '../../src/model';

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
});

/**
 * The node table of each drawer (src/client/pages/tracking/NodeTable.tsx): the order's nodes, one line
 * each, in these columns, headed by the `ordernode` fields' labels. `state` is the node's state today
 * (the dictionary `node_state`, computed), `actions` the node line's transitions (`ordernode.lineOf`).
 */
export type NodeColumn = 'node_name' | 'party' | 'plan_days' | 'plan_start' | 'plan_date' | 'forecast_date' | 'state' | 'actual_date' | 'actual_source' | 'actions';
/** The head of the `actions` column (the others are the fields' labels). */
export const NODE_ACTIONS_LABEL = { zh: '操作', en: 'Actions' };
export const nodeTables = {
  /** The maker's: its supplier nodes sent and taken back, re-planned and sent from the row; the dates recorded. */
  trackedorder: ['node_name', 'party', 'plan_days', 'plan_start', 'plan_date', 'forecast_date', 'state', 'actual_date', 'actual_source', 'actions'],
  /** The brand's, read-only. */
  brandnodeorder: ['node_name', 'party', 'plan_date', 'actual_date', 'actual_source', 'state'],
  /** The supplier's: the nodes sent to it, their dates recorded. */
  suppliernodeorder: ['node_name', 'plan_start', 'plan_date', 'state', 'actual_date', 'actual_source'],
} satisfies Record<string, NodeColumn[]>;
