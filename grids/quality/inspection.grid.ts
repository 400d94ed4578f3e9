import { definePage, type ColumnDecl } from '../../src/model';
import { inspection } from '../../src/model/entities/inspection.entity';
import { QUALITY_ROLES } from './menu';

/**
 * Inspection records (issue 18): entered at the inspection station; here listed by state and result,
 * submitted and re-inspected (a failed record gets a new draft linked to it), exported.
 */
const states = inspection.states!;
const tab = (code: string) => ({ key: code, label: states.states.find((s) => s.code === code)!.label, filter: { status: code } });

const columns: ColumnDecl[] = [
  { field: 'insp_no', width: 160, pinned: 'left' },
  { field: 'status', width: 100 },
  { field: 'result', width: 100 },
  { field: 'stage', width: 110 },
  { field: 'order_id', width: 150 },
  { field: 'style_no', width: 120 },
  { field: 'lot_size', width: 100, aggregate: 'sum' },
  { field: 'level', width: 140 },
  { field: 'aql', width: 80 },
  { field: 'code_letter', width: 100 },
  { field: 'sample_size', width: 100 },
  { field: 'ac', width: 100 },
  { field: 're', width: 100 },
  { field: 'critical_qty', width: 100, aggregate: 'sum' },
  { field: 'major_qty', width: 100, aggregate: 'sum' },
  { field: 'minor_qty', width: 100, aggregate: 'sum' },
  { field: 'inspector', width: 110 },
  { field: 'inspected_at', width: 170 },
  { field: 'reinspect_of', width: 150 },
  { field: 'reinspection_id', width: 150 },
  { field: 'plan_id', width: 150 },
  { field: 'workorder_id', width: 170 },
  { field: 'outsource_id', width: 150 },
];

const VIEW_ONLY = { readonly: true, isNotPost: true } as const;

export const inspectionPage = definePage({
  opt: 'qminspection',
  cata: 'scm',
  kind: 'index',
  entity: 'inspection',
  menu: { group: 'quality', order: 20, roles: QUALITY_ROLES, companies: ['maker'] },
  title: { zh: '质检记录', en: 'Inspections' },
  purpose: { zh: '各阶段的 AQL 抽样检验：抽样数与 Ac/Re 由批量、检验水平和 AQL 计算；出货检验不合格时订单不能完成。', en: 'AQL inspections by stage: sample size and Ac/Re from lot size, level and AQL; a failed final inspection keeps its order from being finished.' },
  columns,
  statusTabs: [
    { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
    tab('draft'),
    tab('submitted'),
    tab('reinspected'),
    { key: 'fail', label: { zh: '不合格', en: 'Failed' }, filter: { result: 'fail' } },
  ],
  actions: [{ kind: 'transition', action: 'submit' }, { kind: 'transition', action: 'reinspect' }, { kind: 'export' }, { kind: 'history' }, { kind: 'view' }],
  quickSearch: ['insp_no', 'style_no'],
  form: [
    {
      modelName: 'base',
      title: { zh: '质检记录', en: 'Inspection' },
      form: ['insp_no', 'status', 'result', 'stage', 'order_id', 'plan_id', 'workorder_id', 'outsource_id', 'style_no', 'lot_size', 'level', 'aql', 'code_letter', 'sample_size', 'ac', 're', 'critical_qty', 'major_qty', 'minor_qty', 'inspector', 'inspected_at', 'reinspect_of', 'reinspection_id', 'remark'].map((field) => ({ field, spanClass: 'third' as const, ...VIEW_ONLY })),
    },
  ],
});
