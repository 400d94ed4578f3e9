import { definePage } from '../../src/model';

/** Workshops (cutting, sewing, finishing halls) of a plant. */
export const workshopPage = definePage({
  opt: 'workshop',
  cata: 'md',
  kind: 'index',
  entity: 'workshop',
  menu: { group: 'masterdata', order: 80, companies: ['maker'] },
  title: { zh: '车间', en: 'Workshops' },
  columns: [{ field: 'code', width: 130, pinned: 'left' }, { field: 'name', width: 200 }, 'plant_id', 'process_type', 'manager', { field: 'updated_at', width: 170 }],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'code', spanClass: 'half' },
        { field: 'name', spanClass: 'half' },
        { field: 'plant_id', spanClass: 'half' },
        { field: 'process_type', spanClass: 'half' },
        { field: 'manager', spanClass: 'half' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
});
