import type { Label } from '../../../../model';
import { DESIGNER_WORDS } from '../designer-words';

/** The tile designer's and the tiles' texts (zh-CN first, en). */
export const TT = {
  ...DESIGNER_WORDS,
  setAlert: { zh: '为此指标卡设置预警', en: 'Set an alert on this tile' },
  add: { zh: '新建指标卡', en: 'New tile' },
  empty: { zh: '还没有指标卡。点击"新建指标卡"开始设计。', en: 'No tile yet. Start with "New tile".' },
  groupBy: { zh: '分组', en: 'Group by' },
  splitBy: { zh: '拆分', en: 'Split by' },
  none: { zh: '（无）', en: '(none)' },
  addThreshold: { zh: '添加阈值', en: 'Add a threshold' },
  color: { zh: '主色', en: 'Colour' },
  personal: { zh: '个人看板', en: 'Personal dashboard' },
  preview: { zh: '实时预览', en: 'Live preview' },
  previewHint: { zh: '选择数据集和指标后显示预览。', en: 'Choose a dataset and a measure to see the preview.' },
  previewError: { zh: '无法预览：{error}', en: 'No preview: {error}' },
  drill: { zh: '查看明细', en: 'Open the rows' },
  vsPrevious: { zh: '较上期', en: 'vs previous period' },
  noData: { zh: '暂无数据', en: 'No data' },
  failed: { zh: '无法读取', en: 'Cannot be read' },
  tiles: { zh: '指标卡', en: 'Tiles' },
  design: { zh: '设计指标卡', en: 'Design tiles' },
  total: { zh: '合计', en: 'Total' },
  backToTower: { zh: '控制塔', en: 'Control tower' },
} satisfies Record<string, Label | Label[]>;

export const fill = (text: string, params: Record<string, string | number>): string => text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
