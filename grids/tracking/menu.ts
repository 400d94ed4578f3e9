import { defineMenuGroup } from '../../src/model/menus';

/**
 * Node tracking (spec: finished-garment node tracking, node-tracking configuration; issue 12): the
 * maker's tracking page (orders, timeline per order, actual dates), its node calendar (entry added by
 * calendars/node-tracking.calendar.ts) and the node follow configuration; the pages put themselves
 * here (trackedorders.grid.ts, nodeconfig.grid.ts), as the brand's and the supplier's do in theirs.
 * A garment maker's menu.
 */
export const trackingMenu = defineMenuGroup({
  code: 'tracking',
  platforms: ['SRM', 'SFCENTER'],
  companies: ['maker'],
  title: { zh: '节点跟进', en: 'Node tracking' },
  icon: 'production',
  entries: [],
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
  entries: [],
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
  entries: [],
});
