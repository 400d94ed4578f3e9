import { definePage, stateTabs, type ColumnDecl } from '../../src/model';
import { defineMemoryGrid } from '../../src/model/memory-grid';
import { allocationVersion } from '../../src/model/entities/allocationversion.entity';

/**
 * Allocation versions (spec 3: version code, month range; spec 4: draft, published, archived). The
 * planner works a version in the allocation workbench (src/client/pages/allocation); this list
 * creates versions and their suggestion settings, publishes and archives them.
 */
export const allocationVersionPage = definePage({
  opt: 'allocationversion',
  cata: 'scm',
  kind: 'index',
  entity: 'allocationversion',
  menu: { group: 'orders', order: 40 },
  title: { zh: '需求分配版本', en: 'Allocation versions' },
  columns: [
    { field: 'version_code', width: 150, pinned: 'left' },
    { field: 'name', width: 200 },
    { field: 'status', width: 100 },
    'month_from',
    'month_to',
    { field: 'demand_qty', aggregate: 'sum' },
    { field: 'allocated_qty', aggregate: 'sum' },
    { field: 'unplaced_qty', aggregate: 'sum' },
    { field: 'published_at', width: 170 },
    { field: 'updated_at', width: 170 },
  ],
  statusTabs: stateTabs(allocationVersion.states!),
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'transition', action: 'publish' }, { kind: 'transition', action: 'archive' }, { kind: 'history' }, { kind: 'view' }],
  quickSearch: ['version_code', 'name'],
  form: [
    {
      modelName: 'base',
      title: { zh: '版本', en: 'Version' },
      form: [
        { field: 'version_code', spanClass: 'third' },
        { field: 'name', spanClass: 'third' },
        { field: 'status', spanClass: 'third', visible: { routeactionin: ['edit', 'view'] } },
        { field: 'month_from', spanClass: 'third' },
        { field: 'month_to', spanClass: 'third' },
      ],
    },
    {
      modelName: 'suggest',
      title: { zh: '建议分配设置', en: 'Suggestion settings' },
      form: [
        { field: 'min_lot', spanClass: 'third' },
        { field: 'early_cycles', spanClass: 'third' },
        { field: 'weight_kpi', spanClass: 'third' },
        { field: 'weight_grade', spanClass: 'third' },
        { field: 'weight_share', spanClass: 'third' },
        // Per-vendor KPI, share cap and target: a row per vendor (the field's declared entries).
        { field: 'vendor_settings', spanClass: 'full' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
});

/** Demand lines (spec 3: year, season, month, series, category, plan SKU, plan qty, plan amount) of a version. */
export const demandPage = definePage({
  opt: 'demand',
  cata: 'scm',
  kind: 'index',
  entity: 'demand',
  menu: { group: 'orders', order: 50, code: 'scm.allocation.demand' },
  title: { zh: '需求明细', en: 'Demand lines' },
  columns: [
    { field: 'version_id', width: 140, pinned: 'left' },
    'year',
    'season',
    'month',
    'series',
    'category',
    { field: 'plan_sku', width: 170 },
    { field: 'plan_qty', aggregate: 'sum' },
    { field: 'plan_amount', aggregate: 'sum' },
    { field: 'updated_at', width: 170 },
  ],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'import' }, { kind: 'export' }, { kind: 'history' }],
  quickSearch: ['plan_sku', 'series'],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'version_id', spanClass: 'half' },
        { field: 'season', spanClass: 'half' },
        { field: 'month', spanClass: 'half' },
        { field: 'series', spanClass: 'half' },
        { field: 'category', spanClass: 'half' },
        { field: 'plan_sku', spanClass: 'half' },
        { field: 'plan_qty', spanClass: 'half' },
        { field: 'plan_amount', spanClass: 'half' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
});

/**
 * The allocation workbench's grid (src/client/pages/allocation), a grid over the version's lines in
 * memory: one row per demand line of the version shown, in these columns of the `demand` fields
 * (headed by their labels, a dictionary's value by its label; text columns filter in the grid), then
 * the line's allocated and unallocated pieces (unallocated marked amber, over-allocated red), one
 * editable quantity column per vendor (over capacity, no capacity for the line's group, the planner's
 * kept cell, an edit not saved yet), the series; at the bottom per vendor its allocated pieces, its
 * capacity and its load, over the month tab shown. Month, SKU and demand stay at the left while the
 * vendors scroll; category and series scroll with them (pinned, they left the vendors no room at
 * 1366 px in English). What each computed cell holds is the workbench's ledger.
 */
export const workbenchGrid = defineMemoryGrid({
  entity: 'demand',
  lead: [
    { field: 'month', width: 84, pinned: 'left' },
    { field: 'plan_sku', width: 140, pinned: 'left' },
    { field: 'category', width: 90 },
    { field: 'plan_qty', width: 86, pinned: 'left' },
  ],
  // Quantities, read as the plan quantity is (3,950); English words are wider than their Chinese (issue 21).
  computed: [
    { key: 'allocated', label: 'alloc.col.allocated', type: 'integer', width: [78, 96], pinned: 'left' },
    { key: 'unallocated', label: 'alloc.col.unallocated', type: 'integer', width: [78, 110], pinned: 'left', marks: { positive: 'wb-unalloc', negative: 'wb-overalloc' } },
  ],
  members: { label: 'alloc.col.vendors', idPrefix: 'v', width: 104, marks: ['wb-over', 'wb-nocap', 'wb-locked', 'wb-dirty'], editable: 'quantity' },
  trail: [{ field: 'series', width: 96 }],
  footer: { rows: ['allocated', 'capacity', 'load'], labelColumn: 'plan_sku', label: 'alloc.pinned', className: 'wb-pinned' },
  tabField: 'month',
});

/** The lines a suggestion could not place (its result's table), before the quantity and the reason. */
export const unplacedColumns: ColumnDecl[] = ['month', 'category', 'plan_sku'];
