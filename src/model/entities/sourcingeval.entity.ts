import { defineDictionary } from '../dictionaries';
import { defineEntity, type FieldErrors } from '../entity';
import { errorTexts } from '../errors/define';
import { sourcingevalErrors } from '../errors/sourcingeval';

/**
 * Evaluation configuration of supplier sourcing (spec 3 "evaluation config: category, item name, type,
 * options with score, weight, version; also option name"; spec 4 "evaluation config: inactive, then
 * active; activating a version retires the earlier active version"; spec 5 "Evaluation score input
 * cannot exceed the maximum or go below the minimum; a maximum of 0 is rejected", "Version number
 * already exists is rejected"). A scheme (code) has versions; a project scores its suppliers against
 * one active version. Server logic: src/server/services/sourcing.
 */
export const EVAL_CONFIG_MENU = 'srm.evalconfig';

export const evalItemType = defineDictionary({
  code: 'src_eval_item_type',
  label: { zh: '评分方式', en: 'Scoring' },
  items: [
    { value: 'score', label: { zh: '打分', en: 'Score' } },
    { value: 'option', label: { zh: '选项', en: 'Options' } },
  ],
});

export const evalCategory = defineDictionary({
  code: 'src_eval_category',
  label: { zh: '评估类别', en: 'Category' },
  items: [
    { value: 'price', label: { zh: '价格', en: 'Price' } },
    { value: 'quality', label: { zh: '质量', en: 'Quality' } },
    { value: 'delivery', label: { zh: '交付', en: 'Delivery' } },
    { value: 'capacity', label: { zh: '产能', en: 'Capacity' } },
    { value: 'service', label: { zh: '服务', en: 'Service' } },
    { value: 'compliance', label: { zh: '合规', en: 'Compliance' } },
  ],
});

/** "优:10;良:7;差:3" → options with their scores; null when the text does not parse. */
export function parseEvalOptions(text: unknown): Array<{ name: string; score: number }> | null {
  if (text === null || text === undefined || String(text).trim() === '') return [];
  const out: Array<{ name: string; score: number }> = [];
  for (const part of String(text).split(/[;；\n]/).map((s) => s.trim()).filter(Boolean)) {
    const m = /^(.+?)[:：]\s*(-?\d+(?:\.\d+)?)$/.exec(part);
    if (!m) return null;
    out.push({ name: m[1].trim(), score: Number(m[2]) });
  }
  return out;
}

/** Spec 5: the maximum is above 0, the minimum not above it, options parse, are unique and lie in the range. */
export function evalItemErrors(doc: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  const has = (k: string) => doc[k] !== null && doc[k] !== undefined && doc[k] !== '';
  if (has('max_score') && Number(doc.max_score) === 0) errors.max_score = 'src.eval.maxZero';
  else if (has('max_score') && has('min_score') && Number(doc.min_score) > Number(doc.max_score)) errors.min_score = 'src.eval.minAboveMax';
  if (has('weight') && !(Number(doc.weight) > 0)) errors.weight = 'src.eval.weightPositive';
  const options = parseEvalOptions(doc.options);
  if (options === null) errors.options = 'src.eval.badOptions';
  else if (new Set(options.map((o) => o.name)).size !== options.length) errors.options = 'src.eval.duplicateOption';
  else if (doc.item_type === 'option' && options.length === 0) errors.options = 'src.eval.optionsRequired';
  else if (has('max_score') && options.some((o) => o.score > Number(doc.max_score) || (has('min_score') && o.score < Number(doc.min_score)))) errors.options = 'src.eval.optionOutOfRange';
  return errors;
}

export const evalConfigItem = defineEntity({
  name: 'srcevalconfig_item',
  table: 'srm_src_evalconfig_item',
  prefix: 'srmapi',
  menuCode: EVAL_CONFIG_MENU,
  label: { zh: '评估项', en: 'Evaluation item' },
  titleField: 'item_name',
  childOnly: true,
  defaultSort: { field: 'id', dir: 'asc' },
  checks: [evalItemErrors],
  fields: [
    { key: 'category', label: { zh: '类别', en: 'Category' }, type: 'dict', dict: 'src_eval_category', required: true },
    { key: 'item_name', label: { zh: '评估项', en: 'Item' }, type: 'text', required: true, maxLength: 100 },
    { key: 'item_type', label: { zh: '评分方式', en: 'Scoring' }, type: 'dict', dict: 'src_eval_item_type', required: true, default: 'score' },
    { key: 'weight', label: { zh: '权重', en: 'Weight' }, type: 'decimal', required: true, rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'min_score', label: { zh: '最小值', en: 'Minimum' }, type: 'decimal', default: 0, rules: ['maxDecimals4'] },
    { key: 'max_score', label: { zh: '最大值', en: 'Maximum' }, type: 'decimal', required: true, rules: ['maxDecimals4'] },
    { key: 'options', label: { zh: '选项及分值', en: 'Options with score' }, type: 'text', maxLength: 500, help: { zh: '如 优:10;良:7;差:3', en: 'e.g. Good:10;Fair:7;Poor:3' } },
  ],
});

export const evalConfig = defineEntity({
  name: 'srcevalconfig',
  table: 'srm_src_evalconfig',
  prefix: 'srmapi',
  menuCode: EVAL_CONFIG_MENU,
  label: { zh: '评估方案', en: 'Evaluation scheme' },
  titleField: 'name',
  // Not the code field: a scheme's code repeats across its versions; (code, version) is unique (save hook).
  defaultSort: { field: 'created_at', dir: 'desc' },
  children: [{ key: 'items', label: { zh: '评估项', en: 'Items' }, entity: 'srcevalconfig_item', foreignKey: 'config_id' }],
  fields: [
    { key: 'code', label: { zh: '方案编码', en: 'Scheme code' }, type: 'code', required: true, rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'name', label: { zh: '方案名称', en: 'Scheme name' }, type: 'text', required: true, maxLength: 100 },
    { key: 'version_no', label: { zh: '版本号', en: 'Version' }, type: 'code', required: true, maxLength: 20 },
    { key: 'activated_at', label: { zh: '激活时间', en: 'Activated at' }, type: 'datetime', readonly: true },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 500 },
  ],
  messages: {
    'zh-CN': {
      ...errorTexts(sourcingevalErrors, 'zh-CN'),
      'src.eval.maxZero': '最大值不能为0',
      'src.eval.minAboveMax': '最小值不能大于最大值',
      'src.eval.weightPositive': '权重须大于0',
      'src.eval.badOptions': '选项格式应为 名称:分值，用分号分隔',
      'src.eval.duplicateOption': '选项名称不能重复',
      'src.eval.optionsRequired': '选项评分方式须填写选项及分值',
      'src.eval.optionOutOfRange': '选项分值须在最小值与最大值之间',
      'src.eval.versionExists': '版本号已存在',
      'src.score.unknownItem': '评估项不属于该项目的评估方案',
      'src.score.saved': '评分已保存',
    },
    en: {
      ...errorTexts(sourcingevalErrors, 'en'),
      'src.eval.maxZero': 'The maximum cannot be 0',
      'src.eval.minAboveMax': 'The minimum cannot be above the maximum',
      'src.eval.weightPositive': 'The weight must be above 0',
      'src.eval.badOptions': 'Options are name:score pairs separated by semicolons',
      'src.eval.duplicateOption': 'Option names must be unique',
      'src.eval.optionsRequired': 'An item scored by options needs its options with scores',
      'src.eval.optionOutOfRange': 'Option scores must lie between the minimum and the maximum',
      'src.eval.versionExists': 'Version number already exists',
      'src.score.unknownItem': 'The item is not in the project\'s evaluation scheme',
      'src.score.saved': 'Scores saved',
    },
  },
  states: {
    field: 'status',
    initial: 'inactive',
    states: [
      { code: 'inactive', label: { zh: '未激活', en: 'Inactive' }, color: 'subtle' },
      { code: 'active', label: { zh: '已激活', en: 'Active' }, color: 'success' },
      { code: 'retired', label: { zh: '已失效', en: 'Retired' }, color: 'subtle' },
    ],
    transitions: [
      { action: 'activate', label: { zh: '激活', en: 'Activate' }, from: ['inactive'], to: 'active', confirm: { zh: '激活本版本将使同一方案之前激活的版本失效，确定激活？', en: 'Activating this version retires the earlier active version of the scheme. Activate?' } },
    ],
    locked: ['active', 'retired'],
  },
});
