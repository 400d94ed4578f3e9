import { definePage } from '../../src/model';
import { partnerActions, partnerStatusTabs } from './partner-page';

/**
 * Vendors (spec 1 master data: suppliers). Bank data lives on the vendor itself (the entity has no
 * bank-account child collection), in its own form section; spec 5 checks the branch code.
 */
export const vendorPage = definePage({
  opt: 'vendor',
  cata: 'md',
  kind: 'index',
  entity: 'vendor',
  menu: { group: 'masterdata', order: 20 },
  title: { zh: '供应商', en: 'Vendors' },
  columns: [
    { field: 'code', width: 140, pinned: 'left' },
    { field: 'name', width: 220 },
    'short_name',
    'vendor_type',
    'grade',
    'scale',
    'owner',
    'contact_person',
    'contact_mobile',
    'currency',
    { field: 'platform_company', width: 160 },
    { field: 'platform_client_code', width: 130 },
    'valid_from',
    'valid_to',
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
        // The code is numbered by the server when left empty (V + YYMM + 4 digits).
        { field: 'code', spanClass: 'half' },
        { field: 'name', spanClass: 'half' },
        { field: 'short_name', spanClass: 'half' },
        { field: 'vendor_type', spanClass: 'half' },
        { field: 'grade', spanClass: 'half' },
        { field: 'scale', spanClass: 'half' },
        { field: 'owner', spanClass: 'half' },
        { field: 'currency', spanClass: 'half' },
        { field: 'valid_from', spanClass: 'half' },
        { field: 'valid_to', spanClass: 'half' },
        { field: 'status', spanClass: 'half', visible: { routeactionin: ['edit', 'view'] } },
      ],
    },
    {
      modelName: 'contact',
      title: { zh: '联系信息', en: 'Contact' },
      form: [
        { field: 'contact_person', spanClass: 'half' },
        { field: 'contact_mobile', spanClass: 'half' },
        { field: 'email', spanClass: 'half' },
        { field: 'address', spanClass: 'full' },
      ],
    },
    {
      // Issue 6: orders to a vendor that has joined the platform are routed to its own company.
      modelName: 'platform',
      title: { zh: '平台协同', en: 'Platform collaboration' },
      form: [{ field: 'platform_client_code', spanClass: 'half' }],
    },
    {
      modelName: 'bank',
      title: { zh: '银行信息', en: 'Bank data' },
      form: [
        { field: 'bank_name', spanClass: 'half' },
        { field: 'bank_branch_code', spanClass: 'half' },
        { field: 'bank_account_no', spanClass: 'half' },
        { field: 'bank_account_name', spanClass: 'half' },
        { field: 'remark', spanClass: 'full', type: 'markdown' },
      ],
    },
  ],
});
