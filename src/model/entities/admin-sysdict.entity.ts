import { defineViewEntity } from '../entity';

/**
 * The system dictionary (spec 2 "system dictionary", the super administrator's `admin.sys.dict`):
 * one row per item of every dictionary declared in src/model, read-only (companies add their own
 * items in the data dictionary). A view entity whose rows are the declarations, not a table: the
 * reader's source for it is registered by src/server/services/admin/sysdict.views.ts.
 */
export const sysDictionaryItem = defineViewEntity({
  name: 'sysdict',
  table: 'sysdict',
  prefix: 'adminapi',
  menuCode: 'admin.sys.dict',
  label: { zh: '系统字典', en: 'System dictionary' },
  titleField: 'label_zh',
  defaultSort: { field: 'dict_code', dir: 'asc' },
  fields: [
    { key: 'dict_code', label: { zh: '字典编码', en: 'Dictionary' }, type: 'code' },
    { key: 'dict_zh', label: { zh: '字典名称', en: 'Dictionary name' }, type: 'text' },
    { key: 'dict_en', label: { zh: '字典英文名称', en: 'Dictionary name (English)' }, type: 'text' },
    { key: 'value', label: { zh: '字典值', en: 'Value' }, type: 'code' },
    { key: 'label_zh', label: { zh: '中文名称', en: 'Chinese label' }, type: 'text' },
    { key: 'label_en', label: { zh: '英文名称', en: 'English label' }, type: 'text' },
  ],
});
