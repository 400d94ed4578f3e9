import { definePage } from '../../src/model';

/**
 * Production lines as a master-detail page with two child grids: line members and line capacity.
 * The header shows the line's daily capacity in standard minutes as a calculated, not-posted field
 * (DOMAIN "Capacity": operators x working minutes x efficiency).
 */
const dailyMinutes = { targetFieldIdx: 'daily_minutes', expression: 'operators * work_minutes * efficiency / 100', fixed: 0 };

export const worklinePage = definePage({
  opt: 'workline',
  cata: 'md',
  kind: 'masterdetail',
  entity: 'workline',
  menu: { group: 'masterdata', order: 90, companies: ['maker'] },
  title: { zh: '产线', en: 'Production lines' },
  columns: [
    { field: 'code', width: 130, pinned: 'left' },
    { field: 'name', width: 200 },
    'workshop_id',
    'plant_id',
    { field: 'operators', aggregate: 'sum' },
    'work_minutes',
    'efficiency',
    'line_manager',
    { field: 'updated_at', width: 170 },
  ],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'import' }, { kind: 'export' }, { kind: 'history' }, { kind: 'view' }],
  form: [
    {
      modelName: 'base',
      title: { zh: '产线信息', en: 'Line' },
      form: [
        { field: 'code', spanClass: 'half' },
        { field: 'name', spanClass: 'half' },
        { field: 'workshop_id', spanClass: 'half' },
        { field: 'plant_id', spanClass: 'half' },
        { field: 'line_manager', spanClass: 'half' },
        { field: 'categories', spanClass: 'half' },
        { field: 'operators', spanClass: 'third', calcConfig: [dailyMinutes] },
        { field: 'work_minutes', spanClass: 'third', calcConfig: [dailyMinutes] },
        { field: 'efficiency', spanClass: 'third', calcConfig: [dailyMinutes] },
        {
          field: 'daily_minutes',
          label: '日产能(标准分钟)',
          labelEn: 'Daily capacity (standard minutes)',
          type: 'number',
          inputType: 'number',
          isNotPost: true,
          disable: true,
          spanClass: 'half',
          calcConfig: [dailyMinutes],
        },
        { field: 'learning_curve', spanClass: 'half' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
  children: [
    { child: 'members', columns: ['member_name', 'employee_no', 'user_id', 'skill', 'is_leader', 'join_date'], editable: true },
    { child: 'capacities', columns: ['cap_date', 'cap_month', 'capacity_pcs', 'capacity_minutes', 'remark'], editable: true },
    { child: 'sams', columns: ['category', 'sam', 'remark'], editable: true },
  ],
});
