import { definePage } from '../../src/model';

/** Positions: code, name, organisation, user, work percentage, is manager. */
export const positionPage = definePage({
  opt: 'position',
  cata: 'md',
  kind: 'index',
  entity: 'position',
  menu: { group: 'masterdata', order: 70 },
  title: { zh: '岗位', en: 'Positions' },
  columns: [{ field: 'code', width: 130, pinned: 'left' }, { field: 'name', width: 200 }, 'org_id', 'user_id', 'work_percent', 'is_manager', { field: 'updated_at', width: 170 }],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'code', spanClass: 'half' },
        { field: 'name', spanClass: 'half' },
        { field: 'org_id', spanClass: 'half' },
        { field: 'user_id', spanClass: 'half' },
        { field: 'work_percent', spanClass: 'half' },
        { field: 'is_manager', spanClass: 'half' },
      ],
    },
  ],
});
