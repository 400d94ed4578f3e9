import { definePage } from '../../src/model';

/**
 * Sourcing records (spec 2 "records"; spec 4 "submitted, shortlisted, eliminated"): the suppliers that
 * posted their application to a project, shortlisted or eliminated with a reason; a supplier not on
 * the platform may be entered by hand.
 */
export const sourcingRecordPage = definePage({
  opt: 'srcrecord',
  cata: 'srm',
  kind: 'index',
  entity: 'srcrecord',
  menu: { group: 'sourcing', order: 30, code: 'srm.sourcing.records' },
  title: { zh: '寻源记录', en: 'Sourcing records' },
  purpose: { zh: '供应商提交的填报资料：审核后入围或淘汰。', en: 'Applications suppliers posted: shortlist or eliminate them after review.' },
  columns: [
    { field: 'project_id', width: 200, pinned: 'left' },
    { field: 'supplier_name', width: 200 },
    { field: 'status', width: 90 },
    { field: 'access_review', width: 110 },
    { field: 'application_no', width: 150 },
    { field: 'vendor_id', width: 180 },
    { field: 'contact_person', width: 100 },
    { field: 'contact_phone', width: 130 },
    { field: 'quoted_items', width: 110 },
    { field: 'weighted_score', width: 100 },
    { field: 'rank_no', width: 70 },
    { field: 'awarded', width: 80 },
    { field: 'eliminate_reason', width: 200 },
  ],
  statusTabs: [
    { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
    { key: 'submitted', label: { zh: '已提交', en: 'Submitted' }, filter: { status: 'submitted' } },
    { key: 'shortlisted', label: { zh: '已入围', en: 'Shortlisted' }, filter: { status: 'shortlisted' } },
    { key: 'eliminated', label: { zh: '已淘汰', en: 'Eliminated' }, filter: { status: 'eliminated' } },
    { key: 'withdrawn', label: { zh: '已撤回', en: 'Withdrawn' }, filter: { status: 'withdrawn' } },
    { key: 'access_pending', label: { zh: '准入待审核', en: 'Access to review' }, filter: { access_review: 'pending' } },
  ],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'transition', action: 'review_access' }, { kind: 'transition', action: 'shortlist' }, { kind: 'transition', action: 'eliminate' }, { kind: 'export' }, { kind: 'history' }, { kind: 'view' }],
  quickSearch: ['supplier_name', 'application_no'],
  form: [
    {
      modelName: 'base',
      title: { zh: '供应商', en: 'Supplier' },
      form: [
        { field: 'project_id', spanClass: 'third' },
        { field: 'supplier_name', spanClass: 'third' },
        // Spec 3 splitFields: a picked vendor record is split into the supplier's name, contact and phone.
        { field: 'vendor_id', spanClass: 'third', splitFields: ['supplier_name:name', 'contact_person', 'contact_phone:contact_mobile'] },
        { field: 'contact_person', spanClass: 'third' },
        { field: 'contact_phone', spanClass: 'third' },
        { field: 'company_profile', spanClass: 'full' },
        { field: 'certificates', spanClass: 'full' },
      ],
    },
  ],
});
