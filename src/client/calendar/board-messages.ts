import i18next from 'i18next';
import { registerCatalogPart, type CatalogPart } from '../../model/i18n';

/** The scheduling board's words (zh-CN first), registered when the board's chunk loads. */
export const boardMessages: CatalogPart = {
  'zh-CN': {
    'board.title': '排产看板',
    'board.zoom.day': '日',
    'board.zoom.week': '周',
    'board.zoom.month': '月',
    'board.undo': '撤销 (Ctrl+Z)',
    'board.redo': '重做 (Ctrl+Y)',
    'board.lock': '锁定',
    'board.unlock': '解锁',
    'board.reload': '刷新',
    'board.loading': '正在加载排产数据…',
    'board.empty': '所选范围内没有产线或排产计划',
    'board.loadFailed': '排产数据加载失败：{{message}}',
    'board.refused.category': '产线 {{line}} 不能生产品类 {{category}}',
    'board.refused.locked': '计划已锁定，请先解锁',
    'board.stale': '该单据已被他人操作，请刷新后重试',
    'board.changedByOther': '其他计划员调整了排产，已刷新',
    'board.capacity': '负荷 {{load}} / 产能 {{capacity}} 分钟',
    'board.late': '晚于交期',
    'board.keyboardHint': '方向键移动所选计划（一天 / 一条产线），Enter 确认，Esc 取消',
  },
  en: {
    'board.title': 'Scheduling board',
    'board.zoom.day': 'Day',
    'board.zoom.week': 'Week',
    'board.zoom.month': 'Month',
    'board.undo': 'Undo (Ctrl+Z)',
    'board.redo': 'Redo (Ctrl+Y)',
    'board.lock': 'Lock',
    'board.unlock': 'Unlock',
    'board.reload': 'Refresh',
    'board.loading': 'Loading the schedule…',
    'board.empty': 'No lines or plans in the chosen range',
    'board.loadFailed': 'The schedule could not be loaded: {{message}}',
    'board.refused.category': 'Line {{line}} cannot make category {{category}}',
    'board.refused.locked': 'The plan is locked; unlock it first',
    'board.stale': 'This document was already changed by someone else; refresh and retry',
    'board.changedByOther': 'Another planner changed the schedule; refreshed',
    'board.capacity': 'Load {{load}} / capacity {{capacity}} minutes',
    'board.late': 'Later than delivery',
    'board.keyboardHint': 'Arrow keys move the selected plan (a day / a line), Enter commits, Esc cancels',
  },
};

registerCatalogPart(boardMessages);
// The shell's i18next was initialised before this chunk loaded: add the words to it too.
for (const [lng, words] of Object.entries(boardMessages)) i18next.addResourceBundle(lng, 'translation', words, true, false);
