import type { Label } from '../../../model';

/** The control tower's texts and the wall's colours. */
export const T = {
  title: { zh: '供应链控制塔', en: 'Supply chain control tower' },
  from: { zh: '日期从', en: 'From' },
  to: { zh: '至', en: 'To' },
  live: { zh: '实时', en: 'Live' },
  updated: { zh: '更新于', en: 'Updated' },
  refresh: { zh: '刷新', en: 'Refresh' },
  fullscreen: { zh: '全屏（大屏展示）', en: 'Full screen (wall display)' },
  exitFullscreen: { zh: '退出全屏', en: 'Exit full screen' },
  empty: { zh: '暂无数据', en: 'No data' },
  noStockAlerts: { zh: '没有库存≤0 的库位', en: 'No location at or below zero' },
  openOrders: { zh: '在手订单', en: 'Open orders' },
  onTime: { zh: '准时交货率', en: 'On-time delivery' },
  lateOpen: { zh: '逾期未完成', en: 'Open and late' },
  latePlans: { zh: '计划延期', en: 'Late plans' },
  ofScheduled: { zh: '已排产', en: 'of scheduled' },
  utilisation: { zh: '本周产能利用率', en: 'Utilisation this week' },
  coverage: { zh: '分配覆盖率', en: 'Allocation coverage' },
  purchases: { zh: '在途采购单', en: 'POs in flight' },
  stockAlerts: { zh: '库存预警', en: 'Stock alerts' },
  nodesFlagged: { zh: '节点逾期/风险', en: 'Nodes late or at risk' },
  nodesLate: { zh: '已逾期', en: 'late' },
  openExceptions: { zh: '未关闭异常', en: 'Open exceptions' },
  oldExceptions: { zh: '超过14天', en: 'over 14 days' },
  defectRate: { zh: '缺陷率', en: 'Defect rate' },
  failedLots: { zh: '不合格批', en: 'failed lots' },
  clickHint: { zh: '点击任一图形查看对应单据', en: 'Click any chart element to open its records' },
  nothing: { zh: '您的角色没有可显示的控制塔组件。', en: 'Your roles give no control tower widget.' },
  org: { zh: '组织', en: 'Organisation' },
  wholeCompany: { zh: '全公司', en: 'Whole company' },
  notByOrg: { zh: '不分组织', en: 'All organisations' },
  notByOrgHint: { zh: '此图的数据没有组织归属，显示全公司', en: 'This chart’s records belong to no organisation: it shows the whole company' },
} satisfies Record<string, Label>;

export const WALL = { page: '#0b1220', card: '#111a2b', border: '#1f2b40', text: '#e6eaf0', muted: '#8b98ad', good: '#6ccb5f', warn: '#fce100', bad: '#ff6b6b' };
