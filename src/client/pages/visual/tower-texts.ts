import type { Label } from '../../../model';
import { LOOKS } from '../../engine/report/dashboard-texts';

/** The control tower's texts and the wall's colours. */
export const T = {
  title: { zh: '供应链控制塔', en: 'Supply chain control tower' },
  live: { zh: '实时', en: 'Live' },
  updated: { zh: '更新于', en: 'Updated' },
  nothing: { zh: '您的角色没有可显示的控制塔组件。', en: 'Your roles give no control tower widget.' },
  setAlert: { zh: '为此图设置预警', en: 'Set an alert on this chart' },
  alerts: { zh: '指标预警', en: 'Figure alerts' },
} satisfies Record<string, Label>;

/** The wall's colours: the dashboards' tower look (engine/report/dashboard-texts.ts). */
export const WALL = LOOKS.tower;
