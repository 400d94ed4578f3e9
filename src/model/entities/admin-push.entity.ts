import { defineViewEntity } from '../entity';

/**
 * Out-api push (issue 35, spec 7; menu code `admin.push`): where a company's document events go (its
 * own system), the hosts it allows them to reach, and the log of what was sent. Three views over the
 * gateway's tables; their rules in src/server/services/gateway/push.views.ts.
 */

/**
 * A push endpoint: a name, an https address on an allowed host, the events per business object, on
 * or off; made with a signing secret given in the save's reply once (the page's `secretOnce`), a new
 * secret on request (asked first, given once the same way); a test event on request.
 */
export const pushEndpoint = defineViewEntity({
  name: 'push_endpoint',
  table: 'push_endpoint',
  prefix: 'adminapi',
  menuCode: 'admin.push',
  label: { zh: '推送地址', en: 'Push endpoint' },
  titleField: 'name',
  editable: true,
  defaultSort: { field: 'id', dir: 'asc' },
  fields: [
    { key: 'name', label: { zh: '名称', en: 'Name' }, type: 'text', required: true, maxLength: 60, trim: true },
    { key: 'url', label: { zh: '地址', en: 'Address' }, type: 'text', required: true, maxLength: 1000, trim: true, help: { zh: '须为 https，且域名已加入推送白名单', en: 'https, on a host of the push allow-list' } },
    { key: 'events', label: { zh: '推送事件', en: 'Events' }, type: 'json', required: true, help: { zh: '每个业务对象的新建、修改、状态变更；只能选择您自己能查看的对象', en: 'Created, changed, state change per business object; only objects you may read yourself' } },
    { key: 'events_text', label: { zh: '推送事件', en: 'Events' }, type: 'text', readonly: true },
    { key: 'enabled', label: { zh: '启用', en: 'Enabled' }, type: 'boolean', default: true },
    { key: 'state', label: { zh: '状态', en: 'State' }, type: 'dict', readonly: true },
    { key: 'sent_24h', label: { zh: '近 24 小时成功', en: 'Sent, 24 h' }, type: 'integer', readonly: true },
    { key: 'failed_24h', label: { zh: '近 24 小时失败', en: 'Failed, 24 h' }, type: 'integer', readonly: true },
    { key: 'pending_24h', label: { zh: '待发送', en: 'Pending' }, type: 'integer', readonly: true },
    { key: 'created_at', label: { zh: '创建时间', en: 'Created at' }, type: 'datetime', readonly: true },
    { key: 'updated_at', label: { zh: '修改时间', en: 'Changed at' }, type: 'datetime', readonly: true },
  ],
  states: {
    field: 'state',
    initial: 'enabled',
    states: [
      { code: 'enabled', label: { zh: '启用', en: 'Enabled' }, color: 'success' },
      { code: 'disabled', label: { zh: '停用', en: 'Disabled' }, color: 'subtle' },
    ],
    transitions: [
      { action: 'ping', label: { zh: '发送测试事件', en: 'Send a test event' }, from: ['enabled', 'disabled'] },
      {
        action: 'rotate-secret',
        label: { zh: '更换签名密钥', en: 'New signing secret' },
        from: ['enabled', 'disabled'],
        confirm: { zh: '确定为所选推送地址更换签名密钥？旧密钥立即失效，接收方需要改用新密钥验证签名。', en: 'Give the selected endpoint a new signing secret? The old one stops at once; the receiver must verify with the new one.' },
      },
    ],
  },
});

/**
 * A host a company allows its pushes to reach (an endpoint's address must be on one). While an
 * endpoint's address is on it, it is in use: neither changed nor removed (its pushes would all fail).
 */
export const pushHost = defineViewEntity({
  name: 'push_host',
  table: 'push_allowed_host',
  prefix: 'adminapi',
  menuCode: 'admin.push',
  label: { zh: '推送白名单', en: 'Allowed push host' },
  titleField: 'host',
  editable: true,
  defaultSort: { field: 'host', dir: 'asc' },
  fields: [
    { key: 'host', label: { zh: '域名', en: 'Host' }, type: 'text', required: true, maxLength: 255, trim: true, help: { zh: '如 erp.example.com 或 erp.example.com:8443', en: 'Such as erp.example.com or erp.example.com:8443' } },
    { key: 'state', label: { zh: '状态', en: 'State' }, type: 'dict', readonly: true },
    { key: 'created_by_name', label: { zh: '添加人', en: 'Added by' }, type: 'text', readonly: true },
    { key: 'created_at', label: { zh: '添加时间', en: 'Added at' }, type: 'datetime', readonly: true },
  ],
  states: {
    field: 'state',
    initial: 'free',
    locked: ['in_use'],
    states: [
      { code: 'free', label: { zh: '未使用', en: 'Not in use' }, color: 'subtle' },
      { code: 'in_use', label: { zh: '使用中', en: 'In use' }, color: 'success' },
    ],
    transitions: [],
  },
});

/** One push as sent (the outbox's `push` rows): read-only; a delivery is sent again from its drawer. */
export const pushDelivery = defineViewEntity({
  name: 'push_delivery',
  table: 'outbox',
  prefix: 'adminapi',
  menuCode: 'admin.push',
  label: { zh: '推送记录', en: 'Push delivery' },
  titleField: 'subject',
  defaultSort: { field: 'id', dir: 'desc' },
  fields: [
    { key: 'created_at', label: { zh: '时间', en: 'Time' }, type: 'datetime' },
    { key: 'endpoint_name', label: { zh: '推送地址', en: 'Endpoint' }, type: 'text' },
    { key: 'endpoint_id', label: { zh: '推送地址编号', en: 'Endpoint id' }, type: 'integer', grouping: false },
    { key: 'subject', label: { zh: '事件', en: 'Event' }, type: 'code' },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict' },
    { key: 'attempts', label: { zh: '尝试次数', en: 'Attempts' }, type: 'integer' },
    { key: 'response_status', label: { zh: 'HTTP', en: 'HTTP' }, type: 'integer', grouping: false },
    { key: 'error', label: { zh: '最近错误', en: 'Last error' }, type: 'text' },
    { key: 'sent_at', label: { zh: '送达时间', en: 'Delivered at' }, type: 'datetime' },
    { key: 'next_attempt_at', label: { zh: '下次重试', en: 'Next try' }, type: 'datetime' },
    { key: 'replay_of', label: { zh: '重发自', en: 'Replay of' }, type: 'integer', grouping: false },
    { key: 'event_id', label: { zh: '事件编号', en: 'Event id' }, type: 'code' },
    { key: 'to_address', label: { zh: '地址', en: 'Address' }, type: 'text' },
    { key: 'body', label: { zh: '内容', en: 'Body' }, type: 'textarea' },
  ],
  states: {
    field: 'status',
    initial: 'queued',
    states: [
      { code: 'queued', label: { zh: '待发送', en: 'Queued' }, color: 'informative' },
      { code: 'sending', label: { zh: '发送中', en: 'Sending' }, color: 'brand' },
      { code: 'sent', label: { zh: '已送达', en: 'Delivered' }, color: 'success' },
      { code: 'failed', label: { zh: '失败', en: 'Failed' }, color: 'danger' },
    ],
    transitions: [],
  },
});
