import { describe, expect, it } from 'vitest';
import { catalog } from '../../model/i18n';
import { errorsText, FAILURE_KEYS, fieldErrorsOf, reactionTo, TOAST_MS, type FailedCall } from './reactions';

const base: FailedCall = { status: 400, code: 400, message: '', errors: null, network: false };

describe('reactionTo (spec 8 reactions to server replies)', () => {
  it('signs out silently on HTTP 401, whatever the body says', () => {
    expect(reactionTo({ ...base, status: 401, code: 401, message: '登录已失效' })).toEqual({ kind: 'signOut' });
  });

  it('only logs a network error', () => {
    expect(reactionTo({ ...base, status: 0, code: null, network: true })).toEqual({ kind: 'log' });
  });

  it('shows "服务器错误" with contact-administrator when no response came and it is not a network error', () => {
    const r = reactionTo({ ...base, status: 0, code: null, message: 'timeout' });
    expect(r).toMatchObject({ kind: 'toast', text: { key: 'form.serverError' }, contactAdmin: true, timeoutMs: 3000 });
  });

  it('maps 11000 errors onto fields, lists joined by comma, and toasts "保存失败！" plus the text', () => {
    const r = reactionTo({ ...base, code: 11000, message: '请更正不符合要求的字段', errors: { code: '必填项', qty: ['必须大于0', '最多四位小数'] } });
    expect(r).toEqual({
      kind: 'toast',
      text: { key: 'form.saveFailed', suffix: '必填项,必须大于0,最多四位小数' },
      timeoutMs: TOAST_MS.error,
      closable: true,
      contactAdmin: false,
      fieldErrors: { code: '必填项', qty: '必须大于0,最多四位小数' },
    });
  });

  it('keeps per-row keys of a rules table as they come', () => {
    expect(fieldErrorsOf({ 'rows[2].qty': '必填项', empty: [] })).toEqual({ 'rows[2].qty': '必填项' });
  });

  it('falls back to the message when an 11000 reply lists no field', () => {
    const r = reactionTo({ ...base, code: 11000, message: '请更正不符合要求的字段', errors: null });
    expect(r).toMatchObject({ text: { key: 'form.saveFailed', suffix: '请更正不符合要求的字段' }, fieldErrors: {} });
  });

  it('toasts "保存失败！" plus the errors text for another code in an HTTP-ok reply', () => {
    const r = reactionTo({ ...base, status: 200, code: 12001, message: '', errors: { a: 'x' } });
    expect(r).toMatchObject({ kind: 'toast', text: { key: 'form.saveFailed', suffix: 'x' }, fieldErrors: {} });
  });

  it('toasts "提交信息有误: {message}" for 3 s with close on an HTTP error with a message', () => {
    const r = reactionTo({ ...base, status: 409, code: 11409, message: '该单据已被他人操作，请刷新后重试' });
    expect(r).toEqual({
      kind: 'toast',
      text: { key: 'form.submitInvalid', params: { message: '该单据已被他人操作，请刷新后重试' } },
      timeoutMs: 3000,
      closable: true,
      contactAdmin: false,
      fieldErrors: {},
    });
  });

  it('adds contact-administrator when the code is 500', () => {
    expect(reactionTo({ ...base, status: 500, code: 500, message: '服务器错误' })).toMatchObject({ text: { key: 'form.submitInvalid' }, contactAdmin: true });
    expect(reactionTo({ ...base, status: 403, code: 403, message: '没有权限' })).toMatchObject({ contactAdmin: false });
  });

  it('shows "{status} 找不到服务" for an HTTP error without a message', () => {
    expect(reactionTo({ ...base, status: 404, code: null, message: '' })).toMatchObject({ text: { key: 'form.notFoundService', params: { status: 404 } }, contactAdmin: false });
    expect(reactionTo({ ...base, status: 502, code: null, message: '' })).toMatchObject({ text: { key: 'form.notFoundService', params: { status: 502 } } });
  });

  it('joins errors text in field order', () => {
    expect(errorsText({ a: '1', b: ['2', '3'] })).toBe('1,2,3');
    expect(errorsText(null)).toBe('');
  });
});

describe('a failed call that was not a save names its own failure (spec 8 "General" messages)', () => {
  it('opens a refused removal with "删除失败：" and the server\'s message instead of "提交信息有误:"', () => {
    const r = reactionTo({ ...base, status: 409, code: 11409, message: '记录已被其他数据使用，不能删除或修改', failure: 'delete' });
    expect(r).toMatchObject({ kind: 'toast', text: { key: 'fail.delete', params: { message: '记录已被其他数据使用，不能删除或修改' } }, timeoutMs: 3000, closable: true, contactAdmin: false });
  });

  it('keeps the fields of an 11000 refusal and says which action failed instead of "保存失败！"', () => {
    const r = reactionTo({ ...base, code: 11000, message: 'x', errors: { file: '文件类型不允许' }, failure: 'upload' });
    expect(r).toMatchObject({ text: { key: 'fail.upload', params: { message: '文件类型不允许' } }, fieldErrors: { file: '文件类型不允许' } });
  });

  it('still offers contact-administrator on a 500, and leaves 401, network, no reply and no message as they are', () => {
    expect(reactionTo({ ...base, status: 500, code: 500, message: '服务器错误', failure: 'publish' })).toMatchObject({ text: { key: 'fail.publish' }, contactAdmin: true });
    expect(reactionTo({ ...base, status: 401, failure: 'markRead' })).toEqual({ kind: 'signOut' });
    expect(reactionTo({ ...base, status: 0, code: null, network: true, failure: 'markRead' })).toEqual({ kind: 'log' });
    expect(reactionTo({ ...base, status: 0, code: null, message: 'timeout', failure: 'delete' })).toMatchObject({ text: { key: 'form.serverError' } });
    expect(reactionTo({ ...base, status: 404, code: null, message: '', failure: 'download' })).toMatchObject({ text: { key: 'form.notFoundService' } });
  });

  it('has each failure text in both languages, opening with the spec\'s words and carrying the message', () => {
    const zh = catalog('zh-CN');
    const en = catalog('en');
    const spec = { delete: ['删除失败', 'Delete failed'], upload: ['上传失败', 'Upload failed'], submit: ['提交失败', 'Submit failed'], publish: ['发布失败', 'Publish failed'], markRead: ['标记已读失败', 'Mark as read failed'], sync: ['同步失败', 'Sync failed'], download: ['下载失败', 'Download Failed'], action: ['操作失败', 'Operated Failed'] } as const;
    for (const [kind, key] of Object.entries(FAILURE_KEYS)) {
      const [zhHead, enHead] = spec[kind as keyof typeof spec];
      expect(zh[key]).toBe(`${zhHead}：{{message}}`);
      expect(en[key]).toBe(`${enHead}: {{message}}`);
    }
  });
});
