import { defineDictionary } from '../dictionaries';
import { defineEntity, type FieldErrors } from '../entity';

/** What changes on a line from one plan to the next, from the largest change to the smallest (calendars/schedule-rules.ts). */
export const changeoverChange = defineDictionary({
  code: 'changeover_change',
  label: { zh: '换线类型', en: 'Kind of change' },
  items: [
    { value: 'family', label: { zh: '换品类', en: 'Another style family' } },
    { value: 'fabric', label: { zh: '同品类换面料', en: 'Same family, another fabric' } },
    { value: 'colour', label: { zh: '同面料换颜色', en: 'Same fabric, another colour' } },
    { value: 'style', label: { zh: '同面料同色换款', en: 'Another style, same fabric and colour' } },
  ],
});

/**
 * A company's changeover rule (issue 31): the setup minutes a line spends when the next plan differs
 * from the one before by the kind of change (family, fabric, colour, style); a family rule may name
 * the two families (from, to) to set that pair apart from the general family rule. The auto-scheduler
 * charges the rule of the largest change between consecutive plans on a line; kinds without a rule take
 * the defaults (family 240, fabric 120, colour 45, style 20 minutes; calendars/schedule-rules.ts).
 */
export const changeoverRule = defineEntity({
  name: 'changeover_rule',
  table: 'scm_changeover_rule',
  prefix: 'scmapi',
  menuCode: 'scm.changeover',
  label: { zh: '换线规则', en: 'Changeover rule' },
  titleField: 'change',
  defaultSort: { field: 'change', dir: 'asc' },
  fields: [
    // Two rows of the same kind (and pair) may exist; the later one counts (schedule-rules.ts `rulesFromRows`).
    { key: 'change', label: { zh: '换线类型', en: 'Kind of change' }, type: 'dict', dict: 'changeover_change', required: true },
    { key: 'from_family', label: { zh: '原品类（空=任意）', en: 'From family (empty: any)' }, type: 'dict', dict: 'product_category' },
    { key: 'to_family', label: { zh: '新品类（空=任意）', en: 'To family (empty: any)' }, type: 'dict', dict: 'product_category' },
    { key: 'minutes', label: { zh: '换线时间(分钟)', en: 'Setup minutes' }, type: 'integer', required: true, rules: ['naturalNumber'] },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 500 },
  ],
  messages: {
    'zh-CN': {
      'scm.changeover.pairFamily': '只有“换品类”规则可以指定原品类和新品类，且两者需同时填写',
    },
    en: {
      'scm.changeover.pairFamily': 'Only a family rule names the families, and then both of them',
    },
  },
  // A pair of families belongs to a change of family, and names both families or neither.
  checks: [
    (doc): FieldErrors => {
      const from = doc.from_family ? String(doc.from_family) : '';
      const to = doc.to_family ? String(doc.to_family) : '';
      if (!from && !to) return {};
      if (doc.change !== 'family') return { [from ? 'from_family' : 'to_family']: 'scm.changeover.pairFamily' };
      if (!from || !to) return { [from ? 'to_family' : 'from_family']: 'scm.changeover.pairFamily' };
      return {};
    },
  ],
});
