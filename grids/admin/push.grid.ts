import { definePage, stateTabs } from '../../src/model';
import { pushDelivery, pushEndpoint, pushHost } from '../../src/model/entities/admin-push.entity';
import { ROLES } from '../../src/model/roles';

const clientAdmin = [ROLES.clientAdmin];
/** An endpoint's figures once it exists: not on a new endpoint's form. */
const stored = { routeactionin: ['edit', 'view'] };

/**
 * Data push (issue 35, spec 7; `/admin/page/push`, the client administrator's `admin.push`): where the
 * company's document events go, with the events per business object (the page's widget,
 * src/client/pages/admin/PushPage.tsx) and the last day's outcomes; made with its signing secret shown
 * once, a new secret (asked first, shown once), a test event, removal asked first.
 */
export const pushPage = definePage({
  opt: 'push',
  cata: 'admin',
  kind: 'page',
  entity: pushEndpoint.name,
  menu: { group: 'admin', order: 114, roles: clientAdmin },
  title: { zh: '数据推送', en: 'Data push' },
  purpose: {
    zh: '把本企业单据的新建、修改和状态变更推送到本企业自己的系统。请求体用 HMAC-SHA256 签名（请求头 X-Garment-Signature: t=时间戳,v1=签名），失败会按指数退避自动重试。推送地址的域名须先加入推送白名单。',
    en: "Pushes the creation, changes and state changes of your company's documents to your own system. Each body is signed with HMAC-SHA256 (header X-Garment-Signature: t=timestamp,v1=signature); failures are retried with exponential backoff. An endpoint's host must be on the push allow-list first.",
  },
  columns: [
    { field: 'name', width: 170, pinned: 'left' },
    { field: 'url', width: 260 },
    { field: 'events_text', width: 260 },
    { field: 'state', width: 80 },
    { field: 'sent_24h', width: 110 },
    { field: 'failed_24h', width: 110 },
    { field: 'pending_24h', width: 90 },
    { field: 'updated_at', width: 160 },
    { field: 'created_at', hide: true },
  ],
  statusTabs: stateTabs(pushEndpoint.states!),
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'transition', action: 'ping' }, { kind: 'transition', action: 'rotate-secret' }],
  quickSearch: ['name', 'url', 'events_text'],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'name', spanClass: 'half' },
        { field: 'enabled', spanClass: 'half' },
        { field: 'url', spanClass: 'full' },
        { field: 'events', spanClass: 'full' },
        { field: 'sent_24h', spanClass: 'third', visible: stored },
        { field: 'failed_24h', spanClass: 'third', visible: stored },
        { field: 'pending_24h', spanClass: 'third', visible: stored },
      ],
    },
  ],
  secretOnce: {
    field: 'secret',
    title: { zh: '请立即复制签名密钥', en: 'Copy the signing secret now' },
    explain: {
      zh: '接收方用它验证每次推送的签名。这是它唯一一次显示，关闭后无法再次查看；遗失请更换签名密钥。',
      en: "The receiver verifies each push's signature with it. This is the only time it is shown; if it is lost, give the endpoint a new signing secret.",
    },
  },
});

/** The hosts a company's pushes may reach (`/admin/page/pushhosts`): added, changed, removed (refused while an endpoint uses one). */
export const pushHostsPage = definePage({
  opt: 'pushhosts',
  cata: 'admin',
  kind: 'page',
  entity: pushHost.name,
  menu: { group: 'admin', order: 115, code: 'admin.push.hosts', roles: clientAdmin },
  title: { zh: '推送白名单', en: 'Push allow-list' },
  purpose: { zh: '推送地址的域名必须先加入白名单，且必须使用 https。', en: "An endpoint's host must be on this allow-list first, and the endpoint must use https." },
  columns: [{ field: 'host', width: 280, pinned: 'left' }, { field: 'state', width: 90 }, { field: 'created_by_name', width: 130 }, { field: 'created_at', width: 170 }],
  statusTabs: stateTabs(pushHost.states!),
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }],
  quickSearch: ['host'],
  form: [{ modelName: 'base', form: [{ field: 'host', spanClass: 'full' }, { field: 'created_by_name', spanClass: 'half', visible: stored }, { field: 'created_at', spanClass: 'half', visible: stored }] }],
});

/** What was pushed (`/admin/page/pushlog`), newest first, read-only; a delivery is sent again from its drawer (PushDeliveriesPage). */
export const pushLogPage = definePage({
  opt: 'pushlog',
  cata: 'admin',
  kind: 'page',
  entity: pushDelivery.name,
  menu: { group: 'admin', order: 116, code: 'admin.push.log', roles: clientAdmin },
  title: { zh: '推送记录', en: 'Push log' },
  purpose: { zh: '每次推送的状态、尝试次数、接收方的 HTTP 状态和最近错误；失败的推送可以重发。', en: "Each push's status, attempts, the receiver's HTTP status and last error; a failed push can be sent again." },
  columns: [
    { field: 'created_at', width: 160, pinned: 'left' },
    { field: 'endpoint_name', width: 150 },
    { field: 'subject', width: 180 },
    { field: 'status', width: 90 },
    { field: 'attempts', width: 90 },
    { field: 'response_status', width: 80 },
    { field: 'error', width: 200 },
    { field: 'sent_at', width: 160 },
    { field: 'next_attempt_at', hide: true },
    { field: 'replay_of', hide: true },
    { field: 'event_id', hide: true },
    { field: 'to_address', hide: true },
    { field: 'endpoint_id', hide: true },
  ],
  statusTabs: stateTabs(pushDelivery.states!),
  actions: [{ kind: 'view' }],
  quickSearch: ['subject', 'event_id', 'error'],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'created_at', spanClass: 'half' },
        { field: 'status', spanClass: 'half' },
        { field: 'endpoint_name', spanClass: 'half' },
        { field: 'subject', spanClass: 'half' },
        { field: 'attempts', spanClass: 'third' },
        { field: 'response_status', spanClass: 'third' },
        { field: 'replay_of', spanClass: 'third' },
        { field: 'error', spanClass: 'full' },
        { field: 'sent_at', spanClass: 'half' },
        { field: 'next_attempt_at', spanClass: 'half' },
        { field: 'event_id', spanClass: 'half' },
        { field: 'to_address', spanClass: 'half' },
        { field: 'body', spanClass: 'full' },
      ],
    },
  ],
});
