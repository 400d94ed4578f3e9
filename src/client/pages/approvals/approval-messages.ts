import i18next from 'i18next';
import { registerCatalogPart, type CatalogPart } from '../../../model/i18n';

/** The approvals screens' words (zh-CN first); the server's messages (wf.*) come with the process definition entity, a history's steps and a flow's status with the approval task's dictionaries (`wf_step`, `wf_flow_status`). */
export const approvalMessages: CatalogPart = {
  'zh-CN': {
    'wf.panel.history': '审批记录',
    'wf.panel.none': '尚未提交审批',
    'wf.done': '已处理',
    'wf.process.line': '审批流程：{{name}}',
    'wf.process.notSubmitted': '未提交',
    'wf.process.required': '必须审批',
    'wf.scenario.fill': '按场景填报',
    'wf.scenario.title': '{{scenario}} · {{form}}',
    'wf.scenario.missing': '该场景不存在、已停用，或其表单未设计',
    'wf.scenario.ofType': '本类型项目填写：{{scenario}}（表单 {{form}}）',
    'wf.chart.start': '开始',
    'wf.chart.end': '结束',
  },
  en: {
    'wf.panel.history': 'Approval history',
    'wf.panel.none': 'Not submitted for approval yet',
    'wf.done': 'Done',
    'wf.process.line': 'Approval process: {{name}}',
    'wf.process.notSubmitted': 'Not submitted',
    'wf.process.required': 'Required',
    'wf.scenario.fill': 'Fill in this scenario',
    'wf.scenario.title': '{{scenario}} · {{form}}',
    'wf.scenario.missing': 'The scenario does not exist, is disabled, or its form is not designed',
    'wf.scenario.ofType': 'Projects of this type fill in: {{scenario}} (form {{form}})',
    'wf.chart.start': 'Start',
    'wf.chart.end': 'End',
  },
};

registerCatalogPart(approvalMessages);
if (i18next.isInitialized) for (const [lng, words] of Object.entries(approvalMessages)) i18next.addResourceBundle(lng, 'translation', words, true, false);
