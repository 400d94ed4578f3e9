import i18next from 'i18next';
import { registerCatalogPart, type CatalogPart } from '../../../model/i18n';
import '../../../model/dynamic-form';

/** The form designer's and the filled forms' words (zh-CN first); the rules' messages come with src/model/dynamic-form.ts. */
export const dynamicFormMessages: CatalogPart = {
  'zh-CN': {
    'dyn.designer.title': '表单设计器',
    'dyn.designer.field': '字段属性',
    'dyn.designer.selectField': '在左侧选择一个字段编辑它的属性',
    'dyn.designer.optionLabel': '选项名称',
    'dyn.designer.preview': '预览',
    'dyn.designer.previewBlocked': '设计中有错误，改正后显示预览',
    'dyn.designer.errors': '设计中有 {{count}} 处错误',
    'dyn.designer.save': '保存设计',
    'dyn.designer.saved': '已保存，设计版本 {{version}}',
    'dyn.designer.back': '返回表单列表',
    'dyn.designer.fill': '去填写',
    'dyn.designer.locationHelp': '填写时点“定位”取设备位置；定位字段不做必填和规则校验',
  },
  en: {
    'dyn.designer.title': 'Form designer',
    'dyn.designer.field': 'Field properties',
    'dyn.designer.selectField': 'Select a field on the left to edit its properties',
    'dyn.designer.optionLabel': 'Name',
    'dyn.designer.preview': 'Preview',
    'dyn.designer.previewBlocked': 'The design has errors; the preview shows once they are corrected',
    'dyn.designer.errors': 'The design has {{count}} errors',
    'dyn.designer.save': 'Save design',
    'dyn.designer.saved': 'Saved, design version {{version}}',
    'dyn.designer.back': 'Back to the forms',
    'dyn.designer.fill': 'Fill in',
    'dyn.designer.locationHelp': 'Filled by "Locate" (the device\'s position); a location is never required or checked by rules',
  },
};

registerCatalogPart(dynamicFormMessages);
if (i18next.isInitialized) for (const [lng, words] of Object.entries(dynamicFormMessages)) i18next.addResourceBundle(lng, 'translation', words, true, false);
