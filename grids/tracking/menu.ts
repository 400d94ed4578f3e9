import { defineMenuGroup } from '../../src/model/menus';
import { NODE_TIMELINE_BRAND_MENU, NODE_TIMELINE_BRAND_PATH, NODE_TRACKING_MENU, NODE_TRACKING_PATH, SUPPLIER_NODES_MENU, SUPPLIER_NODES_PATH } from '../../src/model/node-tracking';

/**
 * Node tracking (spec: finished-garment node tracking, node-tracking configuration; issue 12): the
 * maker's tracking page (orders, timeline per order, actual dates), its node calendar (entry added by
 * calendars/node-tracking.calendar.ts) and the node follow configuration (the grid puts itself here).
 * A garment maker's menu.
 */
export const trackingMenu = defineMenuGroup({
  code: 'tracking',
  platforms: ['SRM', 'SFCENTER'],
  companies: ['maker'],
  title: { zh: '节点跟进', en: 'Node tracking' },
  icon: 'production',
  entries: [
    { code: NODE_TRACKING_MENU, furl: NODE_TRACKING_PATH, title: { zh: '订单节点跟进', en: 'Order node tracking' }, order: 10 },
  ],
});

/**
 * The brand follows its own requirement orders' nodes at its makers from its orders menu (the
 * requirement orders live there), read-only and live.
 */
export const brandTimelineMenu = defineMenuGroup({
  code: 'orders',
  platforms: ['SRM'],
  companies: ['brand'],
  title: { zh: '订单与需求分配', en: 'Orders and allocation' },
  icon: 'production',
  entries: [{ code: NODE_TIMELINE_BRAND_MENU, furl: NODE_TIMELINE_BRAND_PATH, title: { zh: '订单节点进度', en: 'Order node progress' }, order: 15 }],
});

/**
 * A maker's supplier records the actual dates of the nodes the maker sent it (fabric, trims in-house,
 * washing), beside the outsourced tasks its customers send it.
 */
export const supplierNodesMenu = defineMenuGroup({
  code: 'outsource',
  platforms: ['SRM', 'SFCENTER'],
  companies: ['supplier'],
  title: { zh: '外发加工', en: 'Outsourced processing' },
  icon: 'production',
  entries: [{ code: SUPPLIER_NODES_MENU, furl: SUPPLIER_NODES_PATH, title: { zh: '客户订单节点', en: 'Customer order nodes' }, order: 20 }],
});
