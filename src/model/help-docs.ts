import type { Label } from './entity';

/**
 * The help documents of hand-made screens (spec 8 "No help doc for current page"), by route. A list
 * page of the registry declares its own help in its declaration (`help` of definePage). Each text
 * says what the screen does as built; `src/model/help.test.ts` holds every path to a real route.
 */
export const SCREEN_HELP: ReadonlyArray<{ path: string; doc: { title: Label; body: Label } }> = [
  {
    path: '/admin/page/apikeys',
    doc: {
      title: { zh: 'API 密钥', en: 'API keys' },
      body: {
        zh: [
          'API 密钥让贵公司自己的系统（ERP、WMS 等）通过开放接口读取或写入本平台的单据。',
          '',
          '- **新建**：填写名称，按业务对象选择范围（只读或读写）、每分钟调用次数（1 到 6000，默认 60）和可选的到期日。只能授予你自己拥有的权限：只读需要该对象的查看权限，读写需要编辑权限。名称、调用次数和到期日之后可以修改，授权范围创建后不能更改。',
          '- **密钥只显示一次**：创建后请立即复制保存；列表中只显示它的前 11 个字符。',
          '- **密钥以创建人的身份工作**：数据范围和数据权限与创建人在界面上相同；创建人失去的权限，密钥在下一次调用时也随之失去。',
          '- **调用**：请求头 `X-Api-Key: gk_...`，地址前缀为 vfapi、plmapi、thirdapi、thirdscmapi 或 thirdplmapi；接口说明见 `/api/{前缀}/openapi.json`。',
          '- **超出频率**的调用返回 429 并告知何时重试；**吊销**立即生效，已吊销和已过期的密钥仍留在列表中。',
        ].join('\n'),
        en: [
          'An API key lets your company\'s own systems (ERP, WMS, ...) read or write the platform\'s documents through the open API.',
          '',
          '- **New key**: give a name, the scope per business object (read or read and write), the calls per minute (1 to 6000, 60 by default) and an optional expiry. You can only grant what you have: read needs the object\'s view right, write its edit right. Name, rate and expiry can be changed later; the scopes are fixed once the key is made.',
          '- **The key is shown once**: copy it right after creating it; the list shows only its first 11 characters.',
          '- **A key acts as its creator**: the same data scope and data permissions as the creator on the screens; a right the creator loses, the key loses at its next call.',
          '- **Calling**: header `X-Api-Key: gk_...`, on the prefixes vfapi, plmapi, thirdapi, thirdscmapi or thirdplmapi; the API is described at `/api/{prefix}/openapi.json`.',
          '- **Calls beyond the rate** are answered 429 with when to retry; **revoking** takes effect at once, and revoked and expired keys stay listed.',
        ].join('\n'),
      },
    },
  },
  {
    path: '/admin/page/push',
    doc: {
      title: { zh: '数据推送', en: 'Data push' },
      body: {
        zh: [
          '数据推送把本公司单据的变化（新建、修改、状态变更）推送到贵公司自己的系统。',
          '',
          '- **推送白名单**（菜单“推送白名单”）：先把接收方的主机（host 或 host:port）加入白名单；推送地址必须是 https，且不能指向内网地址。',
          '- **推送地址**：新建时填写名称和 URL，并按业务对象勾选要推送的事件。签名密钥在创建时显示一次；选中一行点“更换签名密钥”（先确认）会生成新密钥，同样只显示一次。',
          '- **签名**：每次推送带有 `X-Garment-Signature: t=<时间戳>,v1=<签名>`，签名是用签名密钥对“时间戳.请求体”计算的 HMAC-SHA256；同一事件的重试和重发带相同的 `X-Garment-Event-Id`，接收方据此去重。',
          '- **投递**：失败后约在 30 秒、1、2、4、8 分钟后重试，第 6 次仍失败则记为失败。',
          '- **推送记录**（菜单“推送记录”）：查看每次推送的状态、次数、HTTP 状态和最后的错误；打开一条记录点“重发”（先确认）把同一事件再推送一次。',
          '- **发送测试事件**：选中推送地址后点它，检查地址和签名是否配置正确。',
        ].join('\n'),
        en: [
          'Data push sends the changes of your company\'s documents (created, changed, moved to another state) to your own system.',
          '',
          '- **Allowed hosts** (menu "Push allow-list"): first add the receiver\'s host (host or host:port); a push address must be https and must not point to an internal address.',
          '- **Endpoints**: a new one takes a name and a URL and the events to push per business object. The signing secret is shown once at creation; "New signing secret" on a selected row (asked first) makes another, shown once too.',
          '- **Signature**: every push carries `X-Garment-Signature: t=<timestamp>,v1=<signature>`, the HMAC-SHA256 of "timestamp.body" under the signing secret; retries and replays of one event carry the same `X-Garment-Event-Id`, by which the receiver drops duplicates.',
          '- **Delivery**: a failure is retried after about 30 s, then 1, 2, 4 and 8 minutes; after the sixth failed attempt the delivery is marked failed.',
          '- **Push log** (menu "Push log"): each push\'s state, attempts, HTTP status and last error; "Replay" in a delivery\'s drawer (asked first) sends the same event again.',
          '- **Send a test event** on a selected endpoint to check the address and the signature.',
        ].join('\n'),
      },
    },
  },
];
