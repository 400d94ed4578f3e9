import { definePage, stateTabs } from '../../src/model';
import { adminClient } from '../../src/model/entities/admin-client.entity';

/**
 * Client management (spec 2, `/admin/page/clients`, the super administrator's `admin.sys.client`):
 * every company on the platform with its licence type, number of users and status, one tab per
 * status; the drawer changes the licence type; freeze and activate from the toolbar, each asked first.
 */
export const clientsPage = definePage({
  opt: 'clients',
  cata: 'admin',
  kind: 'page',
  entity: 'client',
  menu: { group: 'sysadmin', order: 20, superOnly: true },
  title: { zh: '客户管理', en: 'Client management' },
  purpose: { zh: '平台上的企业客户：许可类型、启用与冻结。冻结后该企业所有用户立即退出且无法登录。', en: 'The companies on the platform: licence type, active or frozen. Freezing signs all its users out at once and blocks sign-in.' },
  columns: [{ field: 'code', width: 120, pinned: 'left' }, { field: 'name', width: 200 }, { field: 'type', width: 140 }, { field: 'licence_type', width: 120 }, { field: 'users', width: 90 }, { field: 'status', width: 100 }, { field: 'contact_name', width: 120 }, { field: 'contact_email', width: 200 }, { field: 'created_at', width: 170 }, { field: 'full_name', hide: true }, { field: 'contact_mobile', hide: true }],
  statusTabs: stateTabs(adminClient.states!),
  actions: [{ kind: 'edit' }, { kind: 'transition', action: 'freeze' }, { kind: 'transition', action: 'activate' }],
  quickSearch: ['code', 'name', 'full_name'],
  form: [
    { modelName: 'base', title: { zh: '许可与状态', en: 'Licence and status' }, form: [{ field: 'code', spanClass: 'half' }, { field: 'name', spanClass: 'half' }, { field: 'type', spanClass: 'half' }, { field: 'status', spanClass: 'half' }, { field: 'licence_type', spanClass: 'half' }, { field: 'users', spanClass: 'half' }] },
    { modelName: 'contact', title: { zh: '联系与审核', en: 'Contact and review' }, form: [{ field: 'full_name', spanClass: 'full' }, { field: 'contact_name', spanClass: 'half' }, { field: 'contact_email', spanClass: 'half' }, { field: 'contact_mobile', spanClass: 'half' }, { field: 'created_at', spanClass: 'half' }, { field: 'reviewed_at', spanClass: 'half' }, { field: 'review_note', spanClass: 'full' }] },
  ],
});
