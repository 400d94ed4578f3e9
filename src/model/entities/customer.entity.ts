import { defineEntity } from '../entity';
import { partnerStates, platformCompanyField } from './vendor.entity';

/** Customer master data, spec 3: code, name, type, level, pay type, currency, delivery info, status. */
export const customer = defineEntity({
  name: 'customer',
  table: 'md_customer',
  prefix: 'mdapi',
  menuCode: 'md.customer',
  label: { zh: '客户', en: 'Customer' },
  titleField: 'name',
  pickerDetail: 'platform_company',
  codeField: 'code',
  numbering: { field: 'code', prefix: 'C', datePrefix: 'YYMM', length: 4 },
  states: partnerStates,
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    { key: 'code', label: { zh: '客户编码', en: 'Customer code' }, type: 'code', rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'name', label: { zh: '客户名称', en: 'Customer name' }, type: 'text', required: true, maxLength: 200 },
    { key: 'short_name', label: { zh: '简称', en: 'Short name' }, type: 'text', maxLength: 60 },
    { key: 'customer_type', label: { zh: '客户类型', en: 'Customer type' }, type: 'dict', dict: 'customer_type', required: true },
    { key: 'level', label: { zh: '客户等级', en: 'Level' }, type: 'dict', dict: 'customer_level' },
    { key: 'pay_type', label: { zh: '付款方式', en: 'Payment terms' }, type: 'dict', dict: 'pay_type' },
    { key: 'currency', label: { zh: '币种', en: 'Currency' }, type: 'dict', dict: 'currency', required: true, default: 'CNY' },
    { key: 'contact_person', label: { zh: '联系人', en: 'Contact person' }, type: 'text', maxLength: 60 },
    { key: 'contact_mobile', label: { zh: '联系电话', en: 'Contact mobile' }, type: 'mobile' },
    { key: 'email', label: { zh: '邮箱', en: 'E-mail' }, type: 'email', lowerCase: true },
    { key: 'delivery_address', label: { zh: '收货地址', en: 'Delivery address' }, type: 'textarea', maxLength: 500 },
    { key: 'delivery_contact', label: { zh: '收货人', en: 'Delivery contact' }, type: 'text', maxLength: 60 },
    { key: 'delivery_mobile', label: { zh: '收货人电话', en: 'Delivery mobile' }, type: 'mobile' },
    // Issue 20: another company's orders are accepted only from a customer confirmed here (active, with its platform code).
    { key: 'platform_client_code', label: { zh: '平台企业编码', en: 'Platform company code' }, type: 'code', upperCase: true, maxLength: 40, help: { zh: '客户已加入平台时填写其企业编码；启用的客户才能向本企业发送订单', en: 'The company code of the customer on the platform, once it has joined; only an active customer with this code can send orders to your company' } },
    platformCompanyField,
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 1000 },
  ],
});
