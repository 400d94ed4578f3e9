import { defineErrors } from './define';

/** The errors of the outside-system calls (issue 35: API keys, the gateway, out-api pushes, temporary tokens). */
export const gatewayErrors = defineErrors({
  'gateway.keyInvalid': { kind: 'unauthorized', zh: 'API 密钥无效、已吊销或已过期', en: 'The API key is invalid, revoked or expired' },
  'gateway.outOfScope': { kind: 'forbidden', zh: '该 API 密钥无权{{access}}“{{entity}}”', en: 'This API key may not {{access}} "{{entity}}"' },
  'gateway.unknownEntity': { kind: 'notFound', zh: '接口中没有“{{entity}}”', en: 'The API has no "{{entity}}"' },
  'gateway.rateLimited': { kind: 'tooManyRequests', zh: '调用过于频繁，请在{{seconds}}秒后再试', en: 'Too many calls, please try again in {{seconds}} seconds' },
  'gateway.keyNotFound': { kind: 'notFound', zh: 'API 密钥不存在', en: 'The API key does not exist' },
  'gateway.scopesFixed': { kind: 'validation', zh: '密钥创建后不能更改授权范围，请新建一个密钥', en: 'A key\'s scopes are fixed once it is made; create another key' },
  'gateway.scopeBeyondCreator': { kind: 'validation', zh: '不能授予您自己没有的权限：{{entity}}', en: 'You cannot grant a right you do not have: {{entity}}' },
  'gateway.endpointNotFound': { kind: 'notFound', zh: '推送地址不存在', en: 'The push endpoint does not exist' },
  'gateway.deliveryNotFound': { kind: 'notFound', zh: '推送记录不存在', en: 'The delivery does not exist' },
  'gateway.hostTaken': { kind: 'validation', zh: '该域名已在白名单中', en: 'This host is on the allow-list already' },
  'gateway.hostInUse': { kind: 'validation', zh: '还有推送地址使用该域名，请先修改或删除它们', en: 'Push endpoints still use this host; change or remove them first' },
  'gateway.tempTokenInvalid': { kind: 'unauthorized', zh: '临时令牌无效或已过期', en: 'The temporary token is invalid or expired' },
});
