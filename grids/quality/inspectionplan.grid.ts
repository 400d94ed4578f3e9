import { definePage } from '../../src/model';
import { QUALITY_ROLES } from './menu';

/** Inspection plans (issue 18): which stage at which level and AQL, for all orders, a customer, a category, one order or one process. */
export const inspectionPlanPage = definePage({
  opt: 'qminspectionplan',
  cata: 'scm',
  kind: 'index',
  entity: 'inspectionplan',
  menu: { group: 'quality', order: 25, roles: QUALITY_ROLES, companies: ['maker'] },
  title: { zh: '检验方案', en: 'Inspection plans' },
  purpose: {
    zh: '按客户、品类、订单或工序约定各检验阶段的检验水平与 AQL；最具体的启用方案决定质检记录的抽样方案，出货前必检的方案要求订单先通过出货检验。',
    en: 'The level and AQL of each inspection stage by customer, category, order or process; the most specific active plan decides a record\'s sampling, and a plan required before shipment holds the order until a final inspection passes.',
  },
  columns: [
    { field: 'code', width: 130, pinned: 'left' },
    { field: 'name', width: 200 },
    { field: 'stage', width: 110 },
    { field: 'customer_id', width: 170 },
    { field: 'category', width: 110 },
    { field: 'order_id', width: 150 },
    { field: 'process_id', width: 120 },
    { field: 'level', width: 90 },
    { field: 'aql', width: 80 },
    { field: 'required', width: 120 },
    { field: 'status', width: 90 },
    { field: 'updated_at', width: 170 },
  ],
  statusTabs: [
    { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
    { key: 'inline', label: { zh: '中期检验', en: 'Inline' }, filter: { stage: 'inline' } },
    { key: 'endline', label: { zh: '尾期检验', en: 'End-line' }, filter: { stage: 'endline' } },
    { key: 'final', label: { zh: '出货检验', en: 'Final' }, filter: { stage: 'final' } },
  ],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'import' }, { kind: 'export' }, { kind: 'history' }],
  quickSearch: ['code', 'name'],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'code', spanClass: 'half' },
        { field: 'name', spanClass: 'half' },
        { field: 'stage', spanClass: 'half' },
        { field: 'status', spanClass: 'half' },
        { field: 'customer_id', spanClass: 'half' },
        { field: 'category', spanClass: 'half' },
        { field: 'order_id', spanClass: 'half' },
        { field: 'process_id', spanClass: 'half' },
        { field: 'level', spanClass: 'half' },
        { field: 'aql', spanClass: 'half' },
        { field: 'required', spanClass: 'half' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
});
