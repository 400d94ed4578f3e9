import { definePage } from '../../src/model';

/** Capacity groups (issue 6): which product categories share one capacity of a vendor. */
export const capacityGroupPage = definePage({
  opt: 'capacitygroup',
  cata: 'scm',
  kind: 'index',
  entity: 'capacitygroup',
  menu: { group: 'orders', order: 70 },
  title: { zh: '产能组', en: 'Capacity groups' },
  columns: [{ field: 'code', width: 140, pinned: 'left' }, { field: 'name', width: 200 }, { field: 'categories', width: 320 }, { field: 'updated_at', width: 170 }],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'import' }, { kind: 'export' }, { kind: 'history' }],
  form: [
    {
      modelName: 'base',
      form: [{ field: 'code', spanClass: 'half' }, { field: 'name', spanClass: 'half' }, { field: 'categories', spanClass: 'full' }, { field: 'remark', spanClass: 'full' }],
    },
  ],
});

/** Vendor capacity (spec 3: cycle, capacity, group, plant), pieces per vendor x group x month or week. */
export const vendorCapacityPage = definePage({
  opt: 'vendorcapacity',
  cata: 'scm',
  kind: 'index',
  entity: 'vendorcapacity',
  menu: { group: 'orders', order: 60 },
  title: { zh: '供应商产能', en: 'Vendor capacity' },
  columns: [
    { field: 'vendor_id', width: 180, pinned: 'left' },
    { field: 'group_id', width: 160 },
    'plant',
    'cycle_type',
    'cycle',
    'week',
    { field: 'capacity', aggregate: 'sum', width: 120 },
    { field: 'updated_at', width: 170 },
  ],
  statusTabs: [
    { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
    { key: 'month', label: { zh: '按月', en: 'Monthly' }, filter: { cycle_type: 'month' } },
    { key: 'week', label: { zh: '按周', en: 'Weekly' }, filter: { cycle_type: 'week' } },
  ],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'import' }, { kind: 'export' }, { kind: 'history' }],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'vendor_id', spanClass: 'half' },
        { field: 'group_id', spanClass: 'half' },
        { field: 'plant', spanClass: 'half' },
        { field: 'cycle_type', spanClass: 'half', clearFormFields: [{ condition: "cycle_type == 'month'", fields: ['week'] }] },
        { field: 'cycle', spanClass: 'half' },
        { field: 'week', spanClass: 'half', visible: { relatedStateFields: { cycle_type: ['week'] } } },
        { field: 'capacity', spanClass: 'half' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
});

/** Cycle calendar (spec 3: type, year, AM and PM work hours) with its periods. */
export const cycleCalendarPage = definePage({
  opt: 'cyclecalendar',
  cata: 'scm',
  kind: 'masterdetail',
  entity: 'cyclecalendar',
  menu: { group: 'orders', order: 80 },
  title: { zh: '周期日历', en: 'Cycle calendar' },
  columns: [{ field: 'name', width: 180, pinned: 'left' }, 'cycle_type', 'year', 'am_start', 'am_end', 'pm_start', 'pm_end', 'work_weekdays', { field: 'updated_at', width: 170 }],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'history' }, { kind: 'view' }],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'name', spanClass: 'third' },
        { field: 'cycle_type', spanClass: 'third' },
        { field: 'year', spanClass: 'third' },
        { field: 'am_start', spanClass: 'quarter' },
        { field: 'am_end', spanClass: 'quarter' },
        { field: 'pm_start', spanClass: 'quarter' },
        { field: 'pm_end', spanClass: 'quarter' },
        { field: 'work_weekdays', spanClass: 'half' },
        { field: 'remark', spanClass: 'half' },
      ],
    },
  ],
  children: [
    { child: 'periods', columns: ['cycle', 'start_date', 'end_date', 'working_days'], editable: true },
    // Issue 11: holidays and overtime days; the planning service's capacity reads them.
    { child: 'days', columns: ['day_date', 'kind', 'name'], editable: true },
  ],
});
