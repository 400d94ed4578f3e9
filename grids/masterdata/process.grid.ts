import { definePage } from '../../src/model';

/**
 * Process (operation) information: a tree with sequence, outsourcing flag, estimated rate and the
 * forced scan flags. The forced scans only matter for in-house processes, so they hide when the
 * process is outsourced (a relatedStateFields condition).
 */
export const processPage = definePage({
  opt: 'process',
  cata: 'md',
  kind: 'index',
  entity: 'process',
  menu: { group: 'masterdata', order: 100, companies: ['maker'] },
  title: { zh: '工序', en: 'Processes' },
  columns: [{ field: 'code', width: 130, pinned: 'left' }, { field: 'name', width: 200 }, 'parent_id', 'sequence', 'process_type', 'plant_id', 'is_vendor', 'estimated_rate', 'force_in_scan', 'force_out_scan', { field: 'updated_at', width: 170 }],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'code', spanClass: 'half' },
        { field: 'name', spanClass: 'half' },
        { field: 'parent_id', spanClass: 'half' },
        { field: 'sequence', spanClass: 'half' },
        { field: 'process_type', spanClass: 'half' },
        { field: 'plant_id', spanClass: 'half' },
        { field: 'is_vendor', spanClass: 'half', clearFormFields: [{ condition: 'is_vendor == true', fields: ['force_in_scan', 'force_out_scan'] }] },
        { field: 'estimated_rate', spanClass: 'half' },
        { field: 'force_in_scan', spanClass: 'half', visible: { relatedStateFields: { is_vendor: [false, null] } } },
        { field: 'force_out_scan', spanClass: 'half', visible: { relatedStateFields: { is_vendor: [false, null] } } },
      ],
    },
  ],
});
