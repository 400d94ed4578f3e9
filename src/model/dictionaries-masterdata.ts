import { defineDictionary } from './dictionaries';

/**
 * System dictionaries of the master-data area (spec 3: vendor type, grade, scale; customer type,
 * level, pay type; material group, type, unit; process type). Tenants extend them through the data
 * dictionary (spec 6); the currencies with the spec's symbols and validity 0/10 live in
 * dictionaries.ts because other areas share them.
 */

export const vendorType = defineDictionary({
  code: 'vendor_type',
  label: { zh: '供应商类型', en: 'Vendor type' },
  items: [
    { value: 'garment', label: { zh: '成衣工厂', en: 'Garment maker' } },
    { value: 'fabric', label: { zh: '面料供应商', en: 'Fabric supplier' } },
    { value: 'trim', label: { zh: '辅料供应商', en: 'Trim supplier' } },
    { value: 'process', label: { zh: '外发加工厂', en: 'Outsourced processor' } },
    { value: 'service', label: { zh: '服务商', en: 'Service provider' } },
  ],
});

export const vendorGrade = defineDictionary({
  code: 'vendor_grade',
  label: { zh: '供应商等级', en: 'Vendor grade' },
  items: [
    { value: 'A', label: { zh: 'A级（战略）', en: 'A (strategic)' } },
    { value: 'B', label: { zh: 'B级（优选）', en: 'B (preferred)' } },
    { value: 'C', label: { zh: 'C级（合格）', en: 'C (qualified)' } },
    { value: 'D', label: { zh: 'D级（观察）', en: 'D (on watch)' } },
  ],
});

export const vendorScale = defineDictionary({
  code: 'vendor_scale',
  label: { zh: '企业规模', en: 'Company scale' },
  items: [
    { value: 'micro', label: { zh: '50人以下', en: 'Under 50 staff' } },
    { value: 'small', label: { zh: '50-200人', en: '50 to 200 staff' } },
    { value: 'medium', label: { zh: '200-1000人', en: '200 to 1000 staff' } },
    { value: 'large', label: { zh: '1000人以上', en: 'Over 1000 staff' } },
  ],
});

export const customerType = defineDictionary({
  code: 'customer_type',
  label: { zh: '客户类型', en: 'Customer type' },
  items: [
    { value: 'brand', label: { zh: '品牌商', en: 'Brand' } },
    { value: 'retailer', label: { zh: '零售商', en: 'Retailer' } },
    { value: 'wholesaler', label: { zh: '批发商', en: 'Wholesaler' } },
    { value: 'trader', label: { zh: '贸易公司', en: 'Trading company' } },
    { value: 'ecommerce', label: { zh: '电商', en: 'E-commerce' } },
  ],
});

export const customerLevel = defineDictionary({
  code: 'customer_level',
  label: { zh: '客户等级', en: 'Customer level' },
  items: [
    { value: 'key', label: { zh: '重点客户', en: 'Key account' } },
    { value: 'normal', label: { zh: '普通客户', en: 'Regular' } },
    { value: 'potential', label: { zh: '潜在客户', en: 'Prospect' } },
  ],
});

export const payType = defineDictionary({
  code: 'pay_type',
  label: { zh: '付款方式', en: 'Payment terms' },
  items: [
    { value: 'TT', label: { zh: '电汇', en: 'Telegraphic transfer' } },
    { value: 'LC', label: { zh: '信用证', en: 'Letter of credit' } },
    { value: 'DP', label: { zh: '付款交单', en: 'Documents against payment' } },
    { value: 'NET30', label: { zh: '月结30天', en: 'Net 30 days' } },
    { value: 'NET60', label: { zh: '月结60天', en: 'Net 60 days' } },
    { value: 'CASH', label: { zh: '现结', en: 'Cash' } },
  ],
});

export const materialGroup = defineDictionary({
  code: 'material_group',
  label: { zh: '物料组', en: 'Material group' },
  items: [
    { value: 'fabric', label: { zh: '面料', en: 'Fabric' } },
    { value: 'lining', label: { zh: '里料', en: 'Lining' } },
    { value: 'trim', label: { zh: '辅料', en: 'Trims' } },
    { value: 'packing', label: { zh: '包材', en: 'Packing' } },
    { value: 'garment', label: { zh: '成衣', en: 'Finished garment' } },
  ],
});

export const materialType = defineDictionary({
  code: 'material_type',
  label: { zh: '物料类型', en: 'Material type' },
  items: [
    { value: 'knit', label: { zh: '针织', en: 'Knit' } },
    { value: 'woven', label: { zh: '梭织', en: 'Woven' } },
    { value: 'denim', label: { zh: '牛仔', en: 'Denim' } },
    { value: 'button', label: { zh: '纽扣', en: 'Button' } },
    { value: 'zipper', label: { zh: '拉链', en: 'Zipper' } },
    { value: 'thread', label: { zh: '缝纫线', en: 'Thread' } },
    { value: 'label', label: { zh: '唛头', en: 'Label' } },
    { value: 'carton', label: { zh: '纸箱', en: 'Carton' } },
  ],
});

export const unit = defineDictionary({
  code: 'unit',
  label: { zh: '单位', en: 'Unit' },
  items: [
    { value: 'PCS', label: { zh: '件', en: 'Pieces' } },
    { value: 'M', label: { zh: '米', en: 'Metres' } },
    { value: 'YD', label: { zh: '码', en: 'Yards' } },
    { value: 'KG', label: { zh: '千克', en: 'Kilograms' } },
    { value: 'SET', label: { zh: '套', en: 'Sets' } },
    { value: 'ROLL', label: { zh: '卷', en: 'Rolls' } },
    { value: 'CTN', label: { zh: '箱', en: 'Cartons' } },
    { value: 'DOZ', label: { zh: '打', en: 'Dozens' } },
  ],
});

export const processType = defineDictionary({
  code: 'process_type',
  label: { zh: '工序类型', en: 'Process type' },
  items: [
    { value: 'cutting', label: { zh: '裁剪', en: 'Cutting' } },
    { value: 'sewing', label: { zh: '缝制', en: 'Sewing' } },
    { value: 'printing', label: { zh: '印花', en: 'Printing' } },
    { value: 'embroidery', label: { zh: '绣花', en: 'Embroidery' } },
    { value: 'washing', label: { zh: '洗水', en: 'Washing' } },
    { value: 'finishing', label: { zh: '后整', en: 'Finishing' } },
    { value: 'inspection', label: { zh: '检验', en: 'Inspection' } },
    { value: 'packing', label: { zh: '包装', en: 'Packing' } },
  ],
});

export const orgLevel = defineDictionary({
  code: 'org_level',
  label: { zh: '组织层级', en: 'Organisation level' },
  items: [
    { value: '1', label: { zh: '公司', en: 'Company' } },
    { value: '2', label: { zh: '事业部', en: 'Division' } },
    { value: '3', label: { zh: '部门', en: 'Department' } },
    { value: '4', label: { zh: '小组', en: 'Team' } },
  ],
});

