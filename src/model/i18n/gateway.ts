import { errorTexts } from '../errors/define';
import { gatewayErrors } from '../errors/gateway';
import type { CatalogPart } from './types';

/**
 * Messages of the outside-system calls (issue 35): the API key and push screens, and the field
 * messages of their saves. Registered by ./gateway-part (with the error table, and by the screens),
 * not in the first chunks' static list.
 */
export const gateway: CatalogPart = {
  'zh-CN': {
    ...errorTexts(gatewayErrors, 'zh-CN'),
    'gatewayui.scopesEmpty': '请至少选择一个业务对象',
    'gatewayui.scopesInvalid': '授权范围格式不正确',
    'gatewayui.rateRange': '每分钟调用次数须为 1 到 {{max}} 之间的整数',
    'gatewayui.expiryPast': '过期时间必须晚于现在',
    'gatewayui.hostInvalid': '请输入域名（可带端口），如 erp.example.com 或 erp.example.com:8443',
    'gatewayui.eventsInvalid': '推送事件格式不正确',
    'gatewayui.eventsEmpty': '请至少选择一个推送事件',
    'gatewayui.url.badUrl': '不是有效的地址',
    'gatewayui.url.notHttps': '推送地址必须使用 https',
    'gatewayui.url.hostNotAllowed': '该域名不在本企业的推送白名单中，请先在“允许的域名”中添加',
    'gatewayui.url.internalAddress': '不能推送到内网或本机地址',
    'gatewayui.push.replay': '重发',
    'gatewayui.push.confirmReplay': '确定重新推送记录 #{{id}}（{{event}}）？将以新的签名、相同的事件编号再次发送。',
    'gatewayui.push.replayed': '已加入发送队列',
  },
  en: {
    ...errorTexts(gatewayErrors, 'en'),
    'gatewayui.scopesEmpty': 'Choose at least one business object',
    'gatewayui.scopesInvalid': 'The scopes are not in the expected form',
    'gatewayui.rateRange': 'Calls per minute must be a whole number from 1 to {{max}}',
    'gatewayui.expiryPast': 'The expiry must be later than now',
    'gatewayui.hostInvalid': 'Enter a host name (a port may follow), such as erp.example.com or erp.example.com:8443',
    'gatewayui.eventsInvalid': 'The events are not in the expected form',
    'gatewayui.eventsEmpty': 'Choose at least one event',
    'gatewayui.url.badUrl': 'Not a valid address',
    'gatewayui.url.notHttps': 'A push address must use https',
    'gatewayui.url.hostNotAllowed': 'This host is not on the company\'s push allow-list; add it under "Allowed hosts" first',
    'gatewayui.url.internalAddress': 'Pushes cannot go to an internal or local address',
    'gatewayui.push.replay': 'Replay',
    'gatewayui.push.confirmReplay': 'Push delivery #{{id}} ({{event}}) again? It is sent with a new signature and the same event id.',
    'gatewayui.push.replayed': 'Queued for delivery',
  },
};
