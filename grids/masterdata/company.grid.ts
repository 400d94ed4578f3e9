import { definePage } from '../../src/model';

/** Companies (legal entities) of the tenant; a tree by parent company. */
export const companyPage = definePage({
  opt: 'company',
  cata: 'md',
  kind: 'index',
  entity: 'company',
  menu: { group: 'masterdata', order: 40 },
  title: { zh: '公司', en: 'Companies' },
  columns: [{ field: 'code', width: 130, pinned: 'left' }, { field: 'name', width: 220 }, 'parent_id', 'registration_no', 'tin_no', 'currency', 'contact_person', 'contact_mobile', 'city', { field: 'updated_at', width: 170 }],
  form: [
    {
      modelName: 'base',
      title: { zh: '基本信息', en: 'Basic information' },
      form: [
        { field: 'code', spanClass: 'half' },
        { field: 'name', spanClass: 'half' },
        { field: 'parent_id', spanClass: 'half' },
        { field: 'currency', spanClass: 'half' },
        { field: 'registration_no', spanClass: 'half' },
        { field: 'tin_no', spanClass: 'half' },
      ],
    },
    {
      modelName: 'contact',
      title: { zh: '联系与地址', en: 'Contact and address' },
      form: [
        { field: 'contact_person', spanClass: 'half' },
        { field: 'contact_mobile', spanClass: 'half' },
        { field: 'email', spanClass: 'half' },
        { field: 'country', spanClass: 'half' },
        { field: 'province', spanClass: 'half' },
        { field: 'city', spanClass: 'half' },
        { field: 'address', spanClass: 'full' },
      ],
    },
  ],
});
