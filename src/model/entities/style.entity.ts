import { defineDictionary } from '../dictionaries';
import { defineEntity, type DocumentCheck } from '../entity';
import { errorTexts } from '../errors/define';
import { styleErrors } from '../errors/style';

/**
 * Product development (issue 18): a company's styles with their bill of materials by colour, routing
 * of processes with standard minutes, tech pack and costing versions. A style approved here carries
 * into requirement orders (category, colours x sizes, BOM) and production plans (its routing's
 * standard minutes); see docs/architecture-development.md. Rules with other rows (approved styles
 * locked, BOM prices from the material master, version numbers, superseded versions) live in
 * src/server/services/development.
 */
export const STYLE_MENU = 'dev.style';
export const STYLE_COST_MENU = 'dev.stylecost';

export const techpackKind = defineDictionary({
  code: 'techpack_kind',
  label: { zh: '工艺资料类型', en: 'Tech pack document' },
  items: [
    { value: 'sketch', label: { zh: '款式图', en: 'Sketch' } },
    { value: 'spec', label: { zh: '工艺单', en: 'Spec sheet' } },
    { value: 'measurement', label: { zh: '尺寸表', en: 'Measurement chart' } },
    { value: 'pattern', label: { zh: '纸样', en: 'Pattern' } },
    { value: 'artwork', label: { zh: '印绣花稿', en: 'Artwork' } },
    { value: 'other', label: { zh: '其他', en: 'Other' } },
  ],
});

/** "S,M,L,XL" or "S M L XL" → ['S', 'M', 'L', 'XL'] (sizes and colours are typed as one list). */
export function listOf(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return [...new Set(text.split(/[,，、;；/\s]+/).map((x) => x.trim()).filter(Boolean))];
}

/** A BOM line of a style: a material of the master data used per piece, for one colour or (empty) every colour. */
export const styleBom = defineEntity({
  name: 'style_bom',
  table: 'dev_style_bom',
  prefix: 'scmapi',
  menuCode: STYLE_MENU,
  label: { zh: 'BOM物料', en: 'BOM line' },
  titleField: 'material_id',
  childOnly: true,
  defaultSort: { field: 'seq', dir: 'asc' },
  fields: [
    // Empty: the line holds for every colour of the style (thread, labels); else one of its colours.
    { key: 'colour', label: { zh: '颜色（空=全部）', en: 'Colour (empty: all)' }, type: 'text', maxLength: 40 },
    { key: 'material_id', label: { zh: '物料', en: 'Material' }, type: 'reference', required: true, ref: { entity: 'material', labelField: 'name', codeField: 'code' } },
    { key: 'unit', label: { zh: '单位', en: 'Unit' }, type: 'dict', dict: 'unit' },
    { key: 'consumption', label: { zh: '单耗', en: 'Consumption per piece' }, type: 'decimal', required: true, rules: ['gt0Number', 'maxDecimals4'] },
    { key: 'wastage_pct', label: { zh: '损耗率%', en: 'Wastage %' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'], default: 0 },
    // Empty: the material's price from the master data, filled when written.
    { key: 'unit_price', label: { zh: '单价', en: 'Unit price' }, type: 'money', rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'position', label: { zh: '使用部位', en: 'Placement' }, type: 'text', maxLength: 60 },
    { key: 'seq', label: { zh: '序号', en: 'Seq' }, type: 'integer' },
  ],
});

/** A routing step of a style: a process of the master data with its standard minutes per piece. */
export const styleRouting = defineEntity({
  name: 'style_routing',
  table: 'dev_style_routing',
  prefix: 'scmapi',
  menuCode: STYLE_MENU,
  label: { zh: '工艺路线', en: 'Routing step' },
  titleField: 'process_id',
  childOnly: true,
  defaultSort: { field: 'seq', dir: 'asc' },
  fields: [
    { key: 'seq', label: { zh: '序号', en: 'Seq' }, type: 'integer', required: true, rules: ['naturalNumber'] },
    { key: 'process_id', label: { zh: '工序', en: 'Process' }, type: 'reference', required: true, ref: { entity: 'process', labelField: 'name', codeField: 'code' } },
    { key: 'smv', label: { zh: '标准工时(分钟/件)', en: 'SMV (minutes per piece)' }, type: 'decimal', required: true, rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'outsourced', label: { zh: '外发', en: 'Outsourced' }, type: 'boolean', default: false },
    { key: 'outsource_price', label: { zh: '外发单价', en: 'Outsourced price' }, type: 'money', rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'remark', label: { zh: '工艺要求', en: 'Instructions' }, type: 'text', maxLength: 200 },
  ],
});

/** A tech pack document of a style (sketch, spec sheet, measurement chart...): its stored file's address. */
export const styleAttachment = defineEntity({
  name: 'style_attachment',
  table: 'dev_style_attachment',
  prefix: 'scmapi',
  menuCode: STYLE_MENU,
  label: { zh: '工艺资料', en: 'Tech pack document' },
  titleField: 'name',
  childOnly: true,
  fields: [
    { key: 'kind', label: { zh: '类型', en: 'Kind' }, type: 'dict', dict: 'techpack_kind', required: true, default: 'spec' },
    { key: 'name', label: { zh: '名称', en: 'Name' }, type: 'text', required: true, maxLength: 200 },
    { key: 'url', label: { zh: '文件', en: 'File' }, type: 'image', maxLength: 500 },
    { key: 'remark', label: { zh: '说明', en: 'Note' }, type: 'text', maxLength: 200 },
  ],
});

// Spec 5-style check of the style's lists: at least one colour and one size.
const coloursAndSizes: DocumentCheck = (doc) => {
  const e: Record<string, string> = {};
  if (doc.colours !== undefined && !listOf(doc.colours).length) e.colours = 'dev.style.needColours';
  if (doc.size_range !== undefined && !listOf(doc.size_range).length) e.size_range = 'dev.style.needSizes';
  return e;
};

export const style = defineEntity({
  name: 'style',
  table: 'dev_style',
  prefix: 'scmapi',
  menuCode: STYLE_MENU,
  label: { zh: '款式', en: 'Style' },
  titleField: 'name',
  codeField: 'code',
  pickerDetail: 'code',
  defaultSort: { field: 'code', dir: 'asc' },
  children: [
    { key: 'bom', label: { zh: 'BOM（按颜色）', en: 'Bill of materials (by colour)' }, entity: 'style_bom', foreignKey: 'style_id' },
    { key: 'routing', label: { zh: '工艺路线', en: 'Routing' }, entity: 'style_routing', foreignKey: 'style_id' },
    { key: 'techpack', label: { zh: '工艺资料包', en: 'Tech pack' }, entity: 'style_attachment', foreignKey: 'style_id' },
  ],
  checks: [coloursAndSizes],
  fields: [
    { key: 'code', label: { zh: '款号', en: 'Style no.' }, type: 'code', required: true, unique: true, upperCase: true, rules: ['english'], maxLength: 40 },
    { key: 'name', label: { zh: '款式名称', en: 'Style name' }, type: 'text', required: true, maxLength: 100 },
    { key: 'year', label: { zh: '年份', en: 'Year' }, type: 'integer', grouping: false, rules: ['naturalNumber'] },
    { key: 'season', label: { zh: '季节', en: 'Season' }, type: 'dict', dict: 'season', required: true, default: 'SS' },
    { key: 'category', label: { zh: '品类', en: 'Category' }, type: 'dict', dict: 'product_category', required: true },
    { key: 'customer_id', label: { zh: '客户', en: 'Customer' }, type: 'reference', ref: { entity: 'customer', labelField: 'name', codeField: 'code' } },
    { key: 'size_range', label: { zh: '尺码段', en: 'Size range' }, type: 'text', required: true, maxLength: 200, help: { zh: '以逗号分隔，如 S,M,L,XL', en: 'Comma separated, e.g. S,M,L,XL' } },
    { key: 'colours', label: { zh: '颜色', en: 'Colours' }, type: 'text', required: true, maxLength: 300, help: { zh: '以逗号分隔，如 黑色,白色', en: 'Comma separated, e.g. Black,White' } },
    { key: 'image', label: { zh: '款式图', en: 'Image' }, type: 'image', maxLength: 500 },
    { key: 'designer', label: { zh: '设计师', en: 'Designer' }, type: 'text', maxLength: 60 },
    { key: 'fabric_desc', label: { zh: '面料描述', en: 'Fabric' }, type: 'text', maxLength: 200 },
    // Kept by the server from the routing: the in-house steps' SMV (what the capacity arithmetic uses).
    { key: 'total_smv', label: { zh: '总标准工时(分钟)', en: 'Total SMV (minutes)' }, type: 'decimal', readonly: true },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true, default: 'draft' },
    { key: 'approved_at', label: { zh: '确认时间', en: 'Approved at' }, type: 'datetime', readonly: true },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 1000 },
  ],
  states: {
    field: 'status',
    initial: 'draft',
    states: [
      { code: 'draft', label: { zh: '开发中', en: 'In development' }, color: 'informative' },
      { code: 'approved', label: { zh: '已确认', en: 'Approved' }, color: 'success', notice: { intent: 'success', text: 'dev.style.notice.approved' } },
      { code: 'retired', label: { zh: '已停用', en: 'Retired' }, color: 'subtle' },
    ],
    transitions: [
      { action: 'approve', label: { zh: '确认款式', en: 'Approve style' }, from: ['draft'], to: 'approved', confirm: { zh: '确认后款式、BOM 与工艺路线锁定，可用于大货订单与生产计划。确定？', en: 'Approving locks the style, its BOM and routing for orders and plans. Continue?' } },
      { action: 'revise', label: { zh: '退回修改', en: 'Revise' }, from: ['approved'], to: 'draft' },
      { action: 'retire', label: { zh: '停用', en: 'Retire' }, from: ['draft', 'approved'], to: 'retired', confirm: { zh: '确定停用该款式？', en: 'Retire this style?' } },
    ],
    locked: ['approved', 'retired'],
  },
  messages: {
    'zh-CN': {
      ...errorTexts(styleErrors, 'zh-CN'),
      'dev.style.needColours': '请至少填写一个颜色',
      'dev.style.needSizes': '请至少填写一个尺码',
      'dev.style.bomColour': '颜色 {{colour}} 不在款式的颜色中',
      'dev.style.notApproved': '款式 {{code}} 尚未确认，不能用于订单',
      'dev.style.notice.approved': '款式已确认：可用于大货需求订单与生产计划；修改请先退回。',
      'dev.cost.superseded': '核价版本 V{{version}} 已有新版本，不能再修改',
      'dev.cost.badMargin': '毛利率须小于 100%',
      'dev.cost.noStyle': '请选择款式',
      'dev.cost.colour': '颜色 {{colour}} 不在款式的颜色中',
    },
    en: {
      ...errorTexts(styleErrors, 'en'),
      'dev.style.needColours': 'Enter at least one colour',
      'dev.style.needSizes': 'Enter at least one size',
      'dev.style.bomColour': 'Colour {{colour}} is not one of the style\'s colours',
      'dev.style.notApproved': 'Style {{code}} is not approved and cannot be ordered',
      'dev.style.notice.approved': 'Approved: the style can be ordered and planned; revise it to change it.',
      'dev.cost.superseded': 'Costing version V{{version}} has a newer version and can no longer be changed',
      'dev.cost.badMargin': 'The margin must be below 100 %',
      'dev.cost.noStyle': 'Choose a style',
      'dev.cost.colour': 'Colour {{colour}} is not one of the style\'s colours',
    },
  },
});

/** A material line of a costing version: copied from the style's BOM for the version's colour, price editable. */
export const styleCostMaterial = defineEntity({
  name: 'stylecost_material',
  table: 'dev_style_cost_material',
  prefix: 'scmapi',
  menuCode: STYLE_COST_MENU,
  label: { zh: '物料成本', en: 'Material cost' },
  titleField: 'material_id',
  childOnly: true,
  defaultSort: { field: 'seq', dir: 'asc' },
  fields: [
    { key: 'material_id', label: { zh: '物料', en: 'Material' }, type: 'reference', required: true, ref: { entity: 'material', labelField: 'name', codeField: 'code' } },
    { key: 'consumption', label: { zh: '单耗', en: 'Consumption' }, type: 'decimal', required: true, rules: ['gt0Number', 'maxDecimals4'] },
    { key: 'wastage_pct', label: { zh: '损耗率%', en: 'Wastage %' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'], default: 0 },
    { key: 'unit_price', label: { zh: '单价', en: 'Unit price' }, type: 'money', rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'amount', label: { zh: '金额', en: 'Amount' }, type: 'money', readonly: true },
    { key: 'seq', label: { zh: '序号', en: 'Seq' }, type: 'integer' },
  ],
});

/** A process line of a costing version: copied from the style's routing; an outsourced step costs its price. */
export const styleCostProcess = defineEntity({
  name: 'stylecost_process',
  table: 'dev_style_cost_process',
  prefix: 'scmapi',
  menuCode: STYLE_COST_MENU,
  label: { zh: '工序成本', en: 'Process cost' },
  titleField: 'process_id',
  childOnly: true,
  defaultSort: { field: 'seq', dir: 'asc' },
  fields: [
    { key: 'seq', label: { zh: '序号', en: 'Seq' }, type: 'integer' },
    { key: 'process_id', label: { zh: '工序', en: 'Process' }, type: 'reference', required: true, ref: { entity: 'process', labelField: 'name', codeField: 'code' } },
    { key: 'smv', label: { zh: '标准工时(分钟)', en: 'SMV (minutes)' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'outsourced', label: { zh: '外发', en: 'Outsourced' }, type: 'boolean', default: false },
    { key: 'outsource_price', label: { zh: '外发单价', en: 'Outsourced price' }, type: 'money', rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'amount', label: { zh: '金额', en: 'Amount' }, type: 'money', readonly: true },
  ],
});

/**
 * A costing version of a style (issue 18): materials, processing, outsourcing, overhead and margin
 * per piece (src/model/style-costing.ts). Numbered V1, V2... per style by the server; a new version
 * starts from the style's current BOM and routing and supersedes the one before, which can then no
 * longer change.
 */
export const styleCost = defineEntity({
  name: 'stylecost',
  table: 'dev_style_cost',
  prefix: 'scmapi',
  menuCode: STYLE_COST_MENU,
  label: { zh: '款式核价', en: 'Style costing' },
  // No business code of its own: the number is the style's code and version, set by the server.
  titleField: 'cost_no',
  defaultSort: { field: 'created_at', dir: 'desc' },
  children: [
    { key: 'materials', label: { zh: '物料成本', en: 'Materials' }, entity: 'stylecost_material', foreignKey: 'cost_id' },
    { key: 'processes', label: { zh: '工序成本', en: 'Processes' }, entity: 'stylecost_process', foreignKey: 'cost_id' },
  ],
  fields: [
    // Style code + version, set by the server: ST-001-V2.
    { key: 'cost_no', label: { zh: '核价单号', en: 'Costing no.' }, type: 'code', readonly: true, maxLength: 60 },
    { key: 'style_id', label: { zh: '款式', en: 'Style' }, type: 'reference', required: true, ref: { entity: 'style', labelField: 'name', codeField: 'code' } },
    { key: 'version_no', label: { zh: '版本', en: 'Version' }, type: 'integer', readonly: true },
    // The colour whose BOM lines are costed (empty: the style's first colour).
    { key: 'colour', label: { zh: '核价颜色', en: 'Colour costed' }, type: 'text', maxLength: 40 },
    { key: 'currency', label: { zh: '币种', en: 'Currency' }, type: 'dict', dict: 'currency', required: true, default: 'CNY' },
    { key: 'minute_rate', label: { zh: '工价(元/分钟)', en: 'Minute rate' }, type: 'money', required: true, rules: ['positiveNumber', 'maxDecimals4'], default: 0.6 },
    { key: 'overhead_pct', label: { zh: '管理费率%', en: 'Overhead %' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'], default: 10 },
    { key: 'margin_pct', label: { zh: '毛利率%', en: 'Margin %' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'], default: 20 },
    { key: 'material_cost', label: { zh: '物料成本', en: 'Materials' }, type: 'money', readonly: true },
    { key: 'processing_cost', label: { zh: '加工成本', en: 'Processing' }, type: 'money', readonly: true },
    { key: 'outsourcing_cost', label: { zh: '外发成本', en: 'Outsourcing' }, type: 'money', readonly: true },
    { key: 'overhead_cost', label: { zh: '管理费', en: 'Overhead' }, type: 'money', readonly: true },
    { key: 'total_cost', label: { zh: '总成本', en: 'Total cost' }, type: 'money', readonly: true },
    { key: 'margin_amount', label: { zh: '毛利', en: 'Margin' }, type: 'money', readonly: true },
    { key: 'price', label: { zh: '报价', en: 'Price' }, type: 'money', readonly: true },
    { key: 'smv', label: { zh: '标准工时(分钟)', en: 'SMV (minutes)' }, type: 'decimal', readonly: true },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true, default: 'draft' },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 1000 },
  ],
  states: {
    field: 'status',
    initial: 'draft',
    states: [
      { code: 'draft', label: { zh: '草稿', en: 'Draft' }, color: 'informative' },
      { code: 'confirmed', label: { zh: '已确认', en: 'Confirmed' }, color: 'success' },
      // Set by the service when a newer version of the same style is made.
      { code: 'superseded', label: { zh: '已被新版本取代', en: 'Superseded' }, color: 'subtle' },
    ],
    transitions: [{ action: 'confirm', label: { zh: '确认核价', en: 'Confirm costing' }, from: ['draft'], to: 'confirmed' }],
    locked: ['confirmed', 'superseded'],
  },
});
