import { definePage } from '../../src/model';

/**
 * The supplier's applications (spec 2 "supplier fill-in data"; spec 4 "draft, posted (to be reviewed),
 * candidate, selected, closed, stopped"), in its own company: opened from a project opportunity,
 * completed with its profile and certificates, posted to the buyer.
 */
export const sourcingApplicationPage = definePage({
  opt: 'srcapplication',
  cata: 'srm',
  kind: 'index',
  entity: 'srcapplication',
  menu: { group: 'sourcingapply', order: 20 },
  title: { zh: '供应商填报', en: 'Supplier applications' },
  purpose: { zh: '贵司参与的寻源项目的填报资料：从“项目机会”申请后完善资料并提交给采购方。', en: 'Your applications to sourcing projects: apply from Project opportunities, complete and post them to the buyer.' },
  columns: [
    { field: 'app_no', width: 150, pinned: 'left' },
    { field: 'status', width: 110 },
    { field: 'access_review', width: 120 },
    { field: 'buyer_name', width: 200 },
    { field: 'project_code', width: 140 },
    { field: 'project_name', width: 200 },
    'deadline',
    { field: 'contact_person', width: 100 },
    { field: 'contact_phone', width: 130 },
    { field: 'posted_at', width: 170 },
  ],
  statusTabs: [
    { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
    { key: 'draft', label: { zh: '草稿', en: 'Draft' }, filter: { status: 'draft' } },
    { key: 'posted', label: { zh: '待审核', en: 'To review' }, filter: { status: 'posted' } },
    { key: 'candidate', label: { zh: '候选', en: 'Candidate' }, filter: { status: 'candidate' } },
    { key: 'selected', label: { zh: '已中标', en: 'Selected' }, filter: { status: 'selected' } },
    { key: 'closed', label: { zh: '已结束', en: 'Closed' }, filter: { status: 'closed' } },
    { key: 'stopped', label: { zh: '已终止', en: 'Stopped' }, filter: { status: 'stopped' } },
  ],
  actions: [{ kind: 'edit' }, { kind: 'transition', action: 'post' }, { kind: 'transition', action: 'withdraw' }, { kind: 'export' }, { kind: 'history' }, { kind: 'view' }],
  quickSearch: ['app_no', 'project_name'],
  form: [
    {
      modelName: 'base',
      title: { zh: '填报资料', en: 'Application' },
      form: [
        { field: 'app_no', spanClass: 'third' },
        { field: 'contact_person', spanClass: 'third' },
        { field: 'contact_phone', spanClass: 'third' },
        { field: 'company_profile', spanClass: 'full' },
        { field: 'certificates', spanClass: 'full' },
        { field: 'remark', spanClass: 'full' },
        { field: 'access_review_remark', spanClass: 'full', visible: { routeactionin: ['edit', 'view'] } },
      ],
    },
  ],
});
