import { definePage } from '../../src/model';

/** Plants: code, name, site id, parent plant, company. */
export const plantPage = definePage({
  opt: 'plant',
  cata: 'md',
  kind: 'index',
  entity: 'plant',
  menu: { group: 'masterdata', order: 50 },
  title: { zh: '工厂', en: 'Plants' },
  columns: [{ field: 'code', width: 130, pinned: 'left' }, { field: 'name', width: 220 }, 'site_id', 'parent_id', 'company_id', 'address', { field: 'updated_at', width: 170 }],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'code', spanClass: 'half' },
        { field: 'name', spanClass: 'half' },
        { field: 'site_id', spanClass: 'half' },
        { field: 'company_id', spanClass: 'half' },
        { field: 'parent_id', spanClass: 'half' },
        { field: 'address', spanClass: 'full' },
      ],
    },
  ],
});
