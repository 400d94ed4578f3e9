import { ALL_TAB, definePage, stateTabs } from '../../src/model';
import { adminClient } from '../../src/model/entities/admin-client.entity';

/**
 * Sign-up approval (spec 4: pending review, approved, rejected; spec 6: system-wide sign-up
 * approval; `/admin/page/signups`, menu entry `admin.sys.signup`, the super administrator's): the companies of
 * the view entity `client` by review state, the pending first; approve (asked first: the company's
 * access opens and its users are mailed) and reject (with the reason mailed to them and shown at
 * sign-in) from the toolbar; the drawer shows the application.
 */
export const signupsPage = definePage({
  opt: 'signups',
  cata: 'admin',
  kind: 'page',
  entity: 'client',
  // The data's permission is the view's (admin.sys.client); the menu entry keeps its own code beside client management's.
  menu: { group: 'sysadmin', order: 10, superOnly: true, code: 'admin.sys.signup' },
  title: { zh: '注册审批', en: 'Sign-up approval' },
  purpose: { zh: '企业注册申请：审核通过后其管理员即可登录；驳回需填写原因，原因会邮件通知申请人。', en: 'Company sign-ups: once approved their administrator can sign in; a rejection needs a reason, which is mailed to the applicant.' },
  columns: [
    { field: 'name', width: 180, pinned: 'left' },
    { field: 'code', width: 120 },
    { field: 'type', width: 130 },
    { field: 'admin_username', width: 140 },
    { field: 'contact_name', width: 110 },
    { field: 'contact_email', width: 200 },
    { field: 'contact_mobile', width: 130 },
    { field: 'created_at', width: 170 },
    { field: 'status', width: 120 },
    { field: 'review_note', width: 200 },
    { field: 'reviewed_at', width: 170 },
    { field: 'full_name', hide: true },
  ],
  statusTabs: [...stateTabs(adminClient.states!, { all: false }).filter((tab) => tab.key !== 'frozen'), ALL_TAB],
  actions: [{ kind: 'view' }, { kind: 'transition', action: 'approve' }, { kind: 'transition', action: 'reject' }],
  quickSearch: ['code', 'name', 'full_name', 'contact_name'],
  form: [
    { modelName: 'company', title: { zh: '企业', en: 'Company' }, form: [{ field: 'name', spanClass: 'half' }, { field: 'code', spanClass: 'half' }, { field: 'full_name', spanClass: 'full' }, { field: 'type', spanClass: 'half' }, { field: 'status', spanClass: 'half' }] },
    { modelName: 'applicant', title: { zh: '申请人', en: 'Applicant' }, form: [{ field: 'admin_username', spanClass: 'half' }, { field: 'contact_name', spanClass: 'half' }, { field: 'contact_email', spanClass: 'half' }, { field: 'contact_mobile', spanClass: 'half' }, { field: 'created_at', spanClass: 'half' }] },
    { modelName: 'review', title: { zh: '审核', en: 'Review' }, form: [{ field: 'reviewed_at', spanClass: 'half' }, { field: 'review_note', spanClass: 'full' }] },
  ],
});
