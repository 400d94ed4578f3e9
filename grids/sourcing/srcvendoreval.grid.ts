import { definePage } from '../../src/model';

/**
 * Supplier evaluation and access evaluation (spec 1 "supplier admission (access evaluation); supplier
 * evaluation and scorecards"): a vendor scored on an active scheme's items; completing it grades the
 * vendor, and a passed access evaluation admits a frozen vendor. Filtered by vendor, the list is the
 * vendor's scorecard over time.
 */
export const vendorEvalPage = definePage({
  opt: 'srcvendoreval',
  cata: 'srm',
  kind: 'masterdetail',
  entity: 'srcvendoreval',
  menu: { group: 'sourcing', order: 60 },
  title: { zh: '供应商评估', en: 'Supplier evaluations' },
  purpose: { zh: '按评估方案为供应商评分（含准入评估）：完成后更新供应商等级，准入评估通过即启用供应商。', en: 'Score vendors on an evaluation scheme (access evaluations too): completing grades the vendor, a passed access evaluation admits it.' },
  columns: [
    { field: 'eval_no', width: 150, pinned: 'left' },
    { field: 'vendor_id', width: 200 },
    { field: 'status', width: 90 },
    { field: 'is_access', width: 100 },
    { field: 'eval_config_id', width: 180 },
    'eval_date',
    { field: 'period', width: 100 },
    { field: 'total_score', width: 100 },
    { field: 'grade', width: 110 },
    { field: 'passed', width: 80 },
    { field: 'auditor', width: 110 },
    { field: 'site_location', width: 170 },
  ],
  statusTabs: [
    { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
    { key: 'draft', label: { zh: '评估中', en: 'In evaluation' }, filter: { status: 'draft' } },
    { key: 'completed', label: { zh: '已完成', en: 'Completed' }, filter: { status: 'completed' } },
  ],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'transition', action: 'complete' }, { kind: 'export' }, { kind: 'history' }, { kind: 'view' }],
  quickSearch: ['eval_no'],
  form: [
    {
      modelName: 'base',
      title: { zh: '评估信息', en: 'Evaluation' },
      form: [
        { field: 'eval_no', spanClass: 'third' },
        { field: 'vendor_id', spanClass: 'third' },
        { field: 'eval_config_id', spanClass: 'third', source: { entity: 'srcevalconfig', filter: { status: 'active' } } },
        { field: 'is_access', spanClass: 'third' },
        { field: 'eval_date', spanClass: 'third' },
        { field: 'period', spanClass: 'third' },
        // Free text with the company's people as suggestions (an outside auditor is typed as is).
        { field: 'auditor', spanClass: 'third', type: 'autocomplete', source: { entity: 'user' }, optionConfig: { valueField: 'fullname', labelField: 'fullname' } },
        // The device's position where the evaluation is done on site (spec 5: never validated).
        { field: 'site_location', spanClass: 'third', type: 'runtimeLocation' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
  children: [{ child: 'scores', columns: ['item_name', 'weight', 'min_score', 'max_score', 'score', 'remark'], editable: true }],
});
