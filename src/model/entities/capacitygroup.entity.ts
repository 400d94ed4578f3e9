import { defineDictionary } from '../dictionaries';
import { defineEntity } from '../entity';

/**
 * Product categories planners allocate by (DOMAIN "Orders", "Capacity": knit tops, woven shirts,
 * denim, outerwear...). A tenant extends them through its data dictionary.
 */
export const productCategory = defineDictionary({
  code: 'product_category',
  label: { zh: '品类', en: 'Product category' },
  items: [
    { value: 'knit-top', label: { zh: '针织上衣', en: 'Knit tops' } },
    { value: 'knit-dress', label: { zh: '针织连衣裙', en: 'Knit dresses' } },
    { value: 'sweater', label: { zh: '毛衫', en: 'Sweaters' } },
    { value: 'woven-shirt', label: { zh: '梭织衬衫', en: 'Woven shirts' } },
    { value: 'woven-pants', label: { zh: '梭织裤', en: 'Woven pants' } },
    { value: 'denim', label: { zh: '牛仔', en: 'Denim' } },
    { value: 'outerwear', label: { zh: '外套', en: 'Outerwear' } },
    { value: 'sportswear', label: { zh: '运动服', en: 'Sportswear' } },
  ],
});

/** Spec 3 cycle calendar type: months or weeks. */
export const cycleType = defineDictionary({
  code: 'cycle_type',
  label: { zh: '周期类型', en: 'Cycle type' },
  items: [
    { value: 'month', label: { zh: '月', en: 'Month' } },
    { value: 'week', label: { zh: '周', en: 'Week' } },
  ],
});

/**
 * Capacity group (issue 6): the categories that share one capacity of a vendor, e.g. knit tops,
 * knit dresses and sweaters are sewn on the same knit lines. The allocation charges a demand line of
 * a category to the group that holds it.
 */
export const capacityGroup = defineEntity({
  name: 'capacitygroup',
  table: 'scm_capacity_group',
  prefix: 'scmapi',
  menuCode: 'scm.capacitygroup',
  label: { zh: '产能组', en: 'Capacity group' },
  titleField: 'name',
  codeField: 'code',
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    { key: 'code', label: { zh: '产能组编码', en: 'Group code' }, type: 'code', required: true, rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'name', label: { zh: '产能组名称', en: 'Group name' }, type: 'text', required: true, maxLength: 100 },
    { key: 'categories', label: { zh: '包含品类', en: 'Categories' }, type: 'multidict', dict: 'product_category', required: true },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 500 },
  ],
});
