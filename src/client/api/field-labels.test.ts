import { describe, expect, it } from 'vitest';
import '../../../grids';
import { labellerForPath } from './field-labels';
import { reactionTo } from './reactions';

describe('field errors named by their fields (issue 21: no toast lists bare messages)', () => {
  it('names header fields, action parameters and child rows of the entity a path writes', () => {
    const vendor = labellerForPath('/mdapi/vendor/save', 'zh-CN');
    expect(vendor('name')).toBe('供应商名称');
    expect(vendor('nope')).toBeNull();
    expect(labellerForPath('/api/mdapi/vendor/action/link', 'en')('platform_client_code')).toBe('Platform company code');
    const order = labellerForPath('/scmapi/prorder/save', 'zh-CN');
    expect(order('entries[2].qty')).toMatch(/第3行/);
    expect(labellerForPath('/utilsapi/outbox', 'zh-CN')('name')).toBeNull();
  });

  it('a refused save toasts each message after its field, and still maps every error onto its field', () => {
    const r = reactionTo({ status: 400, code: 11000, message: '请更正不符合要求的字段', errors: { name: '必填项', vendor_type: '必填项', zz: '必填项' }, network: false }, labellerForPath('/mdapi/vendor/save', 'zh-CN'));
    expect(r).toMatchObject({ kind: 'toast', text: { key: 'form.saveFailed', suffix: '供应商名称：必填项；供应商类型：必填项；必填项' }, fieldErrors: { name: '必填项', vendor_type: '必填项', zz: '必填项' } });
  });
});
