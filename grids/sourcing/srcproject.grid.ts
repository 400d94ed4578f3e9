import { definePage, type FormSection, type StatusTab, type ToolbarAction } from '../../src/model';

/**
 * Sourcing projects (spec 2 "sourcing requests: my, history, in-progress projects"; issue 16): the
 * project with its invited suppliers, evaluation members and comparison rates, moved through the three
 * state groups of spec 4 by its actions, each refused with spec 8's pre-check message when not ready.
 */
const COLUMNS = [
  { field: 'code', width: 150, pinned: 'left' as const },
  { field: 'name', width: 200 },
  { field: 'status', width: 120 },
  { field: 'approval_status', width: 100 },
  { field: 'info_state', width: 110 },
  { field: 'rfq_state', width: 110 },
  { field: 'eval_state', width: 110 },
  { field: 'inquiry_state', width: 110 },
  { field: 'src_type', width: 100 },
  { field: 'priority', width: 80 },
  { field: 'applicant_id', width: 100 },
  { field: 'is_public', width: 90 },
  'deadline',
  { field: 'contact_person', width: 100 },
  { field: 'contact_phone', width: 130 },
  { field: 'awarded_vendor_id', width: 200 },
  { field: 'cancel_reason', width: 200 },
  { field: 'tags', width: 140 },
];

const FORM: FormSection[] = [
  {
    modelName: 'base',
    title: { zh: '项目信息', en: 'Project' },
    form: [
      { field: 'code', spanClass: 'third' },
      { field: 'name', spanClass: 'third' },
      { field: 'src_type', spanClass: 'third' },
      { field: 'priority', spanClass: 'third' },
      { field: 'duration_days', spanClass: 'third' },
      { field: 'deadline', spanClass: 'third' },
      { field: 'applicant_id', spanClass: 'third' },
      { field: 'is_public', spanClass: 'third' },
      { field: 'tags', spanClass: 'third' },
      { field: 'description', spanClass: 'full' },
      { field: 'reason', spanClass: 'full' },
    ],
  },
  {
    modelName: 'publish',
    title: { zh: '发布与评估', en: 'Publishing and evaluation' },
    form: [
      { field: 'contact_person', spanClass: 'third' },
      { field: 'contact_phone', spanClass: 'third' },
      { field: 'currency', spanClass: 'third' },
      { field: 'eval_config_id', spanClass: 'third', source: { entity: 'srcevalconfig', filter: { status: 'active' } } },
      { field: 'access_form_id', spanClass: 'third', source: { entity: 'srcaccessform', filter: { enabled: true } } },
    ],
  },
];

const ACTIONS: ToolbarAction[] = [
  { kind: 'create' },
  { kind: 'edit' },
  { kind: 'remove' },
  { kind: 'transition', action: 'prepare' },
  { kind: 'transition', action: 'deliver_info' },
  { kind: 'transition', action: 'publish' },
  { kind: 'transition', action: 'close_inquiry' },
  { kind: 'transition', action: 'reopen_inquiry' },
  { kind: 'transition', action: 'end_sourcing' },
  { kind: 'transition', action: 'start_evaluation' },
  { kind: 'transition', action: 'end_evaluation' },
  { kind: 'transition', action: 'award' },
  { kind: 'transition', action: 'cancel' },
  { kind: 'export' },
  { kind: 'history' },
  { kind: 'view' },
];

const CHILDREN = [
  { child: 'invites', columns: ['vendor_id', 'remark', 'invited_at'], editable: true },
  { child: 'members', columns: ['user_id'], editable: true },
  { child: 'rates', columns: ['currency', 'rate'], editable: true },
];

const tab = (code: string, zh: string, en: string): StatusTab => ({ key: code, label: { zh, en }, filter: { status: code } });

/** In-progress projects: every state up to the end of the evaluation, a tab per state. */
export const sourcingProjectPage = definePage({
  opt: 'srcproject',
  cata: 'srm',
  kind: 'masterdetail',
  entity: 'srcproject',
  menu: { group: 'sourcing', order: 10 },
  title: { zh: '寻源项目', en: 'Sourcing projects' },
  purpose: { zh: '发起寻源：维护项目信息、邀请供应商，依次发布信息、发布询价、结束寻源、评估与定标。', en: 'Run sourcing projects: project information and invited suppliers, then deliver information, publish the RFQ, end sourcing, evaluate and award.' },
  columns: COLUMNS,
  statusTabs: [
    // Not the state field: a list of states on it would be read as one state tab.
    { key: 'progress', label: { zh: '进行中', en: 'In progress' }, filter: { eval_state: ['not_evaluated', 'evaluating'] } },
    tab('not_prepared', '未准备', 'Not prepared'),
    tab('preparing', '信息准备中', 'Preparing'),
    tab('info_delivered', '信息已发布', 'Info delivered'),
    tab('publishing', '询价发布中', 'Publishing'),
    tab('sourcing_ended', '寻源结束', 'Sourcing ended'),
    tab('evaluating', '评估中', 'Evaluating'),
    { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
  ],
  actions: ACTIONS,
  quickSearch: ['code', 'name', 'tags'],
  form: FORM,
  children: CHILDREN,
});

/** History: projects whose sourcing or evaluation has ended. */
export const sourcingHistoryPage = definePage({
  opt: 'srcproject_history',
  cata: 'srm',
  kind: 'masterdetail',
  entity: 'srcproject',
  menu: { group: 'sourcing', order: 15, code: 'srm.sourcing.history' },
  title: { zh: '历史寻源', en: 'Sourcing history' },
  purpose: { zh: '寻源已结束、已完成评估或已取消的项目，含中标供应商和取消原因。', en: 'Projects whose sourcing or evaluation has ended, or that were cancelled, with the awarded supplier or the reason.' },
  columns: COLUMNS,
  statusTabs: [
    { key: 'ended', label: { zh: '全部历史', en: 'All history' }, filter: { rfq_state: ['ended', 'cancelled'] } },
    tab('evaluation_ended', '评估结束', 'Evaluation ended'),
    tab('sourcing_ended', '寻源结束', 'Sourcing ended'),
    tab('cancelled', '已取消', 'Cancelled'),
  ],
  actions: [{ kind: 'export' }, { kind: 'history' }, { kind: 'view' }],
  quickSearch: ['code', 'name', 'tags'],
  form: FORM,
  children: CHILDREN,
});

/**
 * My projects: the projects whose applicant is the signed-in user. The list's engine takes no user
 * token in a filter, so the page (src/client/pages/sourcing/MyProjectsPage.tsx) opens this list as a
 * sub-index with `applicant_id` set to the user; the server applies it as any list filter.
 */
export const sourcingMyPage = definePage({
  opt: 'srcproject_my',
  cata: 'srm',
  kind: 'masterdetail',
  entity: 'srcproject',
  menu: { group: 'sourcing', order: 5, code: 'srm.sourcing.my' },
  title: { zh: '我的寻源', en: 'My sourcing projects' },
  purpose: { zh: '您作为申请人发起的寻源项目。', en: 'The sourcing projects you applied for.' },
  columns: COLUMNS,
  statusTabs: [
    { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
    { key: 'progress', label: { zh: '进行中', en: 'In progress' }, filter: { eval_state: ['not_evaluated', 'evaluating'] } },
    { key: 'ended', label: { zh: '已结束', en: 'Ended' }, filter: { eval_state: 'ended' } },
    tab('cancelled', '已取消', 'Cancelled'),
  ],
  actions: ACTIONS,
  quickSearch: ['code', 'name', 'tags'],
  form: FORM,
  children: CHILDREN,
});


/**
 * Pending approval (spec 2 "sourcing requests: pending approval"): projects submitted to the
 * company's SRC_PROJECT flow (docs/architecture-approvals.md). The drawer shows the flow and the
 * decisions the caller may take; while the flow runs the project opens read-only.
 */
export const sourcingPendingPage = definePage({
  opt: 'srcproject_pending',
  cata: 'srm',
  kind: 'masterdetail',
  entity: 'srcproject',
  menu: { group: 'sourcing', order: 8, code: 'srm.sourcing.pending' },
  title: { zh: '待审批寻源', en: 'Pending approval' },
  purpose: { zh: '已提交立项审批的寻源项目：审批通过后方可发布信息，驳回的项目修改后可重新提交。', en: 'Sourcing projects submitted for approval: once approved their information can be delivered; a rejected project is changed and submitted again.' },
  columns: COLUMNS,
  statusTabs: [
    { key: 'running', label: { zh: '审批中', en: 'In approval' }, filter: { approval_status: 'running' } },
    { key: 'rejected', label: { zh: '审批驳回', en: 'Rejected' }, filter: { approval_status: 'rejected' } },
    { key: 'approved', label: { zh: '审批通过', en: 'Approved' }, filter: { approval_status: 'approved', info_state: ['not_prepared', 'preparing'] } },
  ],
  actions: [{ kind: 'edit' }, { kind: 'transition', action: 'prepare' }, { kind: 'transition', action: 'deliver_info' }, { kind: 'export' }, { kind: 'history' }, { kind: 'view' }],
  quickSearch: ['code', 'name', 'tags'],
  form: FORM,
  children: CHILDREN,
});
