import { defineDictionary } from '../dictionaries';
import { defineEntity, type FieldDef, type FieldErrors } from '../entity';

/** Where an allocation cell came from: the suggestion (rerun replaces it) or a planner (kept). */
export const allocationSource = defineDictionary({
  code: 'allocation_source',
  label: { zh: '来源', en: 'Source' },
  items: [
    { value: 'suggest', label: { zh: '建议', en: 'Suggested' } },
    { value: 'manual', label: { zh: '手工', en: 'Manual' } },
  ],
});

// Spec 5: a taken version code is refused as "版本号已存在" (its own words, not the generic ones), by
// the form, the import and a copy alike.
const VERSION_CODE: FieldDef = { key: 'version_code', label: { zh: '版本号', en: 'Version code' }, type: 'code', required: true, unique: true, uniqueWith: { fields: [], message: 'scm.version.codeExists' }, rules: ['english'], upperCase: true, maxLength: 40 };
const VERSION_NAME: FieldDef = { key: 'name', label: { zh: '版本名称', en: 'Version name' }, type: 'text', maxLength: 100 };

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
  // ("Version number already exists", the field's uniqueWith).
  defaultSort: { field: 'created_at', dir: 'desc' },
  fields: [
    VERSION_CODE,
    VERSION_NAME,
    { key: 'month_from', label: { zh: '开始月份', en: 'From month' }, type: 'month', required: true },
    { key: 'month_to', label: { zh: '结束月份', en: 'To month' }, type: 'month', required: true },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
    { key: 'min_lot', label: { zh: '最小批量', en: 'Minimum lot' }, type: 'integer', rules: ['naturalNumber'], default: 0 },
    { key: 'early_cycles', label: { zh: '可提前周期数', en: 'Cycles early allowed' }, type: 'integer', rules: ['naturalNumber'], default: 0 },
    { key: 'weight_kpi', label: { zh: 'KPI权重', en: 'KPI weight' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'], default: 1 },
    { key: 'weight_grade', label: { zh: '等级权重', en: 'Grade weight' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'], default: 10 },
    { key: 'weight_share', label: { zh: '份额目标权重', en: 'Share-target weight' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'], default: 20 },
    {
      key: 'vendor_settings',
      label: { zh: '供应商设置', en: 'Vendor settings' },
      type: 'json',
      help: {
        zh: '按供应商：KPI（0-100）、份额上限与份额目标（占本次需求总量的比例，0-1，如 0.3 即 30%）；未列出的供应商 KPI 为 0、不设上限',
        en: "Per vendor: KPI (0-100), share cap and share target (a fraction of the run's total demand, 0-1, e.g. 0.3 for 30%); vendors not listed have KPI 0 and no cap",
      },
      // Stored as `{ "<vendorId>": { kpi, shareMax, shareTarget } }`, read by services/allocation.
      entries: {
        key: { entity: 'vendor', labelField: 'name', codeField: 'code' },
        fields: [
          { key: 'kpi', label: { zh: 'KPI', en: 'KPI' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'] },
          { key: 'shareMax', label: { zh: '份额上限', en: 'Share cap' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'] },
          { key: 'shareTarget', label: { zh: '份额目标', en: 'Share target' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'] },
        ],
      },
    },
    // The version's totals, kept by the writer whoever writes its lines and cells: demand, allocated, and demand left unallocated (per line, never negative).
    { key: 'demand_qty', label: { zh: '需求数量', en: 'Demand qty' }, type: 'integer', readonly: true, total: { lines: 'demand', via: 'version_id', sum: 'plan_qty' } },
    { key: 'allocated_qty', label: { zh: '已分配数量', en: 'Allocated qty' }, type: 'integer', readonly: true, total: { lines: 'allocationcell', via: 'version_id', sum: 'qty' } },
    { key: 'unplaced_qty', label: { zh: '未分配数量', en: 'Unallocated qty' }, type: 'integer', readonly: true, total: { lines: 'demand', via: 'version_id', sum: 'plan_qty', less: { lines: 'allocationcell', via: 'demand_id', sum: 'qty' } } },
    { key: 'copied_from', label: { zh: '复制自', en: 'Copied from' }, type: 'reference', ref: { entity: 'allocationversion', labelField: 'version_code', codeField: 'version_code' }, readonly: true },
    { key: 'published_at', label: { zh: '发布时间', en: 'Published at' }, type: 'datetime', readonly: true },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 500 },
  ],
  // Issue 14: a company may require its ALLOC_PUBLISH flow to approve a version before it is published (services/approvals).
  approval: { process: 'ALLOC_PUBLISH', submitFrom: ['draft'], before: ['publish'] },
  states: {
    field: 'status',
    initial: 'draft',
    states: [
      { code: 'draft', label: { zh: '草稿', en: 'Draft' }, color: 'informative' },
      { code: 'published', label: { zh: '已发布', en: 'Published' }, color: 'success', notice: { intent: 'info', text: 'alloc.readOnlyPublished' } },
      { code: 'archived', label: { zh: '已归档', en: 'Archived' }, color: 'subtle', notice: { intent: 'info', text: 'alloc.readOnlyArchived' } },
    ],
    transitions: [
      { action: 'publish', label: { zh: '发布', en: 'Publish' }, from: ['draft'], to: 'published', roles: ['planner', 'clientadmin', 'admin'], confirm: { zh: '发布后版本只读，且会归档当前已发布的版本。确定发布？', en: 'A published version is read-only, and the version published now will be archived. Publish?' } },
      { action: 'archive', label: { zh: '归档', en: 'Archive' }, from: ['draft', 'published'], to: 'archived', roles: ['planner', 'clientadmin', 'admin'], confirm: { zh: '确定归档该版本？', en: 'Archive this version?' } },
      // A new draft with this version's settings, demand lines and cells (the engine's copyRecord), under
      // the new code and name asked for here and checked as a save checks them ("版本号已存在"); the
      // cells follow their lines' copies, and the new draft names the version it was copied from.
      {
        action: 'copy',
        label: { zh: '复制为新版本', en: 'Copy to a new version' },
        from: ['draft', 'published', 'archived'],
        copies: true,
        params: [VERSION_CODE, { ...VERSION_NAME, label: { zh: '新版本名称', en: 'New version name' } }],
        defaults: { version_code: "version_code + '-C'", name: 'name' },
        copy: {
          fields: ['name', 'month_from', 'month_to', 'min_lot', 'early_cycles', 'weight_kpi', 'weight_grade', 'weight_share', 'vendor_settings', 'remark'],
          lines: [
            { entity: 'demand', via: 'version_id' },
            { entity: 'allocationcell', via: 'version_id', follow: { demand_id: 'demand' } },
          ],
          link: 'copied_from',
        },
      },
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
    (doc): FieldErrors => {
      const key = vendorSettingsRangeError(doc.vendor_settings);
      return key ? { vendor_settings: key } : {};
    },
  ],
  messages: {
    'zh-CN': {
      'scm.version.vendorKpiRange': '供应商 KPI 须在 0 到 100 之间',
      'scm.version.vendorShareRange': '份额上限和份额目标须在 0 到 1 之间（如 0.3 即 30%）',
      'scm.version.vendorShareTarget': '份额目标不能大于份额上限',
    },
    en: {
      'scm.version.vendorKpiRange': 'A vendor KPI is between 0 and 100',
      'scm.version.vendorShareRange': 'Share cap and share target are between 0 and 1 (0.3 for 30%)',
      'scm.version.vendorShareTarget': 'The share target cannot exceed the share cap',
    },
  },
});

/**
 * The ranges of the per-vendor settings the suggestion reads (src/model/allocation-suggest.ts:
 * KPI 0..100, share cap and target fractions 0..1 of the run's demand); the entries' own types and
 * rules are checked before (entriesError), so values here are numbers or absent.
 */
export function vendorSettingsRangeError(value: unknown): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  for (const entry of Object.values(value as Record<string, unknown>)) {
    if (!entry || typeof entry !== 'object') continue;
    const { kpi, shareMax, shareTarget } = entry as Record<string, unknown>;
    const num = (v: unknown) => (typeof v === 'number' ? v : null);
    if ((num(kpi) ?? 0) > 100) return 'scm.version.vendorKpiRange';
    if ((num(shareMax) ?? 0) > 1 || (num(shareTarget) ?? 0) > 1) return 'scm.version.vendorShareRange';
    if (num(shareMax) !== null && num(shareTarget) !== null && num(shareTarget)! > num(shareMax)!) return 'scm.version.vendorShareTarget';
  }
  return null;
}

/**
 * One cell of an allocation version: the quantity of a demand line placed on a vendor in a cycle.
 * Written only by the version's actions (save cells, suggest, copy), never by the generic save;
 * removed with its version or its demand line. A planner's cells name a line of their version, a vendor
 * of the company and a month of the version's range, checked by the writer (save cells' `checked`).
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
  omitFromForm: "Written by the version's actions only (save cells, suggest, copy) from the allocation workbench, which checks capacity and the version's state.",
  fields: [
    { key: 'version_id', label: { zh: '分配版本', en: 'Allocation version' }, type: 'reference', ref: { entity: 'allocationversion', labelField: 'version_code', onTargetRemoved: 'remove' }, required: true },
    { key: 'demand_id', label: { zh: '需求', en: 'Demand' }, type: 'reference', ref: { entity: 'demand', labelField: 'plan_sku', onTargetRemoved: 'remove', match: { version_id: 'version_id' } }, required: true },
    { key: 'vendor_id', label: { zh: '供应商', en: 'Vendor' }, type: 'reference', ref: { entity: 'vendor', labelField: 'name', codeField: 'code' }, required: true },
    { key: 'cycle', label: { zh: '周期', en: 'Cycle' }, type: 'code', required: true, within: { ref: 'version_id', from: 'month_from', to: 'month_to', message: 'scm.version.badCell' } },
    { key: 'qty', label: { zh: '数量', en: 'Quantity' }, type: 'integer', required: true, rules: ['naturalNumber'] },
    { key: 'locked', label: { zh: '锁定', en: 'Locked' }, type: 'boolean', default: false },
    { key: 'source', label: { zh: '来源', en: 'Source' }, type: 'dict', dict: 'allocation_source' },
  ],
});

