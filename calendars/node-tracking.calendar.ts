import { defineCalendarView } from '../src/model/calendar';
import { nodeCalendarEvent } from '../src/model/entities/nodeconfig.entity';
import { defineMenuGroup } from '../src/model/menus';
import { NODE_TRACKING_PATH } from '../src/model/node-tracking';
import { ROLES } from '../src/model/roles';

/** The node-tracking calendar's route (spec 2 `/zp/{cata}/calendarview/{opt}`); the browser registers it. */
export const NODE_CALENDAR_PATH = '/zp/scm/calendarview/node-tracking';

/**
 * The maker's node-tracking calendar (issue 12, time and action): every node of its orders on its
 * planned date, and on its actual date once recorded, coloured by its state today (the `node_state`
 * dictionary: done, done late, late, at risk, on track); a click opens the order's timeline. The rows
 * of the view `nodecalendar` (computed by the tracking service), drawn by the calendar views' generic month of events.
 */
export const nodeTrackingCalendar = defineCalendarView({
  code: 'node-tracking',
  kind: 'events',
  title: { zh: '节点日历', en: 'Node calendar' },
  entity: 'ordernode',
  // The view's rows in the weeks shown (tracking.views.ts): a node's earlier date on or before the last day, its later one on or after the first.
  source: { read: `/api/${nodeCalendarEvent.prefix}/${nodeCalendarEvent.name}/page`, socketType: 'nodetrack.changed', window: { start: 'first_date', end: 'last_date' } },
  events: {
    rows: 'rows',
    id: 'id',
    start: 'plan_date',
    title: ['order_no', 'node_name'],
    colour: 'state',
    colourDict: 'node_state',
    second: { start: 'actual_date', word: { zh: '实际', en: 'done' }, firstWord: { zh: '计划', en: 'plan' } },
  },
  opens: `${NODE_TRACKING_PATH}?order={order_id}`,
  zooms: ['month'],
  defaultZoom: 'month',
  menu: { code: nodeCalendarEvent.menuCode, group: 'tracking', furl: NODE_CALENDAR_PATH, order: 20 },
});

/** Its entry in the maker's node-tracking menu (group declared by grids/tracking/menu.ts). */
export const nodeTrackingCalendarMenu = defineMenuGroup({
  code: 'tracking',
  platforms: ['SRM', 'SFCENTER'],
  companies: ['maker'],
  title: { zh: '节点跟进', en: 'Node tracking' },
  icon: 'production',
  entries: [
    {
      code: nodeTrackingCalendar.menu.code,
      furl: nodeTrackingCalendar.menu.furl,
      title: nodeTrackingCalendar.title,
      order: nodeTrackingCalendar.menu.order,
      roles: [ROLES.planner, ROLES.lineManager, ROLES.clientAdmin, ROLES.admin, ROLES.common],
    },
  ],
});
