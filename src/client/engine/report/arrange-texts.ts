import type { Label } from '../../../model/entity';

/** An arranged board's texts (the personal boards' and the declared dashboards'), zh-CN first. */
export const A = {
  market: { zh: '组件市场', en: 'Widget market' },
  widgets: { zh: '看板组件', en: 'Widgets' },
  add: { zh: '添加', en: 'Add' },
  added: { zh: '已添加', en: 'Added' },
  widgetAdded: { zh: '组件已添加到看板', en: 'Widget added to the board' },
  arrange: { zh: '调整布局', en: 'Arrange' },
  done: { zh: '完成', en: 'Done' },
  arrangeHint: { zh: '拖动卡片或使用箭头调整顺序，点击隐藏可移回组件市场', en: 'Drag a card or use the arrows to reorder; hide sends it back to the market' },
  reset: { zh: '恢复默认', en: 'Reset to default' },
  moveUp: { zh: '上移', en: 'Move up' },
  moveDown: { zh: '下移', en: 'Move down' },
  hide: { zh: '隐藏', en: 'Hide' },
  close: { zh: '关闭', en: 'Close' },
  emptyBoard: { zh: '看板上还没有组件。打开组件市场添加常用的组件。', en: 'Nothing on the board yet. Open the widget market to add the widgets you use.' },
  // A composed dashboard's (the personal boards').
  designedTile: { zh: '企业指标卡', en: 'Company tile' },
  personalTile: { zh: '个人指标卡', en: 'Personal tile' },
  more: { zh: '全部', en: 'All' },
  loadFailed: { zh: '看板加载失败', en: 'The board could not be loaded' },
} satisfies Record<string, Label>;
