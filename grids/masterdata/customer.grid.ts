import { definePage } from '../../src/model';
import { partnerActions, partnerStatusTabs } from './partner-page';

/** Customers (spec 1 master data): list with active/frozen tabs and the customer form drawer. */
export const customerPage = definePage({
  opt: 'customer',
  cata: 'md',
  kind: 'index',
  entity: 'customer',
  menu: { group: 'masterdata', order: 10 },
  title: { zh: '客户', en: 'Customers' },
  columns: [
    { field: 'code', width: 140, pinned: 'left' },
    { field: 'name', width: 220 },
    'short_name',
    'customer_type',
    'level',
    'pay_type',
    'currency',
    'contact_person',
    'contact_mobile',
    { field: 'platform_company', width: 160 },
    { field: 'platform_client_code', width: 130 },
    'status',
    { field: 'updated_at', width: 170 },
  ],
  statusTabs: partnerStatusTabs,
  actions: partnerActions,
  form: [
    {
      modelName: 'base',
      title: { zh: '基本信息', en: 'Basic information' },
      form: [
        { field: 'code', spanClass: 'half' },
        { field: 'name', spanClass: 'half' },
        { field: 'short_name', spanClass: 'half' },
        { field: 'customer_type', spanClass: 'half' },
        { field: 'level', spanClass: 'half' },
        { field: 'pay_type', spanClass: 'half' },
        { field: 'currency', spanClass: 'half' },
        { field: 'status', spanClass: 'half', visible: { routeactionin: ['edit', 'view'] } },
      ],
    },
    {
      modelName: 'contact',
      title: { zh: '联系与收货', en: 'Contact and delivery' },
      form: [
        { field: 'contact_person', spanClass: 'half' },
        { field: 'contact_mobile', spanClass: 'half' },
        { field: 'email', spanClass: 'half' },
        { field: 'delivery_contact', spanClass: 'half' },
        { field: 'delivery_mobile', spanClass: 'half' },
        { field: 'delivery_address', spanClass: 'full' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
    {
      // Issue 20: an active customer with its platform code is the company this one accepts orders from.
      modelName: 'platform',
      title: { zh: '平台协同', en: 'Platform collaboration' },
      form: [{ field: 'platform_client_code', spanClass: 'half' }],
    },
  ],
});
