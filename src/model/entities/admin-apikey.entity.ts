import { defineViewEntity } from '../entity';

/**
 * A company's API keys for the third-party gateway (issue 35, spec 7; menu code `admin.apikey`): a
 * company administrator makes a key with its scopes (business objects, read or read and write), its
 * calls per minute and an optional last day; the key itself is in the save's reply this once (the
 * page's `secretOnce`), the table keeps its SHA-256 and first characters. A key acts as its creator
 * narrowed to its scopes; revoked, every call with it is refused at once. An editable view over
 * `api_key`; its rules in src/server/services/gateway/api-keys.views.ts.
 */
export const apiKey = defineViewEntity({
  name: 'api_key',
  table: 'api_key',
  prefix: 'adminapi',
  menuCode: 'admin.apikey',
  label: { zh: 'API 密钥', en: 'API key' },
  titleField: 'name',
  editable: true,
  defaultSort: { field: 'id', dir: 'desc' },
  fields: [
    { key: 'name', label: { zh: '名称', en: 'Name' }, type: 'text', required: true, maxLength: 60, trim: true },
    { key: 'key_prefix', label: { zh: '密钥开头', en: 'Key starts with' }, type: 'code', readonly: true },
    {
      key: 'scopes',
      label: { zh: '授权范围', en: 'Scopes' },
      type: 'json',
      required: true,
      help: { zh: '每个业务对象：不授权、读取或读写；不超过您自己的权限，创建后不能更改。', en: 'Per business object: none, read, or read and write; never more than you may yourself, fixed once created.' },
    },
    { key: 'scopes_text', label: { zh: '授权范围', en: 'Scopes' }, type: 'text', readonly: true },
    { key: 'rate_per_minute', label: { zh: '每分钟调用上限', en: 'Calls per minute' }, type: 'integer', required: true, default: 60, help: { zh: '每分钟，1 到 6000', en: 'Per minute, 1 to 6000' } },
    { key: 'expires_on', label: { zh: '过期日期', en: 'Expires' }, type: 'date', help: { zh: '当天结束（北京时间）后失效；留空为永不过期', en: 'Stops at the end of that day (Beijing time); empty: never expires' } },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
    { key: 'created_by_name', label: { zh: '创建人', en: 'Created by' }, type: 'text', readonly: true },
    { key: 'created_at', label: { zh: '创建时间', en: 'Created at' }, type: 'datetime', readonly: true },
    { key: 'last_used_at', label: { zh: '最近使用', en: 'Last used' }, type: 'datetime', readonly: true },
    { key: 'revoked_at', label: { zh: '吊销时间', en: 'Revoked at' }, type: 'datetime', readonly: true },
    { key: 'revoked_by_name', label: { zh: '吊销人', en: 'Revoked by' }, type: 'text', readonly: true },
  ],
  states: {
    field: 'status',
    initial: 'active',
    locked: ['revoked'],
    states: [
      { code: 'active', label: { zh: '有效', en: 'Active' }, color: 'success' },
      { code: 'expired', label: { zh: '已过期', en: 'Expired' }, color: 'warning' },
      { code: 'revoked', label: { zh: '已吊销', en: 'Revoked' }, color: 'danger' },
    ],
    transitions: [
      {
        action: 'revoke',
        label: { zh: '吊销', en: 'Revoke' },
        from: ['active', 'expired'],
        to: 'revoked',
        confirm: { zh: '确定吊销所选密钥？吊销后使用该密钥的所有调用将立即被拒绝，且无法恢复。', en: 'Revoke the selected keys? Every call with them is refused at once; this cannot be undone.' },
      },
    ],
  },
});
