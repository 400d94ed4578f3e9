import { processBusCalls } from '../../src/model/calls/approvals';
import { announcementCalls, noticeCalls, taskCalls } from '../../src/model/calls/notify';
import { defineDashboard } from '../../src/model/dashboard';
import type { ComposedBoard, DashboardBlock } from '../../src/model/dashboard-board';
import { controlTower } from './control-tower.dashboard';
import { defaultRange } from '../tower-range';

/** The two personal boards (spec 2): the personal dashboard (`/mydash`) and the workspace home. */
export type PersonalBoardName = 'mydash' | 'home';

/**
 * The personal boards' own blocks (issue 13, spec 2 "home (to-do list, read items, control tower,
 * subscribed apps, recent announcements, app market, favourite menus, quick links)" and `/mydash`),
 * in the order a new board shows them: each block's span on the board's grid of three, whether it
 * reads a company's records, the boards that show it before the user arranges them, and, for the
 * three lists, what they list (src/model/list-block.ts; drawn by the engine's ListBlock). The
 * control tower's widgets and the designed tiles join them on the boards declared below.
 */
export const PERSONAL_BLOCKS: ReadonlyArray<DashboardBlock & { shownOn: readonly PersonalBoardName[] }> = [
  {
    key: 'todo', title: { zh: '待办事项', en: 'To-do' }, span: 2, company: true, shownOn: ['mydash', 'home'], more: '/collab/center?tab=tasks',
    // Spec 7 my-task-list, state 10 "in progress": approval tasks among them (issue 14), due first.
    list: {
      source: taskCalls.mine, input: { status: '10' }, order: 'due_date', limit: 6, icon: 'task',
      tone: { warn: { field: 'priority', equals: 'high' } },
      line: { title: 'subject', sub: ['remark'] },
      badge: { when: { field: 'priority', equals: 'high' }, label: { zh: '紧急', en: 'Urgent' }, color: 'danger' },
      date: { field: 'due_date', kind: 'due' },
      open: { to: '/collab/center?tab=tasks' },
      count: { zh: '{n} 项进行中', en: '{n} in progress' },
      counter: { source: processBusCalls.myTasks, input: { status: 10, page: 1, size: 1 }, label: { zh: '待审批', en: 'Awaiting approval' }, to: '/approvals/todo' },
      empty: { zh: '没有待办事项，一切就绪', en: 'Nothing to do: all clear' },
      live: ['notifyto2', 'task.changed'],
    },
  },
  {
    key: 'toread', title: { zh: '待阅事项', en: 'To read' }, span: 1, company: true, shownOn: ['mydash', 'home'], more: '/collab/center?tab=notices',
    // The unread notices, newest first; opening one reads it and goes to its page.
    list: {
      source: noticeCalls.page, input: { page: 1, size: 6, unread: 1 }, icon: 'mail', tone: 'note',
      line: { title: 'title', bold: true, sub: ['body'] },
      date: { field: 'created_at', kind: 'since' },
      open: { to: '/collab/center?tab=notices', link: 'link', read: noticeCalls.read },
      readAll: { zh: '全部标为已读', en: 'Mark all read' },
      empty: { zh: '没有待阅的消息', en: 'No unread messages' },
      live: ['notifyto2', 'task.changed'],
    },
  },
  { key: 'apps', title: { zh: '我的应用', en: 'My apps' }, span: 2, shownOn: ['home'], tiles: { of: 'apps' } },
  {
    key: 'announcements', title: { zh: '最新公告', en: 'Recent announcements' }, span: 1, company: true, shownOn: ['home'], more: '/collab/center?tab=announcements',
    // The company's and public announcements the user reads, unread marked.
    list: {
      source: announcementCalls.page, input: { page: 1, size: 5 }, icon: 'megaphone',
      line: { title: 'title', boldUnless: 'read', sub: ['company', 'published_at:day'] },
      badge: { unless: 'read', label: { zh: '未读', en: 'Unread' }, color: 'brand' },
      open: { to: '/collab/center?tab=announcements' },
      empty: { zh: '暂无公告', en: 'No announcements' },
    },
  },
  { key: 'favourites', title: { zh: '常用菜单', en: 'Favourite menus' }, span: 3, shownOn: ['home'], tiles: { of: 'favourites' } },
  // The first twelve entries, not the home itself: the menu guide (the block's "all") lists every entry.
  { key: 'quicklinks', title: { zh: '快捷入口', en: 'Quick links' }, span: 3, shownOn: ['home'], more: '/workspace/menuguide', tiles: { of: 'entries', limit: 12, skip: ['workspace.home'] } },
];

/**
 * Managers, administrators, planners and finance: the roles the reports menu gives the control tower
 * and its reports to (reports/menu.ts), so the tower's widgets are offered to the same roles.
 */
export const TOWER_WIDGET_ROLES: readonly string[] = ['clientadmin', 'admin', 'planner', 'linemanager', 'finance'];

/**
 * The tower widgets a role puts first on a new dashboard (the others follow in the tower's order):
 * a planner and a line manager look at the lines' load before the orders.
 */
export const ROLE_FIRST_WIDGETS: Readonly<Record<string, readonly string[]>> = {
  planner: ['capacity', 'ontime', 'funnel'],
  linemanager: ['capacity', 'ontime'],
};

/** How many control tower widgets a new personal dashboard shows (the rest wait in the market). */
export const DEFAULT_TOWER_WIDGETS = 4;
/** At most this many widgets on one board (and module subscriptions). */
export const BOARD_LIMIT = 50;

/** A personal board as the dashboards' engine composes it: the blocks, the control tower's widgets for its roles, the designed tiles. */
const composed = (name: PersonalBoardName, towerShown: number): ComposedBoard => ({
  store: name,
  blocks: PERSONAL_BLOCKS.map(({ shownOn, ...b }) => ({ ...b, shown: shownOn.includes(name) })),
  blocksLabel: { zh: '个人工作', en: 'Personal work' },
  // The tower's widgets over the tower's default range; the tower's page opens from them for those with its menu entry.
  borrow: {
    from: controlTower, roles: TOWER_WIDGET_ROLES, first: ROLE_FIRST_WIDGETS, shown: towerShown, range: defaultRange,
    label: { zh: '控制塔指标', en: 'Control tower figure' },
    open: { to: '/visual/control-tower', menu: 'rpt.control-tower', label: { zh: '控制塔', en: 'Control tower' } },
  },
  tiles: true,
  limit: BOARD_LIMIT,
});

/** `/mydash` (spec 2 "personal dashboard"): to-dos, items to read and the first control tower widgets. */
export const myDashboard = defineDashboard({
  name: 'mydash',
  title: { zh: '我的看板', en: 'My dashboard' },
  purpose: { zh: '待办、待阅与控制塔指标，按您的习惯排列', en: 'To-dos, items to read and control tower figures, arranged your way' },
  companies: ['brand', 'maker', 'supplier'],
  widgets: [],
  composed: composed('mydash', DEFAULT_TOWER_WIDGETS),
});

/** The workspace home's board (spec 2 "home"): to-dos, items to read, apps, announcements, favourite menus, quick links. */
export const homeBoard = defineDashboard({
  name: 'home',
  title: { zh: '工作台', en: 'Workspace' },
  purpose: { zh: '待办、待阅、应用、公告与常用入口', en: 'To-dos, items to read, apps, announcements and favourite entries' },
  companies: ['brand', 'maker', 'supplier'],
  widgets: [],
  composed: composed('home', 0),
});
