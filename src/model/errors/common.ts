import { defineErrors } from './define';

/** The errors of common (fed into the common catalogue part; see ./index). */
export const commonErrors = defineErrors({
  'err.badPaging': { kind: 'badRequest', zh: '无效的分页参数：{{name}} 须为 1 到 {{max}} 之间的整数', en: 'Invalid paging parameter: {{name}} must be a whole number from 1 to {{max}}' },
  'err.badRequest': { kind: 'badRequest', zh: '请求格式有误', en: 'Malformed request' },
  'err.duplicateNumber': { kind: 'duplicateNumber', zh: '单号已存在，无法创建', en: 'Order number already exists, cannot create' },
  'err.duplicateRecord': { kind: 'duplicate', zh: '记录已存在，不能重复创建', en: 'The record already exists and cannot be created twice' },
  'err.inApproval': { kind: 'approval', zh: '单据审批流程不允许此操作', en: 'The approval flow of the document does not allow this' },
  'err.inUse': { kind: 'inUse', zh: '记录已被其他数据使用，不能删除或修改', en: 'The record is used by other data and cannot be removed or changed' },
  'err.precheckFailed': { kind: 'precheck', zh: '前置条件未满足，请先完成前置步骤', en: 'A pre-check failed: complete the earlier step first' },
  'err.stateConflict': { kind: 'conflict', zh: '单据当前状态不允许此操作', en: 'The document\'s current state does not allow this' },
  'err.forbidden': { kind: 'forbidden', zh: '没有权限执行该操作', en: 'You do not have permission for this action' },
  'err.headersTooLarge': { kind: 'headersTooLarge', zh: '请求地址或请求头过大', en: 'The request address or headers are too large' },
  'err.internal': { kind: 'internal', zh: '服务器错误', en: 'Server error' },
  'err.notFound': { kind: 'notFound', zh: '记录不存在', en: 'Record not found' },
  'err.nulCharacter': { kind: 'badRequest', zh: '提交的内容含有不允许的控制字符（NUL）', en: 'The request contains a character that is not allowed (NUL)' },
  'err.payloadTooLarge': { kind: 'payloadTooLarge', zh: '提交的数据过大', en: 'The submitted data is too large' },
  'err.requestTimeout': { kind: 'requestTimeout', zh: '请求超时', en: 'The request timed out' },
  'err.serviceUnavailable': { kind: 'serviceUnavailable', zh: '该服务正在维护中，请稍后再试', en: 'This service is under maintenance, please try again later' },
  'err.staleVersion': { kind: 'staleVersion', zh: '该单据已被他人操作，请刷新后重试', en: 'This document was already operated by someone else, refresh and retry' },
  'err.tooDeep': { kind: 'badRequest', zh: '提交的数据嵌套层级过深（最多 {{max}} 层）', en: 'The submitted data is nested too deeply (at most {{max}} levels)' },
  'err.tooManyRequests': { kind: 'tooManyRequests', zh: '请求过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  'err.unauthorized': { kind: 'unauthorized', zh: '登录已失效，请重新登录', en: 'Your session has ended, please sign in again' },
  'err.unsupportedMediaType': { kind: 'unsupportedMediaType', zh: '不支持的内容类型', en: 'Unsupported content type' },
  'err.uriTooLong': { kind: 'uriTooLong', zh: '请求地址过长', en: 'The request address is too long' },
  'err.validation': { kind: 'validation', zh: '请更正不符合要求的字段', en: 'Please correct the fields that do not meet requirements' },
  'msg.pageNotExist': { kind: 'notFound', zh: '页面不存在', en: 'Page does not exist' },
});
