import type { Label } from '../../../../model';
import { DESIGNER_WORDS } from '../designer-words';

/** The tile designer's and the tiles' texts (zh-CN first, en). */
export const TT = {
  ...DESIGNER_WORDS,
  title: { zh: '指标卡设计', en: 'Tile designer' },
  setAlert: { zh: '为此指标卡设置预警', en: 'Set an alert on this tile' },
  explain: {
    zh: '在已声明的报表数据集上组合指标卡：选择指标与汇总方式、分组、筛选、期间、图表、阈值和颜色，保存到企业看板（可按角色共享）或个人看板。指标卡按查看人的权限计算，点击即可打开对应明细。',
    en: 'Compose tiles over the declared report datasets: a measure and its aggregation, grouping, filters, period, chart, thresholds and colour; save to the company dashboard (shared with roles) or your personal one. Each viewer sees the figures their own permissions allow, and a click opens the rows.',
  },
  add: { zh: '新建指标卡', en: 'New tile' },
  confirmRemove: { zh: '确定删除指标卡「{name}」？', en: 'Remove the tile "{name}"?' },
  empty: { zh: '还没有指标卡。点击"新建指标卡"开始设计。', en: 'No tile yet. Start with "New tile".' },
  name: { zh: '名称', en: 'Name' },
  aggregation: { zh: '汇总方式', en: 'Aggregation' },
  groupBy: { zh: '分组', en: 'Group by' },
  splitBy: { zh: '拆分', en: 'Split by' },
  none: { zh: '（无）', en: '(none)' },
  period: { zh: '期间', en: 'Period' },
  periodField: { zh: '期间依据', en: 'Period on' },
  chart: { zh: '图表类型', en: 'Chart type' },
  thresholds: { zh: '阈值（达到即变色）', en: 'Thresholds (from this value, this colour)' },
  addThreshold: { zh: '添加阈值', en: 'Add a threshold' },
  color: { zh: '主色', en: 'Colour' },
  scope: { zh: '保存到', en: 'Save to' },
  company: { zh: '企业看板', en: 'Company dashboard' },
  personal: { zh: '个人看板', en: 'Personal dashboard' },
  roles: { zh: '共享给角色（不选则所有可查看该数据集的人）', en: 'Share with roles (none: everyone who may read the dataset)' },
  pickRoles: { zh: '选择角色', en: 'Choose roles' },
  span: { zh: '宽度', en: 'Width' },
  widths: [
    { zh: '1/3 宽', en: 'One third' },
    { zh: '2/3 宽', en: 'Two thirds' },
    { zh: '整行', en: 'Full row' },
  ],
  preview: { zh: '实时预览', en: 'Live preview' },
  previewHint: { zh: '选择数据集和指标后显示预览。', en: 'Choose a dataset and a measure to see the preview.' },
  previewError: { zh: '无法预览：{error}', en: 'No preview: {error}' },
  owner: { zh: '创建人', en: 'Owner' },
  actions: { zh: '操作', en: 'Actions' },
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
