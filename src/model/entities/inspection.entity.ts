import { AQL_LEVELS, AQL_VALUES } from '../aql';
import { defineDictionary } from '../dictionaries';
import { defineEntity, type DocumentCheck } from '../entity';
import { errorTexts } from '../errors/define';
import { inspectionErrors } from '../errors/inspection';

/**
 * Quality inspection (issue 18 "Quality inspection"): a defect catalogue by category with severity,
 * and inspection records by order, plan, work order or outsourced order at a stage (inline, end-line,
 * final) with AQL single sampling. The sample size, code letter and Ac/Re are computed by the server
 * from the lot size, level and AQL (src/model/aql.ts); the result (pass / fail) by the submit action
 * from the defects found. A failed final inspection blocks finishing its customer order
 * (services/quality). Records are entered at the inspection workstation page
 * (/zp/quality/index/inspectstation), not in a form drawer.
 */
export const INSPECTION_MENU = 'qm.inspection';
export const DEFECT_MENU = 'qm.defect';
export const INSPECTION_PLAN_MENU = 'qm.inspectionplan';
/** The brand's read-only view of its own orders' results (through its order shares). */
export const INSPECTION_BRAND_MENU = 'qm.inspection.brand';

export const defectCategory = defineDictionary({
  code: 'defect_category',
  label: { zh: '疵点类别', en: 'Defect category' },
  items: [
    { value: 'fabric', label: { zh: '面料', en: 'Fabric' } },
    { value: 'sewing', label: { zh: '车缝', en: 'Sewing' } },
    { value: 'measurement', label: { zh: '尺寸', en: 'Measurement' } },
    { value: 'appearance', label: { zh: '外观', en: 'Appearance' } },
    { value: 'trims', label: { zh: '辅料', en: 'Trims' } },
    { value: 'packing', label: { zh: '包装', en: 'Packing' } },
    { value: 'safety', label: { zh: '安全', en: 'Safety' } },
  ],
});

export const defectSeverity = defineDictionary({
  code: 'defect_severity',
  label: { zh: '严重程度', en: 'Severity' },
  items: [
    { value: 'critical', label: { zh: '致命', en: 'Critical' } },
    { value: 'major', label: { zh: '严重', en: 'Major' } },
    { value: 'minor', label: { zh: '轻微', en: 'Minor' } },
  ],
});

export const inspectionStage = defineDictionary({
  code: 'inspection_stage',
  label: { zh: '检验阶段', en: 'Inspection stage' },
  items: [
    { value: 'inline', label: { zh: '中期检验', en: 'Inline' } },
    { value: 'endline', label: { zh: '尾期检验', en: 'End-line' } },
    { value: 'final', label: { zh: '出货检验', en: 'Final' } },
  ],
});

export const aqlLevel = defineDictionary({
  code: 'aql_level',
  label: { zh: '检验水平', en: 'Inspection level' },
  items: AQL_LEVELS.map((l) => ({ value: l, label: { zh: `一般检验水平 ${l}`, en: `General level ${l}` } })),
});

export const aqlValue = defineDictionary({
  code: 'aql_value',
  label: { zh: 'AQL', en: 'AQL' },
  items: AQL_VALUES.map((v) => ({ value: v.toFixed(v < 1 ? 2 : 1), label: { zh: v.toFixed(v < 1 ? 2 : 1), en: v.toFixed(v < 1 ? 2 : 1) } })),
});

export const inspectionResult = defineDictionary({
  code: 'inspection_result',
  label: { zh: '检验结果', en: 'Result' },
  items: [
    { value: 'pass', label: { zh: '合格', en: 'Pass' } },
    { value: 'fail', label: { zh: '不合格', en: 'Fail' } },
  ],
});

export const inspectionStatus = defineDictionary({
  code: 'inspection_status',
  label: { zh: '检验状态', en: 'Inspection status' },
  items: [
    { value: 'draft', label: { zh: '草稿', en: 'Draft' } },
    { value: 'submitted', label: { zh: '已提交', en: 'Submitted' } },
    { value: 'reinspected', label: { zh: '已复检', en: 'Re-inspected' } },
  ],
});

export const defect = defineEntity({
  name: 'defect',
  table: 'qm_defect',
  prefix: 'scmapi',
  menuCode: DEFECT_MENU,
  label: { zh: '疵点', en: 'Defect' },
  titleField: 'name',
  codeField: 'code',
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    // Typed at the workstation: short, upper case (D01, S12).
    { key: 'code', label: { zh: '疵点代码', en: 'Defect code' }, type: 'code', required: true, unique: true, upperCase: true, rules: ['english'], maxLength: 20 },
    { key: 'name', label: { zh: '疵点名称', en: 'Defect name' }, type: 'text', required: true, maxLength: 100 },
    { key: 'name_en', label: { zh: '英文名称', en: 'English name' }, type: 'text', maxLength: 100 },
    { key: 'category', label: { zh: '疵点类别', en: 'Category' }, type: 'dict', dict: 'defect_category', required: true },
    { key: 'severity', label: { zh: '严重程度', en: 'Severity' }, type: 'dict', dict: 'defect_severity', required: true, default: 'minor' },
    { key: 'enabled', label: { zh: '启用', en: 'Enabled' }, type: 'boolean', default: true },
    { key: 'remark', label: { zh: '说明', en: 'Description' }, type: 'textarea', maxLength: 500 },
  ],
});

/** One defect found in an inspection's sample: the catalogue's defect, how many, its photos. */
export const inspectionDefect = defineEntity({
  name: 'inspection_defect',
  table: 'qm_inspection_defect',
  prefix: 'scmapi',
  menuCode: INSPECTION_MENU,
  label: { zh: '检验疵点', en: 'Defect found' },
  titleField: 'defect_id',
  childOnly: true,
  omitFromForm: 'Entered at the inspection workstation page (/zp/quality/index/inspectstation) with its inspection.',
  defaultSort: { field: 'seq', dir: 'asc' },
  fields: [
    { key: 'defect_id', label: { zh: '疵点', en: 'Defect' }, type: 'reference', required: true, ref: { entity: 'defect', labelField: 'name', codeField: 'code' } },
    // Copied from the catalogue when written, so a later change of the catalogue leaves the verdict as it was.
    { key: 'severity', label: { zh: '严重程度', en: 'Severity' }, type: 'dict', dict: 'defect_severity', readonly: true },
    { key: 'qty', label: { zh: '疵点数', en: 'Count' }, type: 'integer', required: true, rules: ['naturalNumber'] },
    // Addresses of the photos uploaded at the workstation (/api/crossapi/ccommonapi/files/<id>).
    { key: 'photos', label: { zh: '照片', en: 'Photos' }, type: 'json' },
    { key: 'seq', label: { zh: '序号', en: 'Seq' }, type: 'integer' },
  ],
});

// A final inspection is of an order: its verdict decides whether the order may be finished (shipped).
const finalNeedsOrder: DocumentCheck = (doc): Record<string, string> =>
  doc.stage === 'final' && (doc.order_id === null || doc.order_id === undefined || doc.order_id === '') ? { order_id: 'qm.finalNeedsOrder' } : {};

export const inspection = defineEntity({
  name: 'inspection',
  table: 'qm_inspection',
  prefix: 'scmapi',
  menuCode: INSPECTION_MENU,
  label: { zh: '质检记录', en: 'Inspection' },
  titleField: 'insp_no',
  codeField: 'insp_no',
  omitFromForm: 'Entered at the inspection workstation page (/zp/quality/index/inspectstation): defect codes typed or picked, counts with +/- keys; the list shows and acts on records.',
  numbering: { field: 'insp_no', prefix: 'QC', datePrefix: 'YYMMDD', length: 4 },
  defaultSort: { field: 'created_at', dir: 'desc' },
  children: [{ key: 'defects', label: { zh: '疵点明细', en: 'Defects found' }, entity: 'inspection_defect', foreignKey: 'inspection_id' }],
  checks: [finalNeedsOrder],
  fields: [
    { key: 'insp_no', label: { zh: '检验单号', en: 'Inspection no.' }, type: 'code', maxLength: 40 },
    { key: 'stage', label: { zh: '检验阶段', en: 'Stage' }, type: 'dict', dict: 'inspection_stage', required: true, default: 'final' },
    { key: 'order_id', label: { zh: '客户订单', en: 'Customer order' }, type: 'reference', ref: { entity: 'customerorder', labelField: 'order_no', codeField: 'order_no' } },
    { key: 'plan_id', label: { zh: '生产计划', en: 'Production plan' }, type: 'reference', ref: { entity: 'prodplan', labelField: 'plan_no', codeField: 'plan_no' } },
    { key: 'workorder_id', label: { zh: '工单', en: 'Work order' }, type: 'reference', ref: { entity: 'workorder', labelField: 'wo_no', codeField: 'wo_no' } },
    { key: 'outsource_id', label: { zh: '外发单', en: 'Outsourced order' }, type: 'reference', ref: { entity: 'outsourceorder', labelField: 'os_no', codeField: 'os_no' } },
    { key: 'style_no', label: { zh: '款号', en: 'Style no.' }, type: 'text', maxLength: 200 },
    { key: 'lot_size', label: { zh: '批量', en: 'Lot size' }, type: 'integer', required: true, rules: ['naturalNumber'] },
    { key: 'level', label: { zh: '检验水平', en: 'Level' }, type: 'dict', dict: 'aql_level', required: true, default: 'II' },
    { key: 'aql', label: { zh: 'AQL', en: 'AQL' }, type: 'dict', dict: 'aql_value', required: true, default: '2.5' },
    // The inspection plan whose level and AQL the record follows (the most specific active plan for its stage, order and process; set by the server).
    { key: 'insp_plan_id', label: { zh: '检验方案', en: 'Inspection plan' }, type: 'reference', readonly: true, ref: { entity: 'inspectionplan', labelField: 'name', codeField: 'code' } },
    // The sampling plan: computed by the server from lot size, level and AQL (ISO 2859-1 tables I and II-A).
    { key: 'code_letter', label: { zh: '样本字码', en: 'Code letter' }, type: 'text', maxLength: 2, readonly: true },
    { key: 'sample_size', label: { zh: '抽样数', en: 'Sample size' }, type: 'integer', readonly: true },
    { key: 'ac', label: { zh: '允收数 Ac', en: 'Accept Ac' }, type: 'integer', readonly: true },
    { key: 're', label: { zh: '拒收数 Re', en: 'Reject Re' }, type: 'integer', readonly: true },
    { key: 'critical_qty', label: { zh: '致命疵点', en: 'Critical' }, type: 'integer', readonly: true, default: 0 },
    { key: 'major_qty', label: { zh: '严重疵点', en: 'Major' }, type: 'integer', readonly: true, default: 0 },
    { key: 'minor_qty', label: { zh: '轻微疵点', en: 'Minor' }, type: 'integer', readonly: true, default: 0 },
    { key: 'result', label: { zh: '检验结果', en: 'Result' }, type: 'dict', dict: 'inspection_result', readonly: true },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', dict: 'inspection_status', default: 'draft' },
    { key: 'inspector', label: { zh: '检验员', en: 'Inspector' }, type: 'text', maxLength: 100 },
    { key: 'inspected_at', label: { zh: '提交时间', en: 'Submitted at' }, type: 'datetime', readonly: true },
    { key: 'reinspect_of', label: { zh: '复检原单', en: 'Re-inspection of' }, type: 'reference', readonly: true, ref: { entity: 'inspection', labelField: 'insp_no', codeField: 'insp_no' } },
    { key: 'reinspection_id', label: { zh: '复检单', en: 'Re-inspection' }, type: 'reference', readonly: true, ref: { entity: 'inspection', labelField: 'insp_no', codeField: 'insp_no' } },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 1000 },
  ],
  states: {
    field: 'status',
    initial: 'draft',
    states: [
      { code: 'draft', label: { zh: '草稿', en: 'Draft' }, color: 'informative' },
      { code: 'submitted', label: { zh: '已提交', en: 'Submitted' }, color: 'brand' },
      { code: 'reinspected', label: { zh: '已复检', en: 'Re-inspected' }, color: 'subtle' },
    ],
    // Effects: src/server/services/quality/quality.actions.ts (verdict on submit, the new record on re-inspect).
    transitions: [
      { action: 'submit', label: { zh: '提交结果', en: 'Submit result' }, from: ['draft'], to: 'submitted', confirm: { zh: '提交后按抽样方案判定合格或不合格，不能再修改。确定？', en: 'Submitting judges the sample against its plan and locks the record. Continue?' } },
      { action: 'reinspect', label: { zh: '复检', en: 'Re-inspect' }, from: ['submitted'], to: 'reinspected' },
    ],
    locked: ['submitted', 'reinspected'],
  },
  messages: {
    'zh-CN': {
      ...errorTexts(inspectionErrors, 'zh-CN'),
      'qm.finalNeedsOrder': '出货检验须选择客户订单',
      'qm.badLot': '批量须为正整数',
      'qm.defectDisabled': '疵点 {{code}} 已停用',
      'qm.result.pass': '合格',
      'qm.result.fail': '不合格',
    },
    en: {
      ...errorTexts(inspectionErrors, 'en'),
      'qm.finalNeedsOrder': 'A final inspection needs its customer order',
      'qm.badLot': 'The lot size must be a whole number of at least 1',
      'qm.defectDisabled': 'Defect {{code}} is disabled',
      'qm.result.pass': 'Pass',
      'qm.result.fail': 'Fail',
    },
  },
});

/**
 * An inspection plan (issue 18): which stage is inspected, at which level and AQL, for which orders:
 * all, a customer's, a category's, one order's, or at one process (inline and end-line at sewing,
 * say). The most specific active plan for a record's stage, order and process decides its level and
 * AQL (the customer's AQL is contractual, the inspector does not choose it); a plan marked required
 * for the final stage means an order it covers is finished (shipped) only after a final inspection
 * passed. Resolution and the guards: src/server/services/quality/quality.plans.ts.
 */
export const inspectionPlan = defineEntity({
  name: 'inspectionplan',
  table: 'qm_inspection_plan',
  prefix: 'scmapi',
  menuCode: INSPECTION_PLAN_MENU,
  label: { zh: '检验方案', en: 'Inspection plan' },
  titleField: 'name',
  codeField: 'code',
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    { key: 'code', label: { zh: '方案编码', en: 'Plan code' }, type: 'code', required: true, unique: true, upperCase: true, rules: ['english'], maxLength: 40 },
    { key: 'name', label: { zh: '方案名称', en: 'Plan name' }, type: 'text', required: true, maxLength: 100 },
    { key: 'stage', label: { zh: '检验阶段', en: 'Stage' }, type: 'dict', dict: 'inspection_stage', required: true, default: 'final' },
    { key: 'customer_id', label: { zh: '客户', en: 'Customer' }, type: 'reference', ref: { entity: 'customer', labelField: 'name', codeField: 'code' } },
    { key: 'category', label: { zh: '品类', en: 'Category' }, type: 'dict', dict: 'product_category' },
    { key: 'order_id', label: { zh: '客户订单', en: 'Customer order' }, type: 'reference', ref: { entity: 'customerorder', labelField: 'order_no', codeField: 'order_no' } },
    { key: 'process_id', label: { zh: '工序', en: 'Process' }, type: 'reference', ref: { entity: 'process', labelField: 'name', codeField: 'code' } },
    { key: 'level', label: { zh: '检验水平', en: 'Level' }, type: 'dict', dict: 'aql_level', required: true, default: 'II' },
    { key: 'aql', label: { zh: 'AQL', en: 'AQL' }, type: 'dict', dict: 'aql_value', required: true, default: '2.5' },
    { key: 'required', label: { zh: '出货前必检', en: 'Required before shipment' }, type: 'boolean', help: { zh: '出货检验方案：所覆盖的订单须有一次合格的出货检验才能完成出货', en: 'Final-stage plans: an order it covers is finished only after a final inspection passed' } },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', dict: 'enable_status', default: 'active' },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 500 },
  ],
  checks: [
    // "Required" holds goods back at shipment: it means something for final inspections only.
    (doc): Record<string, string> => (doc.required === true && doc.stage !== 'final' ? { required: 'qm.plan.requiredFinalOnly' } : {}),
  ],
  messages: {
    'zh-CN': {
      ...errorTexts(inspectionErrors, 'zh-CN'),
      'qm.plan.requiredFinalOnly': '只有出货检验方案可以设为出货前必检',
    },
    en: {
      ...errorTexts(inspectionErrors, 'en'),
      'qm.plan.requiredFinalOnly': 'Only a final-stage plan can be required before shipment',
    },
  },
});
