import { AppError } from '../../http/errors';

/**
 * Workplace-chat sign-in (spec 7: WeCom "qywx" and DingTalk): the OAuth authorization-code flow
 * behind one interface, so the routes do not know which vendor they talk to and tests can put a
 * stand-in provider on loopback by pointing `apiBase` and `authorizeUrl` at it.
 */
export type ProviderKind = 'wecom' | 'dingtalk';

/** One tenant's application at the vendor (row of thirdparty_apps). The secret never leaves the server. */
export type ChatApp = {
  clientId: number;
  provider: ProviderKind;
  corpId: string;
  agentId: string | null;
  appKey: string;
  appSecret: string;
  /** The vendor's API host; null = the vendor's public endpoint. */
  apiBase: string | null;
  /** The vendor's sign-in page; null = the vendor's public page. */
  authorizeUrl: string | null;
};

/** Who signed in at the vendor: the id the account binding stores (WeCom userid, DingTalk unionId). */
export type ChatIdentity = { externalId: string; name: string | null };

export type ChatProvider = {
  kind: ProviderKind;
  /** The vendor page the browser is sent to; it comes back to `redirectUri` with `code` and `state`. */
  authorizeUrl: (app: ChatApp, redirectUri: string, state: string) => string;
  /** Exchanges the one-time code for the signed-in member's identity. */
  exchangeCode: (app: ChatApp, code: string) => Promise<ChatIdentity>;
  /**
   * Sends a text work notice to a bound member (the id the binding stores) through the company's
   * application (issue 15: a notice's workplace-chat channel). Rejects with a short reason that
   * names no secret; the outbox keeps it.
   */
  sendText: (app: ChatApp, externalId: string, text: string) => Promise<void>;
};

const TIMEOUT_MS = 10_000;

/**
 * The vendors' own hosts (issue 20: a company administrator could point `api_base` anywhere, and the
 * unauthenticated sign-in then made the server call that address with the app secret). Endpoints
 * must be https on these hosts, or on a host the platform operator allows (THIRDPARTY_ALLOWED_HOSTS,
 * any scheme: a gateway, or a stand-in vendor in tests).
 */
export const VENDOR_HOSTS: Record<ProviderKind, readonly string[]> = {
  wecom: ['qyapi.weixin.qq.com', 'login.work.weixin.qq.com', 'open.work.weixin.qq.com', 'open.weixin.qq.com'],
  dingtalk: ['api.dingtalk.com', 'oapi.dingtalk.com', 'login.dingtalk.com'],
};

/** Whether an endpoint URL is a vendor's own (https) or one the operator allows (`host` or `host:port`). */
export function endpointAllowed(provider: ProviderKind, url: string, operatorHosts: readonly string[]): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.username || u.password || !['http:', 'https:'].includes(u.protocol)) return false;
  if (operatorHosts.includes(u.host.toLowerCase()) || operatorHosts.includes(u.hostname.toLowerCase())) return true;
  return u.protocol === 'https:' && !u.port && VENDOR_HOSTS[provider].includes(u.hostname.toLowerCase());
}

/**
 * Every failure of the code exchange (refused address, unreachable host, timeout, unexpected reply)
 * is this one 400, so the answer tells nothing about what listens where.
 */
export const exchangeFailed = () => new AppError('thirdparty.exchangeFailed');

async function callJson(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    // No redirects: an allowed host must not bounce the secret-bearing call somewhere else.
    res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw exchangeFailed();
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw exchangeFailed();
  }
  if (!res.ok || !body || typeof body !== 'object' || Array.isArray(body)) throw exchangeFailed();
  return body as Record<string, unknown>;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** A vendor call of the sending side: JSON in and out, no redirects, a short reason on failure. */
async function sendJson(url: string, step: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new Error(`${step}: vendor unreachable`);
  }
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok || !body || typeof body !== 'object' || Array.isArray(body)) throw new Error(`${step}: HTTP ${res.status}`);
  return body as Record<string, unknown>;
}
const post = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const vendorError = (step: string, reply: Record<string, unknown>) => new Error(`${step}: ${String(reply.errcode ?? reply.code ?? '')} ${String(reply.errmsg ?? reply.message ?? '')}`.trim().slice(0, 200));

/**
 * WeCom (企业微信): web sign-in page, then `gettoken` with the corp id and app secret and
 * `auth/getuserinfo` with the code, which names the member's `userid`.
 */
export const wecomProvider: ChatProvider = {
  kind: 'wecom',
  authorizeUrl: (app, redirectUri, state) => {
    const u = new URL(app.authorizeUrl ?? 'https://login.work.weixin.qq.com/wwlogin/sso/login');
    u.searchParams.set('login_type', 'CorpApp');
    u.searchParams.set('appid', app.corpId);
    if (app.agentId) u.searchParams.set('agentid', app.agentId);
    u.searchParams.set('redirect_uri', redirectUri);
    u.searchParams.set('state', state);
    return u.toString();
  },
  exchangeCode: async (app, code) => {
    const base = (app.apiBase ?? 'https://qyapi.weixin.qq.com').replace(/\/$/, '');
    const token = await callJson(`${base}/cgi-bin/gettoken?${new URLSearchParams({ corpid: app.corpId, corpsecret: app.appSecret })}`);
    const accessToken = str(token.access_token);
    if (token.errcode !== 0 || !accessToken) throw exchangeFailed();
    const info = await callJson(`${base}/cgi-bin/auth/getuserinfo?${new URLSearchParams({ access_token: accessToken, code })}`);
    // A visitor outside the corporation gets an openid but no userid: not a member, no sign-in.
    const userId = str(info.userid) ?? str(info.UserId);
    if (info.errcode !== 0 || !userId) throw new AppError('thirdparty.notMember');
    return { externalId: userId, name: null };
  },
  // gettoken, then message/send of a text message from the company's application to the member.
  sendText: async (app, externalId, text) => {
    const base = (app.apiBase ?? 'https://qyapi.weixin.qq.com').replace(/\/$/, '');
    const token = await sendJson(`${base}/cgi-bin/gettoken?${new URLSearchParams({ corpid: app.corpId, corpsecret: app.appSecret })}`, 'gettoken');
    const accessToken = str(token.access_token);
    if (token.errcode !== 0 || !accessToken) throw vendorError('gettoken', token);
    const sent = await sendJson(`${base}/cgi-bin/message/send?${new URLSearchParams({ access_token: accessToken })}`, 'message/send',
      post({ touser: externalId, msgtype: 'text', agentid: Number(app.agentId) || app.agentId, text: { content: text } }));
    if (sent.errcode !== 0) throw vendorError('message/send', sent);
  },
};

/**
 * DingTalk (钉钉): OAuth 2 sign-in page, then `oauth2/userAccessToken` with the app key and secret
 * and `contact/users/me`, which names the member's `unionId` (stable across the vendor's apps).
 */
export const dingtalkProvider: ChatProvider = {
  kind: 'dingtalk',
  authorizeUrl: (app, redirectUri, state) => {
    const u = new URL(app.authorizeUrl ?? 'https://login.dingtalk.com/oauth2/auth');
    u.searchParams.set('redirect_uri', redirectUri);
    u.searchParams.set('response_type', 'code');
    u.searchParams.set('client_id', app.appKey);
    u.searchParams.set('scope', 'openid');
    u.searchParams.set('state', state);
    u.searchParams.set('prompt', 'consent');
    return u.toString();
  },
  exchangeCode: async (app, code) => {
    const base = (app.apiBase ?? 'https://api.dingtalk.com').replace(/\/$/, '');
    const token = await callJson(`${base}/v1.0/oauth2/userAccessToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: app.appKey, clientSecret: app.appSecret, code, grantType: 'authorization_code' }),
    });
    const accessToken = str(token.accessToken);
    if (!accessToken) throw exchangeFailed();
    const me = await callJson(`${base}/v1.0/contact/users/me`, { headers: { 'x-acs-dingtalk-access-token': accessToken } });
    const unionId = str(me.unionId);
    if (!unionId) throw new AppError('thirdparty.notMember');
    return { externalId: unionId, name: str(me.nick) };
  },
  // The application's token, the member's userid from the bound unionId, then a work notice
  // (corpconversation) from the application to that member.
  sendText: async (app, externalId, text) => {
    const base = (app.apiBase ?? 'https://api.dingtalk.com').replace(/\/$/, '');
    const oapi = (app.apiBase ?? 'https://oapi.dingtalk.com').replace(/\/$/, '');
    const token = await sendJson(`${base}/v1.0/oauth2/accessToken`, 'accessToken', post({ appKey: app.appKey, appSecret: app.appSecret }));
    const accessToken = str(token.accessToken);
    if (!accessToken) throw vendorError('accessToken', token);
    const q = new URLSearchParams({ access_token: accessToken });
    const who = await sendJson(`${oapi}/topapi/user/getbyunionid?${q}`, 'getbyunionid', post({ unionid: externalId }));
    const userId = str((who.result as Record<string, unknown> | undefined)?.userid);
    if (who.errcode !== 0 || !userId) throw vendorError('getbyunionid', who);
    const sent = await sendJson(`${oapi}/topapi/message/corpconversation/asyncsend_v2?${q}`, 'asyncsend_v2',
      post({ agent_id: Number(app.agentId) || app.agentId, userid_list: userId, msg: { msgtype: 'text', text: { content: text } } }));
    if (sent.errcode !== 0) throw vendorError('asyncsend_v2', sent);
  },
};

export const PROVIDERS: Record<ProviderKind, ChatProvider> = { wecom: wecomProvider, dingtalk: dingtalkProvider };

/** The users column that stores each provider's binding. */
export const BINDING_COLUMN: Record<ProviderKind, 'wecom_id' | 'dingtalk_id'> = { wecom: 'wecom_id', dingtalk: 'dingtalk_id' };

export const isProviderKind = (v: unknown): v is ProviderKind => v === 'wecom' || v === 'dingtalk';
