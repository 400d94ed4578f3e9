import type { Label } from '../../../model';

/** The declared dashboards' texts and the colours of their two layouts. */
export const T = {
  from: { zh: '日期从', en: 'From' },
  to: { zh: '至', en: 'To' },
  org: { zh: '组织', en: 'Organisation' },
  wholeCompany: { zh: '全公司', en: 'Whole company' },
  updated: { zh: '更新于', en: 'Updated' },
  refresh: { zh: '刷新', en: 'Refresh' },
  fullscreen: { zh: '全屏（大屏展示）', en: 'Full screen (wall display)' },
  exitFullscreen: { zh: '退出全屏', en: 'Exit full screen' },
  empty: { zh: '暂无数据', en: 'No data' },
  failed: { zh: '加载失败', en: 'Could not load' },
  now: { zh: '不限日期', en: 'Any date' },
  nowHint: { zh: '此图不按日期范围筛选（当前状态或全部期间）', en: 'This chart does not follow the date range (the present state, or every period)' },
  notByOrg: { zh: '不分组织', en: 'All organisations' },
  notByOrgHint: { zh: '此图的数据没有组织归属，显示全公司', en: 'This chart’s records belong to no organisation: it shows the whole company' },
  clickHint: { zh: '点击任一图形查看对应单据', en: 'Click any chart element to open its records' },
  nothing: { zh: '您的菜单权限没有可显示的看板组件。', en: 'Your menus give no widget of this dashboard.' },
  unknown: { zh: '没有这个看板', en: 'No such dashboard' },
} satisfies Record<string, Label>;

const WALL_COLOURS = { page: '#0b1220', card: '#111a2b', border: '#1f2b40', text: '#e6eaf0', muted: '#8b98ad', tag: '#1f2b40', good: '#6ccb5f', warn: '#fce100', bad: '#ff6b6b' };

/**
 * The layouts: the wall (dark, `/visual/{opt}`), the workbench (light, `/workspace/ecindex/{opt}`)
 * and the control tower's wall (`/visual/control-tower`: its cards a little lower, its charts drawn
 * when seen, its test ids `widget-` and `chart-`, no "any date" tag). Colours, then the cards' sizes.
 */
export const LOOKS = {
  wall: { ...WALL_COLOURS, ids: 'd', cardHeight: 290, chartHeight: 250, heatRow: 22, headGap: 6, nowTag: true, lazy: false },
  board: { page: '#f5f5f5', card: '#ffffff', border: '#e0e0e0', text: '#242424', muted: '#616161', tag: '#f0f0f0', good: '#107c10', warn: '#bc4b09', bad: '#c50f1f', ids: 'd', cardHeight: 290, chartHeight: 250, heatRow: 22, headGap: 6, nowTag: true, lazy: false },
  tower: { ...WALL_COLOURS, ids: '', cardHeight: 280, chartHeight: 240, heatRow: 20, headGap: 8, nowTag: false, lazy: true },
};
export type DashboardLook = keyof typeof LOOKS;
