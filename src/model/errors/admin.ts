import { defineErrors } from './define';

/** The errors of admin (fed into the admin catalogue part; see ./index). */
export const adminErrors = defineErrors({
  'admin.cannotFreezeSelf': { kind: 'badRequest', zh: '不能冻结自己的账号', en: 'You cannot freeze your own account' },
  'admin.clientNotFound': { kind: 'notFound', zh: '客户不存在', en: 'The client does not exist' },
  'admin.clientStatusConflict': { kind: 'conflict', zh: '客户当前状态不允许此操作', en: 'The client\'s current status does not allow this' },
  'admin.menuHasChildren': { kind: 'inUse', zh: '该菜单组下还有菜单，请先移走', en: 'The group still holds menus; move them first' },
  'admin.roleInUse': { kind: 'inUse', zh: '该角色已分配给用户，请先取消分配', en: 'The role is assigned to users; unassign it first' },
  'admin.systemRoleReadonly': { kind: 'forbidden', zh: '系统角色不可修改', en: 'System roles cannot be changed' },
  'admin.unknownUser': { kind: 'notFound', zh: '用户不存在', en: 'The user does not exist' },
  'thirdparty.alreadyBound': { kind: 'duplicate', zh: '该第三方账号已绑定其他用户', en: 'This workplace-chat account is already bound to another user' },
  'thirdparty.appMissing': { kind: 'notFound', zh: '该企业未配置此第三方登录', en: 'This company has not set up this workplace-chat sign-in' },
  'thirdparty.exchangeFailed': { kind: 'badRequest', zh: '第三方平台登录校验失败，请重试', en: 'The workplace-chat sign-in could not be verified; please try again' },
  'thirdparty.notMember': { kind: 'badRequest', zh: '该账号不是企业成员，无法登录', en: 'This account is not a member of the company and cannot sign in' },
  'thirdparty.otherCompany': { kind: 'forbidden', zh: '该账号不属于此企业，无法绑定', en: 'This account does not belong to the company and cannot be bound' },
  'thirdparty.stateInvalid': { kind: 'badRequest', zh: '登录请求已失效，请重新发起', en: 'The sign-in request has expired; please start again' },
  'thirdparty.ticketInvalid': { kind: 'badRequest', zh: '绑定请求已失效，请重新扫码登录', en: 'The binding request has expired; please sign in with the workplace chat again' },
});
