import type { Label } from '../../../../model';
import { DESIGNER_WORDS } from '../designer-words';

/** The tiles' texts on the tower and the dashboards (zh-CN first, en); the designer's own are the rpttile entity's `tile.ui.*` messages. */
export const TT = {
  ...DESIGNER_WORDS,
  setAlert: { zh: '为此指标卡设置预警', en: 'Set an alert on this tile' },
  empty: { zh: '还没有指标卡。点击"新建指标卡"开始设计。', en: 'No tile yet. Start with "New tile".' },
  personal: { zh: '个人看板', en: 'Personal dashboard' },
  drill: { zh: '查看明细', en: 'Open the rows' },
  vsPrevious: { zh: '较上期', en: 'vs previous period' },
  noData: { zh: '暂无数据', en: 'No data' },
  failed: { zh: '无法读取', en: 'Cannot be read' },
  tiles: { zh: '指标卡', en: 'Tiles' },
  design: { zh: '设计指标卡', en: 'Design tiles' },
  total: { zh: '合计', en: 'Total' },
} satisfies Record<string, Label | Label[]>;
