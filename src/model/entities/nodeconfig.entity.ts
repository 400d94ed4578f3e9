import { defineDictionary } from '../dictionaries';
import { defineEntity, defineViewEntity, type ChildDef, type FieldDef } from '../entity';
import { NODE_TIMELINE_BRAND_MENU, NODE_TRACKING_EVENT, NODE_TRACKING_MENU, SUPPLIER_NODES_MENU } from '../node-tracking';
import { errorTexts } from '../errors/define';
import { nodeconfigErrors } from '../errors/nodeconfig';

/**
 * Who records a node's actual date (DOMAIN "Time and action"): the maker itself, or the maker's
 * supplier for the nodes it delivers (fabric, trims). The maker sends a supplier node to the supplier's
 * company on the platform (`nodetask`, through an order share); until then it records it on the
 * supplier's word.
 */
export const nodeParty = defineDictionary({
  code: 'node_party',
  label: { zh: '责任方', en: 'Responsible party' },
  items: [
    { value: 'maker', label: { zh: '工厂', en: 'Maker' } },
    { value: 'supplier', label: { zh: '供应商', en: 'Supplier' } },
  ],
});

/** Where an actual date came from: entered by the maker, by a supplier, taken from work-order reporting, from the receipt of outsourced orders or of the order's material purchase orders. */
export const nodeActualSource = defineDictionary({
  code: 'node_actual_source',
  label: { zh: '实际日期来源', en: 'Actual date source' },
  items: [
    { value: 'maker', label: { zh: '工厂录入', en: 'Entered by the maker' } },
    { value: 'supplier', label: { zh: '供应商录入', en: 'Entered by the supplier' } },
    { value: 'workorder', label: { zh: '工单报工', en: 'Work-order reporting' } },
    { value: 'outsource', label: { zh: '外发收货', en: 'Outsourced receipt' } },
    { value: 'purchase', label: { zh: '采购收货', en: 'Purchase receipt' } },
  ],
});

/**
 * What a node's forecast date stands on (issue 31): the order's sewing bars on the board (their end,
 * a move changes it), their end re-forecast from the scanned rate (plan against actual), an
 * outsourced process's open orders (the vendor's delivery date for the pieces not yet received), the
 * order's material purchase orders (their delivery date for the lines not yet received in full).
 */
export const nodeForecastSource = defineDictionary({
  code: 'node_forecast_source',
  label: { zh: '预测依据', en: 'Forecast from' },
  items: [
    { value: 'board', label: { zh: '排产计划', en: 'Schedule board' } },
    { value: 'scan', label: { zh: '扫描进度', en: 'Scanned rate' } },
    { value: 'outsource', label: { zh: '外发交期', en: 'Outsourced delivery' } },
    { value: 'purchase', label: { zh: '采购交期', en: 'Purchase delivery' } },
  ],
});

/**
 * A node's state today (src/model/node-tracking.ts `trackOrder`): done on time, done late, late, at
 * risk or on track; its colour (`extra.colour`) draws the node on the timeline, in the table and on
 * the calendar.
 */
export const nodeState = defineDictionary({
  code: 'node_state',
  label: { zh: '节点状态', en: 'Node state' },
  items: [
    { value: 'done', label: { zh: '已完成', en: 'Done' }, extra: { colour: '#107c10' } },
    { value: 'done_late', label: { zh: '延迟完成', en: 'Done late' }, extra: { colour: '#ca5010' } },
    { value: 'late', label: { zh: '逾期', en: 'Late' }, extra: { colour: '#d13438' } },
    { value: 'at_risk', label: { zh: '有风险', en: 'At risk' }, extra: { colour: '#eaa300' } },
    { value: 'on_track', label: { zh: '正常', en: 'On track' }, extra: { colour: '#0f6cbd' } },
  ],
});

/**
 * Node follow configuration (spec 3: category, order type, node, plan duration, sequence), per
 * company. Each customer order gets one planned date per node, counted back from its delivery date
 * (services/tracking). Rows left without a category or an order type apply to every category or
 * type; for one order the most specific set wins (category and type, then category, then type, then
 * the general set). Nodes of the same sequence run side by side (fabric and trims in-house), a stage
 * lasting as long as its longest node.
 */
export const nodeConfig = defineEntity({
  name: 'nodeconfig',
  table: 'scm_node_config',
  prefix: 'scmapi',
  menuCode: 'scm.nodeconfig',
  label: { zh: '节点跟进配置', en: 'Node follow configuration' },
  titleField: 'node_name',
  defaultSort: { field: 'seq', dir: 'asc' },
  fields: [
    { key: 'category', label: { zh: '品类', en: 'Category' }, type: 'dict', dict: 'product_category', help: { zh: '留空：适用于所有品类', en: 'Empty: every category' } },
    { key: 'order_type', label: { zh: '订单类型', en: 'Order type' }, type: 'dict', dict: 'pr_order_type', help: { zh: '留空：适用于所有订单类型', en: 'Empty: every order type' } },
    {
      key: 'node_code', label: { zh: '节点编码', en: 'Node code' }, type: 'code', required: true, rules: ['english'], upperCase: true, maxLength: 40,
      // A node once per category and order type (empty ones count as the same), form and import alike.
      uniqueWith: { fields: ['category', 'order_type'], message: 'tracking.duplicateNode' },
    },
    { key: 'node_name', label: { zh: '节点名称', en: 'Node name' }, type: 'text', required: true, maxLength: 100 },
    { key: 'plan_days', label: { zh: '计划周期（天）', en: 'Plan duration (days)' }, type: 'integer', required: true, rules: ['naturalNumber'] },
    { key: 'seq', label: { zh: '顺序', en: 'Sequence' }, type: 'integer', required: true, rules: ['naturalNumber'], grouping: false },
    { key: 'party', label: { zh: '责任方', en: 'Responsible party' }, type: 'dict', dict: 'node_party', required: true, default: 'maker' },
    {
      key: 'process_type', label: { zh: '完工工序类型', en: 'Completed by process type' }, type: 'dict', dict: 'process_type',
      help: {
        zh: '订单各计划中该类型工序的工单全部完工（外发工序：外发单全部收货）时，自动记录节点实际日期（来源：工单报工 / 外发收货）；缝制节点按排产与扫描进度、外发节点按外发交期预测完成日期；留空则手工录入',
        en: "When every work order of this process type of the order's plans is finished (an outsourced process: every outsourced order received), the node's actual date is recorded (work-order reporting / outsourced receipt); a sewing node's end is forecast from the board and the scans, an outsourced one's from the vendor's delivery date; empty: entered by hand",
      },
    },
    {
      key: 'material_group', label: { zh: '完工物料组', en: 'Completed by material receipt' }, type: 'dict', dict: 'material_group',
      help: {
        zh: '为该订单采购的该物料组（面料、辅料…）的采购行全部收货后，自动记录节点实际日期（来源：采购收货）；未收齐前按采购交期预测完成日期；留空则手工录入',
        en: "When every purchase line of this material group (fabric, trims...) bought for the order is received in full, the node's actual date is recorded (purchase receipt); until then its end is forecast from the purchase orders' delivery date; empty: entered by hand",
      },
    },
    { key: 'active', label: { zh: '启用', en: 'Active' }, type: 'boolean', default: true },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 500 },
  ],
  messages: {
    'zh-CN': {
      ...errorTexts(nodeconfigErrors, 'zh-CN'),
      'tracking.duplicateNode': '品类“{{category}}”、订单类型“{{order_type}}”下已有节点 {{node_code}}',
      'tracking.regenerated': '已为 {{n}} 个订单生成节点计划',
      // The tracked order drawers' summary under the nodes' timeline (src/client/pages/tracking/TimelinePanel.tsx).
      'nt.summary': '交货 {{delivery}} · 完成 {{done}}/{{total}} · 逾期 {{late}} · 风险 {{risk}} · 预计完成 {{projected}}',
      'nt.noNodes': '该订单还没有节点计划',
      'notify.nodesSent.title': '{{maker}} 发来订单 {{no}} 的节点',
      'notify.nodesSent.body': '请在“客户订单节点”中录入节点 {{nodes}} 的实际完成日期。',
      'notify.nodeLate.title': '订单 {{no}} 节点“{{node}}”已逾期',
      'notify.nodeLate.body': '节点“{{node}}”计划 {{plan}} 完成，至今未录入实际日期；交货日期 {{delivery}}。',
      'notify.nodeRisk.title': '订单 {{no}} 节点“{{node}}”有延误风险',
      'notify.nodeRisk.body': '按剩余节点的计划周期，节点“{{node}}”最早 {{projected}} 完成，晚于计划 {{plan}}；交货日期 {{delivery}} 可能无法满足。',
      'notify.nodeSlip.title': '订单 {{no}} 节点“{{node}}”预计延误至 {{projected}}',
      'notify.nodeSlip.body': '节点“{{node}}”预计 {{projected}} 完成（依据：{{source}}），晚于计划 {{plan}}；其后的节点随之推迟，交货日期 {{delivery}} 可能无法满足。',
    },
    en: {
      ...errorTexts(nodeconfigErrors, 'en'),
      'tracking.duplicateNode': 'Category "{{category}}", order type "{{order_type}}" already has node {{node_code}}',
      'tracking.regenerated': 'Node plans generated for {{n}} orders',
      'nt.summary': 'Delivery {{delivery}} · done {{done}}/{{total}} · late {{late}} · at risk {{risk}} · projected end {{projected}}',
      'nt.noNodes': 'This order has no node plan yet',
      'notify.nodesSent.title': '{{maker}} sent the nodes of order {{no}}',
      'notify.nodesSent.body': 'Record the actual dates of {{nodes}} under "Customer order nodes".',
      'notify.nodeLate.title': 'Order {{no}}: node "{{node}}" is late',
      'notify.nodeLate.body': 'Node "{{node}}" was planned for {{plan}} and has no actual date yet; delivery {{delivery}}.',
      'notify.nodeRisk.title': 'Order {{no}}: node "{{node}}" is at risk',
      'notify.nodeRisk.body': 'With the remaining nodes\' durations, node "{{node}}" can finish on {{projected}} at the earliest, after its plan {{plan}}; delivery {{delivery}} may be missed.',
      'notify.nodeSlip.title': 'Order {{no}}: node "{{node}}" slips to {{projected}}',
      'notify.nodeSlip.body': 'Node "{{node}}" is now expected on {{projected}} (from: {{source}}), after its plan {{plan}}; the nodes after it move with it and delivery {{delivery}} may be missed.',
    },
  },
});

/**
 * One node of one customer order at the maker: its planned start and date (counted back from the
 * order's delivery date), and its actual date once recorded. Written by the tracking service only
 * (generation on accept and by "regenerate node plan", `recordNodeActual`); the late and at-risk
 * flags are computed on every read (src/model/node-tracking.ts), the notified markers make each
 * flag raise its notice once.
 */
export const orderNode = defineEntity({
  name: 'ordernode',
  table: 'scm_order_node',
  prefix: 'scmapi',
  menuCode: 'scm.nodetrack',
  label: { zh: '订单节点', en: 'Order node' },
  titleField: 'node_name',
  defaultSort: { field: 'plan_date', dir: 'asc' },
  // No generic page or save: nodes change only through the tracking service (as order shares do),
  // and through their line transitions on the order (issue 30), whose handlers are the service's
  // (src/server/services/tracking/tracking.lines.ts).
  childOnly: true,
  lineOf: {
    master: 'customerorder',
    foreignKey: 'order_id',
    transitions: [
      // The actual date recorded by the maker (empty clears it); not after today (tracking.handlers.ts).
      { action: 'actual', label: { zh: '记录实际完成', en: 'Record actual date' }, from: ['in_progress'], params: [{ key: 'actual_date', label: { zh: '实际完成', en: 'Actual date' }, type: 'date' }] },
      // The planned date moved by hand (dragged on the timeline): the duration kept, regenerating keeps it; refused once done.
      {
        action: 'plan',
        label: { zh: '调整计划日期', en: 'Move planned date' },
        from: ['in_progress'],
        when: 'actual_date == null',
        params: [{ key: 'plan_date', label: { zh: '计划完成', en: 'Planned date' }, type: 'date', required: true }],
        defaults: { plan_date: 'plan_date' },
      },
      // A supplier node sent to the supplier's company on the platform, which records its date (tracking.supplier.ts):
      // the vendor among the maker's vendors whose company joined the platform.
      {
        action: 'send',
        label: { zh: '发送给供应商', en: 'Send to supplier' },
        from: ['in_progress'],
        when: "party == 'supplier' && share_id == null && actual_date == null",
        confirm: {
          zh: '节点发送到供应商在平台上的企业，由供应商录入实际完成日期；供应商只看到发给它的节点和订单号、款号、数量、交货日期。',
          en: "The node goes to the supplier's company on the platform, whose users record its actual date; the supplier sees the nodes sent to it and the order's number, style, quantity and delivery date only.",
        },
        params: [
          {
            key: 'vendor_id',
            label: { zh: '供应商（已加入平台）', en: 'Supplier (on the platform)' },
            type: 'reference',
            required: true,
            ref: { entity: 'vendor', labelField: 'name', codeField: 'code', where: { 'platform_client_code.notnull': '1', 'status.ne': 'inactive' } },
          },
        ],
      },
      // A node sent to the maker's supplier taken back (tracking.supplier.ts): offered on sent nodes only.
      { action: 'recall', label: { zh: '收回', en: 'Take back' }, from: ['in_progress'], when: 'share_id != null' },
    ],
  },
  omitFromForm: 'Written by the tracking service only: generated from the node configuration, actual dates recorded through its calls.',
  fields: [
    { key: 'order_id', label: { zh: '客户订单', en: 'Customer order' }, type: 'reference', ref: { entity: 'customerorder', labelField: 'order_no', codeField: 'order_no' }, required: true },
    { key: 'node_code', label: { zh: '节点编码', en: 'Node code' }, type: 'code', required: true, maxLength: 40 },
    { key: 'node_name', label: { zh: '节点名称', en: 'Node name' }, type: 'text', required: true, maxLength: 100 },
    { key: 'seq', label: { zh: '顺序', en: 'Sequence' }, type: 'integer', required: true, grouping: false },
    { key: 'party', label: { zh: '责任方', en: 'Responsible party' }, type: 'dict', dict: 'node_party' },
    { key: 'plan_days', label: { zh: '计划周期（天）', en: 'Plan duration (days)' }, type: 'integer' },
    { key: 'plan_start', label: { zh: '计划开始', en: 'Planned start' }, type: 'date' },
    { key: 'plan_date', label: { zh: '计划完成', en: 'Planned date' }, type: 'date' },
    { key: 'actual_date', label: { zh: '实际完成', en: 'Actual date' }, type: 'date' },
    { key: 'actual_source', label: { zh: '实际日期来源', en: 'Actual date source' }, type: 'dict', dict: 'node_actual_source' },
    // From the configuration row: work orders of this process type complete the node (services/tracking).
    { key: 'process_type', label: { zh: '完工工序类型', en: 'Completed by process type' }, type: 'dict', dict: 'process_type' },
    // From the configuration row: the order's purchase lines of this material group received in full complete the node (tracking.purchase.ts).
    { key: 'material_group', label: { zh: '完工物料组', en: 'Completed by material receipt' }, type: 'dict', dict: 'material_group' },
    // The maker's share that sent this (supplier) node to the supplier's company (`nodetask`); null: not sent.
    { key: 'share_id', label: { zh: '共享', en: 'Share' }, type: 'integer' },
    { key: 'actual_by', label: { zh: '录入人', en: 'Entered by' }, type: 'integer' },
    { key: 'late_notified_at', label: { zh: '逾期已通知', en: 'Late notified at' }, type: 'datetime' },
    { key: 'risk_notified_at', label: { zh: '风险已通知', en: 'Risk notified at' }, type: 'datetime' },
    // The planned date was dragged on the timeline (tracking.plan.ts): regenerating the plan keeps it.
    { key: 'plan_manual', label: { zh: '计划日期已手工调整', en: 'Planned date set by hand' }, type: 'boolean' },
    // Kept by the tracking service from the board, the scans and outsourced orders (tracking.forecast.ts).
    { key: 'forecast_date', label: { zh: '预测完成', en: 'Forecast end' }, type: 'date' },
    { key: 'forecast_source', label: { zh: '预测依据', en: 'Forecast from' }, type: 'dict', dict: 'node_forecast_source' },
  ],
});

/**
 * A customer order's supplier nodes as the supplier's company receives them (issue 12: "actual dates
 * are entered by ... the supplier (for its own nodes)"): the supplier's copy in its own company, as an
 * outsourced task is of an outsourced order. It carries what the supplier needs to know of the order
 * (the maker's order number, style, quantity, delivery) and nothing of the maker's customer; the
 * nodes themselves stay in the maker's company and are read and written only through the active
 * share this copy names (`share_id`, `source_client_id`), and only those nodes the share names.
 * Written by the tracking service only.
 */
export const nodeTask = defineEntity({
  name: 'nodetask',
  table: 'scm_node_task',
  prefix: 'scmapi',
  menuCode: 'scm.nodetrack.supplier',
  label: { zh: '客户订单节点', en: "Customer's order nodes" },
  titleField: 'source_no',
  childOnly: true,
  omitFromForm: "Written by the tracking service only: made when a maker sends an order's supplier nodes to the supplier's company, closed when it takes them back.",
  fields: [
    { key: 'maker_name', label: { zh: '客户', en: 'Customer' }, type: 'text', maxLength: 200 },
    { key: 'source_no', label: { zh: '客户订单号', en: "Customer's order no." }, type: 'code', maxLength: 60 },
    { key: 'style_no', label: { zh: '款号', en: 'Style no.' }, type: 'code', maxLength: 60 },
    { key: 'total_qty', label: { zh: '数量', en: 'Quantity' }, type: 'integer' },
    { key: 'delivery_date', label: { zh: '交货日期', en: 'Delivery date' }, type: 'date' },
    { key: 'state', label: { zh: '状态', en: 'State' }, type: 'dict', dict: 'order_share_state', default: 'active' },
    { key: 'share_id', label: { zh: '共享', en: 'Share' }, type: 'integer' },
    { key: 'source_client_id', label: { zh: '客户企业', en: 'Customer company' }, type: 'integer' },
  ],
});

// ---------------------------------------------------------------------------------------------
// Tracked orders (issue 12 on the engine, issue 30): the three lists of orders whose nodes are
// followed, views whose rows the tracking service computes (src/server/services/tracking/
// tracking.views.ts: what each order's nodes say today, counted stage by stage in code), read by the
// engine's list with its grid, filters, quick search and drawer; the drawer shows the order's
// timeline (src/client/pages/tracking). They read again on `nodetrack.changed`.

/** What an order's nodes say today, the last columns of the three lists. */
const figureFields: FieldDef[] = [
  { key: 'progress', label: { zh: '完成', en: 'Done' }, type: 'text' },
  { key: 'late', label: { zh: '逾期', en: 'Late' }, type: 'integer' },
  { key: 'at_risk', label: { zh: '风险', en: 'At risk' }, type: 'integer' },
  { key: 'next_node', label: { zh: '当前节点', en: 'Current node' }, type: 'text' },
  { key: 'projected_end', label: { zh: '预计完成', en: 'Projected end' }, type: 'date' },
  { key: 'done', label: { zh: '已完成节点', en: 'Nodes done' }, type: 'integer' },
  { key: 'nodes', label: { zh: '节点数', en: 'Nodes' }, type: 'integer' },
];
const delivery: FieldDef = { key: 'delivery_date', label: { zh: '交货日期', en: 'Delivery' }, type: 'date' };
/** The order a node row belongs to, as the node views list it. */
const orderNo: FieldDef = { key: 'order_no', label: { zh: '订单号', en: 'Order no.' }, type: 'code' };
/** The order's customer on the node-per-row views (the node plans' workbook heading). */
const nodeOrderBrand: FieldDef = { key: 'brand_name', label: { zh: '客户（品牌）', en: 'Customer (brand)' }, type: 'text' };

const criticalPath: FieldDef = { key: 'critical', label: { zh: '关键路径', en: 'Critical path' }, type: 'boolean' };
/** Where an open node is now expected to end (its actual date once done): the timeline's dashed bar. */
const projectedEnd: FieldDef = { key: 'projected_date', label: { zh: '预计完成', en: 'Projected end' }, type: 'date' };
/**
 * The order's nodes as lines of a tracked order's record, computed with it by the tracking service
 * (tracking.views.ts): the stored `ordernode` fields (a supplier's and a brand's copy blank what is
 * not theirs) and what the node says today, drawn by the drawer's child grid
 * (grids/tracking/trackedorders.grid.ts), where the maker runs the node lines' transitions.
 */
const nodeLines = (fields: FieldDef[] = []): ChildDef => ({
  key: 'nodes',
  label: { zh: '订单节点', en: 'Order nodes' },
  entity: 'ordernode',
  foreignKey: 'order_id',
  fields: [
    { key: 'state', label: { zh: '节点状态', en: 'Node state' }, type: 'dict', dict: nodeState.code },
    criticalPath,
    projectedEnd,
    ...fields,
  ],
});

/** The maker's customer orders in progress with their node figures (`/scm/page/node-tracking`). */
export const trackedOrder = defineViewEntity({
  name: 'trackedorder',
  table: 'scm_customer_order',
  prefix: 'scmapi',
  menuCode: NODE_TRACKING_MENU,
  label: { zh: '订单节点跟进', en: 'Order node tracking' },
  titleField: 'order_no',
  defaultSort: { field: 'delivery_date', dir: 'asc' },
  refreshOn: NODE_TRACKING_EVENT,
  fields: [
    orderNo,
    { key: 'brand_name', label: { zh: '客户', en: 'Customer' }, type: 'text' },
    { key: 'source_no', label: { zh: '品牌单号', en: 'Brand order' }, type: 'code' },
    { key: 'customer_po', label: { zh: '客户 PO', en: 'Customer PO' }, type: 'code' },
    delivery,
    ...figureFields,
    // The order's state: what its node lines' transitions may run from (ordernode.lineOf, the customer order's states).
    { key: 'status', label: { zh: '订单状态', en: 'Order state' }, type: 'dict', dict: 'customerorder_status' },
  ],
  // The supplier company a sent node went to, beside the node's own fields.
  children: [nodeLines([{ key: 'sent_to', label: { zh: '已发送给', en: 'Sent to' }, type: 'text' }])],
});

/** The brand's requirement orders at its makers, through its shares (`/scm/page/order-node-timeline`); a row's id is the requirement order's. */
export const brandNodeOrder = defineViewEntity({
  name: 'brandnodeorder',
  table: 'scm_order_share',
  prefix: 'scmapi',
  menuCode: NODE_TIMELINE_BRAND_MENU,
  label: { zh: '订单节点进度', en: 'Order node progress' },
  titleField: 'pr_no',
  defaultSort: { field: 'delivery_date', dir: 'asc' },
  refreshOn: NODE_TRACKING_EVENT,
  fields: [
    { key: 'pr_no', label: { zh: '品牌单号', en: 'Brand order' }, type: 'code' },
    { key: 'maker_name', label: { zh: '工厂', en: 'Maker' }, type: 'text' },
    { key: 'maker_order_no', label: { zh: '工厂订单号', en: "Maker's order no." }, type: 'code' },
    { key: 'customer_po', label: { zh: '客户 PO', en: 'Customer PO' }, type: 'code' },
    delivery,
    ...figureFields,
  ],
  children: [nodeLines()],
});

/**
 * The nodes its customers sent the supplier's company, one row per node (its id and version the
 * maker's node's), each under the copy (`task_id`) that names its share: what the supplier records.
 * Its actual date is saved through the view writer, whose store records it on the maker's node
 * (tracking.views.ts: `recordSupplierActual`, source 供应商录入, audited in the maker's company
 * under the supplier's user). The lines of the supplier's tracked orders.
 */
/** A field of the order's node as declared there (label, type, rules), read-only or not in a view of it. */
function nodeField(key: string, readonly: boolean): FieldDef {
  const f = orderNode.fields.find((x) => x.key === key);
  if (!f) throw new Error(`ordernode has no field ${key}`);
  const { required: _required, ...rest } = f;
  return { ...rest, readonly };
}

export const supplierNode = defineViewEntity({
  name: 'suppliernode',
  table: 'scm_order_node',
  prefix: 'scmapi',
  menuCode: SUPPLIER_NODES_MENU,
  editable: true,
  label: { zh: '客户订单节点', en: "Customer's order node" },
  titleField: 'node_name',
  defaultSort: { field: 'plan_date', dir: 'asc' },
  refreshOn: NODE_TRACKING_EVENT,
  fields: [
    { key: 'task_id', label: { zh: '客户订单', en: "Customer's order" }, type: 'integer', readonly: true },
    ...(['node_code', 'node_name', 'plan_start', 'plan_date'] as const).map((k) => nodeField(k, true)),
    // The one value the supplier writes; empty clears it. Not after today (the maker's rule).
    nodeField('actual_date', false),
    nodeField('actual_source', true),
  ],
});

/**
 * The node plans of the maker's orders in progress, one row per node (its id the node's): the order's
 * number, customer and delivery, the node's stored figures (a forecast only while open) and what the
 * timeline says of it today, computed by the tracking service (tracking.views.ts) within the customer
 * orders' data permissions. Its list export is the node plans' workbook (issue 31: "node plan dates
 * ... exported to Excel"; the drawer's button exports one order's, `f.order_no.eq`), in these
 * fields' order, labels and cell formats.
 */
export const trackedNode = defineViewEntity({
  name: 'trackednode',
  table: 'scm_order_node',
  prefix: 'scmapi',
  menuCode: NODE_TRACKING_MENU,
  label: { zh: '节点计划', en: 'Node plans' },
  titleField: 'node_name',
  defaultSort: { field: 'delivery_date', dir: 'asc' },
  refreshOn: NODE_TRACKING_EVENT,
  fields: [
    orderNo,
    nodeOrderBrand,
    { ...delivery, label: { zh: '交货日期', en: 'Delivery date' } },
    ...(['seq', 'node_code', 'node_name', 'party', 'plan_days', 'plan_start', 'plan_date'] as const).map((k) => nodeField(k, true)),
    { key: 'plan_manual', label: { zh: '手工调整', en: 'Set by hand' }, type: 'boolean' },
    ...(['forecast_date', 'forecast_source'] as const).map((k) => nodeField(k, true)),
    projectedEnd,
    { key: 'delay_days', label: { zh: '延误天数', en: 'Days behind' }, type: 'integer' },
    ...(['actual_date', 'actual_source'] as const).map((k) => nodeField(k, true)),
    { key: 'state', label: { zh: '状态', en: 'State' }, type: 'dict', dict: nodeState.code },
    criticalPath,
  ],
});

/**
 * The nodes on the maker's node calendar (calendars/node-tracking.calendar.ts), one row per node (its
 * id the node's) of its orders in progress or finished within the customer orders' data permissions:
 * those whose planned or actual date falls in the weeks the calendar asks (its filters on
 * `last_date` and `first_date`, at most 400 days), with the state today (tracking.views.ts).
 */
export const nodeCalendarEvent = defineViewEntity({
  name: 'nodecalendar',
  table: 'scm_order_node',
  prefix: 'scmapi',
  menuCode: 'scm.nodetrack.calendar',
  label: { zh: '节点日历', en: 'Node calendar' },
  titleField: 'node_name',
  defaultSort: { field: 'plan_date', dir: 'asc' },
  refreshOn: NODE_TRACKING_EVENT,
  fields: [
    { key: 'order_id', label: { zh: '客户订单', en: 'Customer order' }, type: 'integer' },
    orderNo,
    nodeOrderBrand,
    ...(['node_code', 'node_name', 'plan_date', 'actual_date'] as const).map((k) => nodeField(k, true)),
    { key: 'state', label: { zh: '节点状态', en: 'Node state' }, type: 'dict', dict: nodeState.code },
    criticalPath,
    // The earlier and the later of its planned and actual dates: the calendar's window reads them.
    { key: 'first_date', label: { zh: '最早日期', en: 'Earliest date' }, type: 'date' },
    { key: 'last_date', label: { zh: '最晚日期', en: 'Latest date' }, type: 'date' },
  ],
});

/** The supplier's copies of the orders whose nodes its customers sent it (`/scm/page/supplier-nodes`); a row's id is the copy's. */
export const supplierNodeOrder = defineViewEntity({
  name: 'suppliernodeorder',
  table: 'scm_node_task',
  prefix: 'scmapi',
  menuCode: SUPPLIER_NODES_MENU,
  label: { zh: '客户订单节点', en: 'Customer order nodes' },
  titleField: 'source_no',
  defaultSort: { field: 'delivery_date', dir: 'asc' },
  refreshOn: NODE_TRACKING_EVENT,
  fields: [
    { key: 'source_no', label: { zh: '客户订单号', en: "Customer's order no." }, type: 'code' },
    { key: 'maker_name', label: { zh: '客户', en: 'Customer' }, type: 'text' },
    { key: 'style_no', label: { zh: '款号', en: 'Style' }, type: 'code' },
    { key: 'total_qty', label: { zh: '数量', en: 'Quantity' }, type: 'integer' },
    delivery,
    ...figureFields.filter((f) => f.key !== 'at_risk'),
  ],
  // The nodes sent to it, whose actual dates it records.
  children: [{ key: 'nodes', label: { zh: '发给贵司的节点', en: 'Nodes sent to you' }, entity: 'suppliernode', foreignKey: 'task_id', fields: [{ key: 'state', label: { zh: '节点状态', en: 'Node state' }, type: 'dict', dict: nodeState.code }, criticalPath, projectedEnd] }],
});
