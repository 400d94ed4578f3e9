import i18next from 'i18next';
import { registerCatalogPart, type CatalogPart } from '../../../model/i18n';

/** Node tracking's words (zh-CN first), registered when the pages' chunk loads. */
export const trackingMessages: CatalogPart = {
  'zh-CN': {
    'nt.critical': '关键路径',
    'nt.today': '今天',
    'nt.delivery': '交货',
    'nt.regenerate': '重新生成节点计划',
    'nt.regenerateConfirm': '按当前交货日期和节点跟进配置重新倒排订单 {{order}} 的节点计划？已录入的实际日期会保留。',
    'nt.regenerated': '已重新生成节点计划（{{n}} 个节点）',
    'nt.summary': '交货 {{delivery}} · 完成 {{done}}/{{total}} · 逾期 {{late}} · 风险 {{risk}} · 预计完成 {{projected}}',
    'nt.legend.plan': '计划',
    'nt.legend.projected': '预计',
    'nt.legend.actual': '实际',
    'nt.noNodes': '该订单还没有节点计划',
    'nt.export': '导出 Excel',
    'nt.planMoved': '节点“{{node}}”计划完成日期已调整为 {{date}}',
    'nt.dragHint': '拖动计划条可调整节点计划日期',
  },
  en: {
    'nt.critical': 'Critical path',
    'nt.today': 'Today',
    'nt.delivery': 'Delivery',
    'nt.regenerate': 'Regenerate node plan',
    'nt.regenerateConfirm': 'Count the node plan of order {{order}} back again from its delivery date with the current configuration? Recorded actual dates are kept.',
    'nt.regenerated': 'Node plan regenerated ({{n}} nodes)',
    'nt.summary': 'Delivery {{delivery}} · done {{done}}/{{total}} · late {{late}} · at risk {{risk}} · projected end {{projected}}',
    'nt.legend.plan': 'Plan',
    'nt.legend.projected': 'Projected',
    'nt.legend.actual': 'Actual',
    'nt.noNodes': 'This order has no node plan yet',
    'nt.export': 'Export to Excel',
    'nt.planMoved': 'Node "{{node}}" is now planned for {{date}}',
    'nt.dragHint': 'Drag a planned bar to move the node\'s planned date',
  },
};

registerCatalogPart(trackingMessages);
// The shell's i18next was initialised before this chunk loaded: add the words to it too.
for (const [lng, words] of Object.entries(trackingMessages)) i18next.addResourceBundle(lng, 'translation', words, true, false);
