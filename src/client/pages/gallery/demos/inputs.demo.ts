import type { CalcItem, PageDef } from '../../../../model/page';
import type { EntityDef } from '../../../../model/entity';

/**
 * Plain inputs: text, code, e-mail, mobile, whole numbers, decimals, money and long text. Rules come
 * from the field's type and its own `rules`; the amount is calculated while quantity or price change.
 */
export const entity: EntityDef = {
  name: 'gallery_inputs',
  table: 'gallery_inputs',
  prefix: 'gallery',
  menuCode: 'admin.gallery',
  label: { zh: '输入示例', en: 'Input sample' },
  titleField: 'name',
  fields: [
    { key: 'name', label: { zh: '名称', en: 'Name' }, type: 'text', required: true, maxLength: 40 },
    { key: 'code', label: { zh: '编码', en: 'Code' }, type: 'code', required: true, rules: ['capitalEnglish'], upperCase: true, help: { zh: '大写字母、数字、下划线；输入时自动转为大写', en: 'Capitals, digits and underscores; typed letters become capitals' } },
    { key: 'email', label: { zh: '邮箱', en: 'E-mail' }, type: 'email' },
    { key: 'mobile', label: { zh: '手机', en: 'Mobile' }, type: 'mobile' },
    { key: 'qty', label: { zh: '数量', en: 'Quantity' }, type: 'integer', rules: ['naturalNumber'] },
    { key: 'price', label: { zh: '单价', en: 'Unit price' }, type: 'money', rules: ['gt0Number'] },
    { key: 'rate', label: { zh: '损耗率', en: 'Waste rate' }, type: 'decimal', rules: ['maxDecimals4'] },
    { key: 'amount', label: { zh: '金额', en: 'Amount' }, type: 'money', readonly: true },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 200 },
  ],
};

const amount: CalcItem = { targetFieldIdx: 'amount', expression: 'qty * price', fixed: 2 };

export const page: PageDef = {
  opt: 'gallery-inputs',
  cata: 'visual',
  kind: 'page',
  entity: 'gallery_inputs',
  menuCode: 'admin.gallery',
  title: { zh: '基本输入', en: 'Plain inputs' },
  columns: [],
  form: [
    {
      modelName: 'inputs',
      form: [
        { field: 'name' },
        { field: 'code' },
        { field: 'email' },
        { field: 'mobile' },
        { field: 'qty', calcConfig: [amount] },
        { field: 'price', calcConfig: [amount] },
        { field: 'rate' },
        { field: 'amount' },
        { field: 'remark' },
      ],
    },
  ],
};
