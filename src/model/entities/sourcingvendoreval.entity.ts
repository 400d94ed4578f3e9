import { defineEntity } from '../entity';
import { errorTexts } from '../errors/define';
import { sourcingvendorevalErrors } from '../errors/sourcingvendoreval';

/**
 * Supplier evaluation outside a project (spec 1 "supplier admission (access evaluation); supplier
 * evaluation and scorecards"; issue 16): the buyer scores one of its vendors against an active
 * evaluation scheme (sourcingeval.entity.ts), one row per scheme item, each score within the item's
 * minimum and maximum (spec 5). Completing it writes the weighted total and the grade it gives to the
 * vendor master record (A from 85, B from 70, C from 60, else D); an access evaluation admits the
 * vendor (activates a frozen one) when it passes (60 or more). The vendor's evaluations are its
 * scorecard. Server logic: src/server/services/sourcing/sourcing.vendoreval.ts.
 */
export const VENDOR_EVAL_MENU = 'srm.vendoreval';

export const vendorEvalScore = defineEntity({
  name: 'srcvendoreval_score',
  table: 'srm_src_vendoreval_score',
  prefix: 'srmapi',
  menuCode: VENDOR_EVAL_MENU,
  label: { zh: '评分', en: 'Score' },
  titleField: 'item_name',
  childOnly: true,
  defaultSort: { field: 'id', dir: 'asc' },
  fields: [
    { key: 'config_item_id', label: { zh: '评估项ID', en: 'Item id' }, type: 'integer', readonly: true },
    { key: 'item_name', label: { zh: '评估项', en: 'Item' }, type: 'text', readonly: true, maxLength: 100 },
    { key: 'weight', label: { zh: '权重', en: 'Weight' }, type: 'decimal', readonly: true },
    { key: 'min_score', label: { zh: '最小值', en: 'Minimum' }, type: 'decimal', readonly: true },
    { key: 'max_score', label: { zh: '最大值', en: 'Maximum' }, type: 'decimal', readonly: true },
    { key: 'score', label: { zh: '评分', en: 'Score' }, type: 'decimal', rules: ['maxDecimals4'] },
    { key: 'remark', label: { zh: '说明', en: 'Remark' }, type: 'text', maxLength: 200 },
  ],
});

export const vendorEval = defineEntity({
  name: 'srcvendoreval',
  table: 'srm_src_vendoreval',
  prefix: 'srmapi',
  menuCode: VENDOR_EVAL_MENU,
  label: { zh: '供应商评估', en: 'Supplier evaluation' },
  titleField: 'eval_no',
  codeField: 'eval_no',
  numbering: { field: 'eval_no', prefix: 'PG', datePrefix: 'YYMMDD', length: 4 },
  defaultSort: { field: 'created_at', dir: 'desc' },
  children: [{ key: 'scores', label: { zh: '评分', en: 'Scores' }, entity: 'srcvendoreval_score', foreignKey: 'eval_id' }],
  fields: [
    { key: 'eval_no', label: { zh: '评估单号', en: 'Evaluation no.' }, type: 'code', rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'vendor_id', label: { zh: '供应商', en: 'Vendor' }, type: 'reference', required: true, ref: { entity: 'vendor', labelField: 'name', codeField: 'code' } },
    { key: 'eval_config_id', label: { zh: '评估方案', en: 'Evaluation scheme' }, type: 'reference', required: true, ref: { entity: 'srcevalconfig', labelField: 'name' } },
    { key: 'is_access', label: { zh: '准入评估', en: 'Access evaluation' }, type: 'boolean', default: false, help: { zh: '通过（60分及以上）即准入：冻结的供应商恢复启用', en: 'Passing (60 or more) admits the vendor: a frozen vendor is activated' } },
    { key: 'eval_date', label: { zh: '评估日期', en: 'Evaluation date' }, type: 'date', default: '$$NOW$$' },
    { key: 'period', label: { zh: '评估周期', en: 'Period' }, type: 'text', maxLength: 40 },
    { key: 'total_score', label: { zh: '综合得分', en: 'Weighted score' }, type: 'decimal', readonly: true },
    { key: 'grade', label: { zh: '评定等级', en: 'Grade' }, type: 'dict', dict: 'vendor_grade', readonly: true },
    { key: 'passed', label: { zh: '通过', en: 'Passed' }, type: 'boolean', readonly: true },
    // Issue 35: who evaluated (a colleague or an outside auditor: free text, colleagues suggested) and
    // where the on-site evaluation was recorded (the device's "lat,lng", spec 3 runtimeLocation; never validated, spec 5).
    { key: 'auditor', label: { zh: '评估人', en: 'Auditor' }, type: 'text', maxLength: 100 },
    { key: 'site_location', label: { zh: '现场评估位置', en: 'On-site location' }, type: 'text', maxLength: 60, help: { zh: '在供应商现场点“定位”记录设备位置（纬度,经度）；取不到位置也可保存', en: 'At the vendor\'s site, "Locate" records the device\'s position (latitude,longitude); the evaluation saves without one too' } },
    { key: 'remark', label: { zh: '评估意见', en: 'Remark' }, type: 'textarea', maxLength: 1000 },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
  ],
  messages: {
    'zh-CN': {
      ...errorTexts(sourcingvendorevalErrors, 'zh-CN'),
      'src.veval.done': '评估完成：{{score}} 分，等级 {{grade}}',
    },
    en: {
      ...errorTexts(sourcingvendorevalErrors, 'en'),
      'src.veval.done': 'Evaluated: {{score}} points, grade {{grade}}',
    },
  },
  states: {
    field: 'status',
    initial: 'draft',
    states: [
      { code: 'draft', label: { zh: '评估中', en: 'In evaluation' }, color: 'informative' },
      { code: 'completed', label: { zh: '已完成', en: 'Completed' }, color: 'success' },
    ],
    transitions: [
      { action: 'complete', label: { zh: '完成评估', en: 'Complete' }, from: ['draft'], to: 'completed', confirm: { zh: '完成后将按得分更新供应商等级，确定完成？', en: 'Completing updates the vendor grade from the score. Complete?' } },
    ],
    locked: ['completed'],
  },
});
