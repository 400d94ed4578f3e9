import { defineEntity } from '../entity';

/** Company (legal entity) of the tenant, spec 3: code, parent code, name, registration no, tin no, currency, contact and address. */
export const company = defineEntity({
  name: 'company',
  table: 'md_company',
  prefix: 'mdapi',
  menuCode: 'md.company',
  label: { zh: '公司', en: 'Company' },
  titleField: 'name',
  codeField: 'code',
  treeParent: 'parent_id',
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    { key: 'code', label: { zh: '公司编码', en: 'Company code' }, type: 'code', required: true, rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'name', label: { zh: '公司名称', en: 'Company name' }, type: 'text', required: true, maxLength: 200 },
    { key: 'parent_id', label: { zh: '上级公司', en: 'Parent company' }, type: 'tree', ref: { entity: 'company', labelField: 'name', codeField: 'code' } },
    { key: 'registration_no', label: { zh: '注册号', en: 'Registration no.' }, type: 'code', rules: ['capitalEnglish'], upperCase: true, maxLength: 40 },
    { key: 'tin_no', label: { zh: '纳税人识别号', en: 'TIN' }, type: 'code', rules: ['capitalEnglish'], upperCase: true, maxLength: 40 },
    { key: 'currency', label: { zh: '本位币', en: 'Currency' }, type: 'dict', dict: 'currency', required: true, default: 'CNY' },
    { key: 'contact_person', label: { zh: '联系人', en: 'Contact person' }, type: 'text', maxLength: 60 },
    { key: 'contact_mobile', label: { zh: '联系电话', en: 'Contact mobile' }, type: 'mobile' },
    { key: 'email', label: { zh: '邮箱', en: 'E-mail' }, type: 'email', lowerCase: true },
    { key: 'country', label: { zh: '国家', en: 'Country' }, type: 'text', maxLength: 60 },
    { key: 'province', label: { zh: '省份', en: 'Province' }, type: 'text', maxLength: 60 },
    { key: 'city', label: { zh: '城市', en: 'City' }, type: 'text', maxLength: 60 },
    { key: 'address', label: { zh: '地址', en: 'Address' }, type: 'textarea', maxLength: 500 },
  ],
});
