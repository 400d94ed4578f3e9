import { defineDictionary } from '../dictionaries';
import { defineEntity, type FieldErrors } from '../entity';

/** Where an allocation cell came from: the suggestion (rerun replaces it) or a planner (kept). */
export const allocationSource = defineDictionary({
  code: 'allocation_source',
  label: { zh: '来源', en: 'Source' },
  items: [
    { value: 'suggest', label: { zh: '建议', en: 'Suggested' } },
    { value: 'manual', label: { zh: '手工', en: 'Manual' } },
  ],
});

/**
 * Allocation version (spec 3: version code, month range; spec 4: draft, published, archived). Spec 5:
 * "Version number already exists" is rejected. Publishing archives the version published before it;
 * a published version is read-only; copying starts a new draft with the same demand and cells.
 * The suggestion settings (minimum lot, score weights) are kept per version so a rerun is repeatable.
 */
export const allocationVersion = defineEntity({
  name: 'allocationversion',
  table: 'scm_alloc_version',
  prefix: 'scmapi',
  menuCode: 'scm.allocation',
  label: { zh: '需求分配版本', en: 'Allocation version' },
  titleField: 'version_code',
  // Unique per tenant, but not the generic code field: spec 5 gives the duplicate its own message
  // ("Version number already exists", services/allocation).
  defaultSort: { field: 'created_at', dir: 'desc' },
  fields: [
    { key: 'version_code', label: { zh: '版本号', en: 'Version code' }, type: 'code', required: true, unique: true, rules: ['english'], upperCase: true, maxLength: 40, list: true },
    { key: 'name', label: { zh: '版本名称', en: 'Version name' }, type: 'text', maxLength: 100, list: true },
    { key: 'month_from', label: { zh: '开始月份', en: 'From month' }, type: 'month', required: true, list: true },
    { key: 'month_to', label: { zh: '结束月份', en: 'To month' }, type: 'month', required: true, list: true },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', dict: 'allocation_version_status', readonly: true, list: true },
    { key: 'min_lot', label: { zh: '最小批量', en: 'Minimum lot' }, type: 'integer', rules: ['naturalNumber'], default: 0 },
    { key: 'early_cycles', label: { zh: '可提前周期数', en: 'Cycles early allowed' }, type: 'integer', rules: ['naturalNumber'], default: 0 },
    { key: 'weight_kpi', label: { zh: 'KPI权重', en: 'KPI weight' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'], default: 1 },
    { key: 'weight_grade', label: { zh: '等级权重', en: 'Grade weight' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'], default: 10 },
    { key: 'weight_share', label: { zh: '份额目标权重', en: 'Share-target weight' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'], default: 20 },
    { key: 'vendor_settings', label: { zh: '供应商设置', en: 'Vendor settings' }, type: 'json', help: { zh: '按供应商：KPI、份额上限、份额目标', en: 'Per vendor: KPI, share cap, share target' } },
    { key: 'demand_qty', label: { zh: '需求数量', en: 'Demand qty' }, type: 'integer', readonly: true, list: true },
    { key: 'allocated_qty', label: { zh: '已分配数量', en: 'Allocated qty' }, type: 'integer', readonly: true, list: true },
    { key: 'unplaced_qty', label: { zh: '未分配数量', en: 'Unallocated qty' }, type: 'integer', readonly: true, list: true },
    { key: 'copied_from', label: { zh: '复制自', en: 'Copied from' }, type: 'reference', ref: { entity: 'allocationversion', labelField: 'version_code', codeField: 'version_code' }, readonly: true },
    { key: 'published_at', label: { zh: '发布时间', en: 'Published at' }, type: 'datetime', readonly: true, list: true },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 500 },
  ],
  states: {
    field: 'status',
    initial: 'draft',
    states: [
      { code: 'draft', label: { zh: '草稿', en: 'Draft' }, color: 'informative' },
      { code: 'published', label: { zh: '已发布', en: 'Published' }, color: 'success' },
      { code: 'archived', label: { zh: '已归档', en: 'Archived' }, color: 'subtle' },
    ],
    transitions: [
      { action: 'publish', label: { zh: '发布', en: 'Publish' }, from: ['draft'], to: 'published', roles: ['planner', 'clientadmin', 'admin'], confirm: { zh: '发布后版本只读，且会归档当前已发布的版本。确定发布？', en: 'A published version is read-only, and the version published now will be archived. Publish?' } },
      { action: 'archive', label: { zh: '归档', en: 'Archive' }, from: ['draft', 'published'], to: 'archived', roles: ['planner', 'clientadmin', 'admin'], confirm: { zh: '确定归档该版本？', en: 'Archive this version?' } },
    ],
    // Spec 4 / issue 6: a published version is read-only; an archived one too.
    locked: ['published', 'archived'],
  },
  checks: [
    (doc): FieldErrors => {
      const a = doc.month_from;
      const b = doc.month_to;
      return typeof a === 'string' && typeof b === 'string' && a && b && b < a ? { month_to: 'scm.version.monthRange' } : {};
    },
  ],
});

/**
 * One cell of an allocation version: the quantity of a demand line placed on a vendor in a cycle.
 * Written only by the version's actions (save cells, suggest, copy), never by the generic save.
 * `locked` cells are the planner's: a rerun of the suggestion keeps them (a locked 0 keeps the vendor
 * off the line).
 */
export const allocationCell = defineEntity({
  name: 'allocationcell',
  table: 'scm_alloc_cell',
  prefix: 'scmapi',
  menuCode: 'scm.allocation',
  label: { zh: '分配单元格', en: 'Allocation cell' },
  titleField: 'cycle',
  childOnly: true,
  fields: [
    { key: 'version_id', label: { zh: '分配版本', en: 'Allocation version' }, type: 'reference', ref: { entity: 'allocationversion', labelField: 'version_code' }, required: true },
    { key: 'demand_id', label: { zh: '需求', en: 'Demand' }, type: 'reference', ref: { entity: 'demand', labelField: 'plan_sku' }, required: true },
    { key: 'vendor_id', label: { zh: '供应商', en: 'Vendor' }, type: 'reference', ref: { entity: 'vendor', labelField: 'name', codeField: 'code' }, required: true, list: true },
    { key: 'cycle', label: { zh: '周期', en: 'Cycle' }, type: 'code', required: true, list: true },
    { key: 'qty', label: { zh: '数量', en: 'Quantity' }, type: 'integer', required: true, rules: ['naturalNumber'], list: true },
    { key: 'locked', label: { zh: '锁定', en: 'Locked' }, type: 'boolean', default: false, list: true },
    { key: 'source', label: { zh: '来源', en: 'Source' }, type: 'dict', dict: 'allocation_source', list: true },
  ],
});

export const allocationVersionStatus = defineDictionary({
  code: 'allocation_version_status',
  label: { zh: '版本状态', en: 'Version status' },
  items: [
    { value: 'draft', label: { zh: '草稿', en: 'Draft' } },
    { value: 'published', label: { zh: '已发布', en: 'Published' } },
    { value: 'archived', label: { zh: '已归档', en: 'Archived' } },
  ],
});
