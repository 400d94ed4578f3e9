import { definePage, stateTabs } from '../../src/model';
import { apiKey } from '../../src/model/entities/admin-apikey.entity';
import { ROLES } from '../../src/model/roles';

/** What a key shows once it exists (made by the server): not on a new key's form. */
const stored = { routeactionin: ['edit', 'view'] };

/**
 * API keys (issue 35, spec 7; `/admin/page/apikeys`, the client administrator's `admin.apikey`): the
 * company's keys for the third-party gateway with their first characters, scopes, rate, expiry,
 * creator, last use and state (tabs with counts); a new key from the toolbar, its scopes chosen per
 * business object in the drawer (the page's widget, src/client/pages/admin/ApiKeysPage.tsx), and the
 * key shown once after the save; name, rate and expiry edited later; revoke asked first.
 */
export const apiKeysPage = definePage({
  opt: 'apikeys',
  cata: 'admin',
  kind: 'page',
  entity: apiKey.name,
  menu: { group: 'admin', order: 112, roles: [ROLES.clientAdmin] },
  title: { zh: 'API 密钥', en: 'API keys' },
  purpose: {
    zh: '第三方系统用 API 密钥调用平台接口（前缀 vfapi、plmapi、thirdapi、thirdscmapi、thirdplmapi；请求头 X-Api-Key，接口文档 GET /api/thirdapi/openapi.json）。密钥代表本企业，只能访问授权的业务对象，且不超过创建人自己的权限。',
    en: 'Other systems call the platform with an API key (prefixes vfapi, plmapi, thirdapi, thirdscmapi, thirdplmapi; header X-Api-Key, API document GET /api/thirdapi/openapi.json). A key acts for your company, reaches only the objects it is granted, never more than its creator may.',
  },
  columns: [
    { field: 'name', width: 180, pinned: 'left' },
    { field: 'key_prefix', width: 130 },
    { field: 'scopes_text', width: 260 },
    { field: 'rate_per_minute', width: 110 },
    { field: 'expires_on', width: 110 },
    { field: 'status', width: 90 },
    { field: 'created_by_name', width: 110 },
    { field: 'created_at', width: 160 },
    { field: 'last_used_at', width: 160 },
    { field: 'revoked_at', hide: true },
    { field: 'revoked_by_name', hide: true },
  ],
  statusTabs: stateTabs(apiKey.states!),
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'transition', action: 'revoke' }],
  quickSearch: ['name', 'key_prefix', 'scopes_text'],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'name', spanClass: 'half' },
        { field: 'key_prefix', spanClass: 'half', visible: stored },
        { field: 'rate_per_minute', spanClass: 'half' },
        { field: 'expires_on', spanClass: 'half' },
        { field: 'scopes', spanClass: 'full' },
        { field: 'status', spanClass: 'half', visible: stored },
        { field: 'created_by_name', spanClass: 'half', visible: stored },
        { field: 'last_used_at', spanClass: 'half', visible: stored },
        { field: 'revoked_at', spanClass: 'half', visible: stored },
      ],
    },
  ],
  secretOnce: {
    field: 'secret',
    title: { zh: '请立即复制密钥', en: 'Copy the key now' },
    explain: {
      zh: '这是该密钥唯一一次显示。平台只保存它的摘要，关闭后无法再次查看；遗失请吊销后重新创建。',
      en: 'This is the only time the key is shown. The platform keeps only a digest of it and cannot show it again; if it is lost, revoke it and create another.',
    },
  },
});
