import { describe, expect, it } from 'vitest';
import { defineEntity, type EntityDef, type FieldDef } from './entity';
import { requireEntity } from './entity';
import { validateField, validateRecord } from './validate';
import './entities';

const field = (f: Partial<FieldDef> & Pick<FieldDef, 'type'>): FieldDef => ({ key: 'f', label: { zh: '字段', en: 'Field' }, ...f });

describe('validateField', () => {
  it.each([
    { name: 'required empty', f: field({ type: 'text', required: true }), raw: '  ', key: 'rule.required' },
    { name: 'the LAST failing rule wins', f: field({ type: 'text', rules: ['english', 'capitalEnglish'] }), raw: 'a b', key: 'rule.capitalEnglish' },
    { name: 'required and a later pattern: a blank fails required only', f: field({ type: 'text', required: true, rules: ['english'] }), raw: '', key: 'rule.required' },
    { name: 'a mobile field implies the telephone rule (12 fails)', f: field({ type: 'mobile' }), raw: '12912345678', key: 'rule.telephone' },
    { name: 'an e-mail field implies the email rule', f: field({ type: 'email' }), raw: 'a@b', key: 'rule.email' },
    { name: 'rules read the text as typed: 5 decimals', f: field({ type: 'decimal', rules: ['maxDecimals4'] }), raw: '1.00000', key: 'rule.maxDecimals4' },
    { name: 'a word in a number field is not a number, whatever rule it also breaks', f: field({ type: 'decimal', rules: ['gt0Number', 'maxDecimals4'] }), raw: '二十', key: 'rule.number' },
    { name: 'a number that breaks a rule keeps the rule', f: field({ type: 'decimal', rules: ['gt0Number', 'maxDecimals4'] }), raw: '-1.234567', key: 'rule.maxDecimals4' },
    { name: 'leading zero fails interger', f: field({ type: 'integer', rules: ['interger'] }), raw: '012', key: 'rule.interger' },
    { name: 'the 31st of April passes the date rule but not the calendar', f: field({ type: 'date', rules: ['date'] }), raw: '2026-04-31', key: 'rule.date' },
    { name: 'max length counts Chinese characters as one', f: field({ type: 'text', maxLength: 3 }), raw: '供应商A', key: 'rule.maxLength' },
    { name: 'a closed dictionary refuses other values', f: field({ type: 'dict', dict: 'currency' }), raw: 'EUR', key: 'rule.notInDictionary' },
    { name: 'an empty required field says its own message when it declares one', f: field({ type: 'textarea', required: true, requiredMessage: 'wf.commentRequired' }), raw: ' ', key: 'wf.commentRequired' },
    { name: 'its own required message is only for an empty value', f: field({ type: 'text', required: true, requiredMessage: 'wf.commentRequired', maxLength: 2 }), raw: 'abc', key: 'rule.maxLength' },
    { name: 'a multi-choice refuses one unknown option', f: field({ type: 'multidict', dict: 'currency' }), raw: 'CNY,EUR', key: 'rule.notInDictionary' },
  ])('$name', ({ f, raw, key }) => {
    expect(validateField(f, raw).error?.key).toBe(key);
  });

  it.each([
    { name: 'trims text before rules', f: field({ type: 'code', rules: ['english'] }), raw: '  V001  ', value: 'V001' },
    { name: 'upper-cases before the capital rule (spec 5: flags before submit)', f: field({ type: 'code', rules: ['capitalEnglish'], upperCase: true }), raw: 'v-001', value: 'V-001' },
    { name: 'lower-cases', f: field({ type: 'email', lowerCase: true }), raw: 'Li.Na@Example.COM', value: 'li.na@example.com' },
    { name: 'keeps spaces when trim is off', f: field({ type: 'text', trim: false }), raw: ' a ', value: ' a ' },
    { name: 'numbers typed with spaces are trimmed before their rules', f: field({ type: 'decimal', rules: ['maxDecimals4', 'positiveNumber'] }), raw: ' 12.5 ', value: 12.5 },
    { name: 'leading zeros in a decimal are fine', f: field({ type: 'decimal', rules: ['maxDecimals4'] }), raw: '007.25', value: 7.25 },
    { name: 'exactly four decimals pass', f: field({ type: 'money', rules: ['maxDecimals4'] }), raw: '1.2345', value: 1.2345 },
    { name: 'the 31st of a 31-day month', f: field({ type: 'date', rules: ['date'] }), raw: '2026-12-31', value: '2026-12-31' },
    { name: 'an empty optional value is null', f: field({ type: 'integer', rules: ['interger'] }), raw: '', value: null },
    { name: 'a Chinese name passes a plain text field', f: field({ type: 'text', required: true }), raw: '绍兴锦绣面料', value: '绍兴锦绣面料' },
  ])('$name', ({ f, raw, value }) => {
    expect(validateField(f, raw)).toEqual({ value, error: null });
  });
});

describe('validateRecord', () => {
  const vendor = requireEntity('vendor');
  const material = requireEntity('material');

  it('collects one error per field and coerces the rest', () => {
    const r = validateRecord(vendor, { name: '', vendor_type: 'fabric', contact_mobile: '13912345678', valid_from: '2026-01-05' });
    expect(Object.keys(r.errors)).toEqual(['name']);
    expect(r.errors.name.key).toBe('rule.required');
  });

  it('partial validates only the fields given (an update of a few fields)', () => {
    const r = validateRecord(vendor, { grade: 'B' }, { partial: true });
    expect(r.errors).toEqual({});
    expect(r.values).toEqual({ grade: 'B' });
  });

  it('skipRequired lets the server fill a numbered field', () => {
    const withCode = { ...vendor, fields: vendor.fields.map((f) => (f.key === 'code' ? { ...f, required: true } : f)) } as EntityDef;
    expect(validateRecord(withCode, { name: 'x', vendor_type: 'fabric' }).errors.code?.key).toBe('rule.required');
    expect(validateRecord(withCode, { name: 'x', vendor_type: 'fabric' }, { skipRequired: ['code'] }).errors.code).toBeUndefined();
  });

  it('never takes a readonly field (state) from the input', () => {
    const r = validateRecord(vendor, { name: 'x', vendor_type: 'fabric', status: 'frozen' });
    expect(r.values.status).toBeUndefined();
  });

  it.each([
    { name: 'spec 5: neither vendor nor customer', doc: {}, errors: { vendor_id: 'md.material.vendorOrCustomer', customer_id: 'md.material.vendorOrCustomer' } },
    { name: 'spec 5: both vendor and customer', doc: { vendor_id: 1, customer_id: '2' }, errors: { vendor_id: 'md.material.notBoth', customer_id: 'md.material.notBoth' } },
    { name: 'vendor only', doc: { vendor_id: 1 }, errors: {} },
    { name: 'customer only, as form text', doc: { customer_id: '2' }, errors: {} },
    { name: 'DOS min above max', doc: { vendor_id: 1, min_dos: 10, max_dos: 5 }, errors: { max_dos: 'md.material.maxBelowMin' } },
    { name: 'DOS target below min', doc: { vendor_id: 1, min_dos: '5', target_dos: '4.9999', max_dos: '9' }, errors: { target_dos: 'md.material.targetOutOfRange' } },
    { name: 'DOS target above max', doc: { vendor_id: 1, target_dos: 10, max_dos: 9 }, errors: { target_dos: 'md.material.targetOutOfRange' } },
    { name: 'DOS min = target = max', doc: { vendor_id: 1, min_dos: 7, target_dos: 7, max_dos: 7 }, errors: {} },
  ])('material document check: $name', ({ doc, errors }) => {
    const r = validateRecord(material, { name: '汗布', material_group: 'fabric', unit: 'M', validity: '10', ...doc });
    expect(Object.fromEntries(Object.entries(r.errors).map(([k, m]) => [k, m.key]))).toEqual(errors);
  });

  it.each([
    ['012345678901', null],
    ['1234-5678', 'md.vendor.branchCodeNumeric'],
    ['１２３', 'md.vendor.branchCodeNumeric'],
    ['', null],
  ])('spec 5: bank branch code %j', (code, key) => {
    const r = validateRecord(vendor, { name: 'x', vendor_type: 'fabric', bank_branch_code: code });
    expect(r.errors.bank_branch_code?.key ?? null).toBe(key);
  });

  it('document checks run only once the fields are valid, and field errors are not overwritten', () => {
    const r = validateRecord(material, { name: '', material_group: 'fabric', unit: 'M', validity: '10' });
    expect(Object.keys(r.errors)).toEqual(['name']);
    const check = defineEntity({
      name: 'validate_test_doc', table: 'validate_test_doc', prefix: 'test', menuCode: 'test', label: { zh: '测', en: 'T' }, titleField: 'a',
      fields: [{ key: 'a', label: { zh: 'a', en: 'a' }, type: 'text' }],
      checks: [() => ({ a: 'first' }), () => ({ a: 'second' })],
    });
    expect(validateRecord(check, { a: 'x' }).errors.a.key).toBe('first');
  });
});
