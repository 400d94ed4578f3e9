import { definePage } from '../../src/model';

/**
 * The system dictionary (spec 2, `/admin/page/sysdict`, the super administrator's `admin.sys.dict`):
 * every item of every declared dictionary, read-only; the quick search finds a dictionary by its code
 * or name, or an item by its value or label, and the column filters narrow to one dictionary.
 */
export const sysDictPage = definePage({
  opt: 'sysdict',
  cata: 'admin',
  kind: 'page',
  entity: 'sysdict',
  menu: { group: 'sysadmin', order: 30, superOnly: true },
  title: { zh: '系统字典', en: 'System dictionary' },
  purpose: { zh: '平台内置的字典（只读）。企业可在「数据字典」中追加自己的字典项。', en: "The platform's built-in dictionaries (read-only). Companies add their own items in the data dictionary." },
  columns: [
    { field: 'dict_code', width: 180, pinned: 'left' },
    { field: 'dict_zh', width: 160 },
    { field: 'value', width: 160 },
    { field: 'label_zh', width: 200 },
    { field: 'label_en', width: 220 },
    { field: 'dict_en', hide: true },
  ],
  actions: [{ kind: 'view' }],
  quickSearch: ['dict_code', 'dict_zh', 'value', 'label_zh', 'label_en'],
  form: [
    { modelName: 'dict', title: { zh: '字典', en: 'Dictionary' }, form: [{ field: 'dict_code', spanClass: 'half' }, { field: 'dict_zh', spanClass: 'half' }, { field: 'dict_en', spanClass: 'half' }] },
    { modelName: 'item', title: { zh: '字典项', en: 'Item' }, form: [{ field: 'value', spanClass: 'half' }, { field: 'label_zh', spanClass: 'half' }, { field: 'label_en', spanClass: 'half' }] },
  ],
});
