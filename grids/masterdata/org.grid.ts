import { definePage } from '../../src/model';

/** Organisation tree: code, parent, name, is public, level. */
export const orgPage = definePage({
  opt: 'org',
  cata: 'md',
  kind: 'index',
  entity: 'org',
  menu: { group: 'masterdata', order: 60 },
  title: { zh: '组织', en: 'Organisation' },
  columns: [{ field: 'code', width: 130, pinned: 'left' }, { field: 'name', width: 220 }, 'parent_id', 'level', 'is_public', 'manager', { field: 'updated_at', width: 170 }],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'code', spanClass: 'half' },
        { field: 'name', spanClass: 'half' },
        { field: 'parent_id', spanClass: 'half' },
        { field: 'level', spanClass: 'half' },
        { field: 'manager', spanClass: 'half' },
        { field: 'is_public', spanClass: 'half' },
      ],
    },
  ],
});
