import { defineErrors } from './define';

/** The errors of access (fed into the access catalogue part; see ./index). */
export const accessErrors = defineErrors({
  'access.accountFrozen': { kind: 'forbidden', alsoAs: ['unauthorized'], zh: '账号已被冻结，请联系管理员', en: 'This account is frozen, contact your administrator' },
  'access.accountPending': { kind: 'forbidden', zh: '账号正在等待审核，审核通过后即可登录', en: 'Your account is awaiting approval; you can sign in once it is approved' },
  'access.badCredentials': { kind: 'badRequest', zh: '用户名或密码错误', en: 'Incorrect username or password' },
  'access.codeHourlyLimit': { kind: 'tooManyRequests', zh: '验证码发送次数过多，请一小时后再试', en: 'Too many codes sent, please try again in an hour' },
  'access.codeResendWait': { kind: 'tooManyRequests', zh: '发送过于频繁，请在{{seconds}}秒后重新发送', en: 'Sent too often, please resend in {{seconds}} seconds' },
  'access.codeSendLimit': { kind: 'tooManyRequests', zh: '验证码发送过于频繁，请在{{minutes}}分钟后再试', en: 'Too many verification codes were requested; try again in {{minutes}} minutes' },
  'access.companyAdminOnly': { kind: 'forbidden', zh: '仅企业管理员可以修改企业信息', en: 'Only the company administrator may change the company profile' },
  'access.companyFrozen': { kind: 'forbidden', zh: '企业账号已被冻结，请联系平台管理员', en: 'This company account is frozen, contact the platform administrator' },
  'access.companyPending': { kind: 'forbidden', zh: '企业注册申请正在审核中，审核通过后即可登录', en: 'Your company registration is awaiting approval; you can sign in once it is approved' },
  'access.inviteInvalid': { kind: 'notFound', zh: '邀请码无效', en: 'Invalid invite code' },
  'access.lockedOut': { kind: 'tooManyRequests', zh: '登录失败次数过多，已暂时锁定，请在{{minutes}}分钟后再试', en: 'Too many failed sign-ins; signing in is locked for now, try again in {{minutes}} minutes' },
  'access.notMember': { kind: 'forbidden', zh: '您不属于该企业', en: 'You do not belong to this company' },
  'access.refreshExpired': { kind: 'unauthorized', zh: '登录已过期，请重新登录', en: 'Your sign-in has expired, please sign in again' },
  'access.refreshInvalid': { kind: 'unauthorized', zh: '登录凭证无效，请重新登录', en: 'Your sign-in is no longer valid, please sign in again' },
  'access.refreshReused': { kind: 'unauthorized', zh: '登录凭证被重复使用，为安全起见该登录已失效，请重新登录', en: 'Your sign-in credential was used twice, so that sign-in was ended for safety; please sign in again' },
  'access.resetLinkExpired': { kind: 'validation', zh: '链接已过期，请重新发送', en: 'Link expired, please resend' },
  'access.resetLinkInvalid': { kind: 'validation', zh: '链接无效或已被使用，请重新发送', en: 'The link is invalid or was already used, please resend' },
  'access.signupNotPending': { kind: 'conflict', zh: '该注册申请已处理', en: 'This application was already processed' },
  'access.signupRejected': { kind: 'forbidden', zh: '注册申请未通过审核：{{reason}}', en: 'The registration was not approved: {{reason}}' },
});
