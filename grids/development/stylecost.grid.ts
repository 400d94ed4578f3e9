import { definePage } from '../../src/model';

/**
 * Costing versions of styles (issue 18): a new version copies the style's BOM for the colour costed
 * and its routing; the server prices it (src/model/style-costing.ts: materials with wastage,
 * processing at the minute rate, outsourcing, overhead, margin on the price) and supersedes the
 * version before, which is then locked.
 */
export const styleCostPage = definePage({
  opt: 'stylecost',
  cata: 'scm',
  kind: 'masterdetail',
  entity: 'stylecost',
  menu: { group: 'development', order: 20 },
  title: { zh: '款式核价', en: 'Style costing' },
  purpose: { zh: '按版本核算单件成本：物料（含损耗）、加工（标准工时×工价）、外发、管理费与毛利，得出报价。', en: 'Piece cost by version: materials with wastage, processing (SMV × minute rate), outsourcing, overhead and margin, giving the price.' },
  columns: [
    { field: 'cost_no', width: 160, pinned: 'left' },
    { field: 'style_id', width: 180 },
    { field: 'version_no', width: 80 },
    { field: 'status', width: 120 },
    { field: 'colour', width: 100 },
    { field: 'currency', width: 80 },
    { field: 'material_cost', width: 110 },
    { field: 'processing_cost', width: 110 },
    { field: 'outsourcing_cost', width: 110 },
    { field: 'overhead_cost', width: 100 },
    { field: 'total_cost', width: 110 },
    { field: 'margin_pct', width: 100 },
    { field: 'price', width: 110 },
    { field: 'smv', width: 120 },
    { field: 'minute_rate', width: 110 },
    { field: 'updated_at', width: 170 },
  ],
  statusTabs: [
    { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
    { key: 'draft', label: { zh: '草稿', en: 'Draft' }, filter: { status: 'draft' } },
    { key: 'confirmed', label: { zh: '已确认', en: 'Confirmed' }, filter: { status: 'confirmed' } },
    { key: 'superseded', label: { zh: '历史版本', en: 'Superseded' }, filter: { status: 'superseded' } },
  ],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'transition', action: 'confirm' }, { kind: 'export' }, { kind: 'history' }, { kind: 'view' }],
  quickSearch: ['cost_no'],
  form: [
    {
      modelName: 'base',
      title: { zh: '核价', en: 'Costing' },
      form: [
        { field: 'style_id', spanClass: 'third' },
        { field: 'colour', spanClass: 'third' },
        { field: 'currency', spanClass: 'third' },
        { field: 'minute_rate', spanClass: 'third' },
        { field: 'overhead_pct', spanClass: 'third' },
        { field: 'margin_pct', spanClass: 'third' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
    {
      modelName: 'result',
      title: { zh: '核价结果（服务器计算）', en: 'Result (computed by the server)' },
      form: ['cost_no', 'version_no', 'status', 'material_cost', 'processing_cost', 'outsourcing_cost', 'overhead_cost', 'total_cost', 'margin_amount', 'price', 'smv'].map((field) => ({
        field,
        spanClass: 'third' as const,
        readonly: true,
        isNotPost: true,
      })),
    },
  ],
  children: [
    { child: 'materials', columns: ['material_id', 'consumption', 'wastage_pct', 'unit_price', 'amount', 'seq'], editable: true },
    { child: 'processes', columns: ['seq', 'process_id', 'smv', 'outsourced', 'outsource_price', 'amount'], editable: true },
  ],
});
